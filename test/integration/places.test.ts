import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Reach } from '#app/domain/reach.ts'
import { listedCities } from '#scripts/operations/content-audit.ts'
import { pageProblems, promiseProblems, textPromiseProblems } from '#scripts/ci/content-rules.ts'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

/**
 * Places without a page, as a visitor and an agent meet them: a search opens an Arizona page that
 * speaks for the place (its reach, its distance, its clock), never the partner's home page; and no
 * page or agent answer promises same-day delivery where the rule of reach does not allow it.
 */
const site = useSite({
	partner: true,
	settings: (partner) => ({
		...standInSettings(partner, { rest: true }),
		API_RATE_LIMIT_PER_MINUTE: '100000',
		MCP_CALLS_PER_MINUTE: '100000',
		MCP_CALLS_PER_MINUTE_TOTAL: '100000',
	}),
	browser: false,
})
const cities = listedCities()
const reachOfTown = new Map(cities.map((city) => [city.slug, city.reach]))
let client: Client

beforeAll(async () => {
	client = new Client({ name: 'places-test', version: '1.0.0' })
	await client.connect(new StreamableHTTPClientTransport(new URL(`${site.server.url}/mcp`)))
})
afterAll(async () => {
	await client?.close()
})

type PlaceAnswer = { place: string; slug: string; miles: number; city: { slug: string; name: string } }

async function placeOf(name: string): Promise<PlaceAnswer> {
	const response = await fetch(`${site.server.url}/api/places?q=${encodeURIComponent(name)}`)
	expect(response.status, name).toBe(200)
	const { place } = (await response.json()) as { place: PlaceAnswer | null }
	if (!place) throw new Error(`${name}: not a known place`)
	return place
}

/** The places each town's page says its florist reaches only with a day's notice (`facts.dayAheadPlaces`). */
function dayAheadPlacesOf(slug: string): string[] {
	const content = JSON.parse(readFileSync(`data/cities/${slug}.json`, 'utf8')) as { facts?: { dayAheadPlaces?: string[] } }
	return (content.facts?.dayAheadPlaces ?? []).map((name) => name.toLowerCase())
}

/**
 * The reach a place must get: its nearest town's, and a day's notice beyond 20 miles or where the
 * town's own page says its florist needs one for the place.
 */
function placeReach(place: PlaceAnswer): Reach {
	if (place.miles > 20 || dayAheadPlacesOf(place.city.slug).includes(place.place.toLowerCase())) return 'remote'
	return reachOfTown.get(place.city.slug) ?? 'metro'
}

async function searchPage(text: string): Promise<{ location: string; html: string }> {
	const search = await fetch(`${site.server.url}/search/?q=${encodeURIComponent(text)}`, { redirect: 'manual' })
	expect(search.status, text).toBe(303)
	const location = search.headers.get('location') ?? ''
	const page = await fetch(new URL(location, site.server.url))
	expect(page.status, location).toBe(200)
	return { location, html: await page.text() }
}

const ISSUE_PLACES = ['Quartzsite', 'Sells', 'Why', 'LeChee', 'Moenkopi', 'Window Rock', 'Second Mesa']

test('each place a visitor asks about opens an Arizona page that speaks for it: its reach, its distance and its clock', async () => {
	for (const name of ISSUE_PLACES) {
		const { location, html } = await searchPage(name)
		expect(location, name).toMatch(new RegExp(`^/cities/[a-z-]+/\\?near=${name.toLowerCase().replace(/[^a-z]+/g, '-')}$`))
		const root = parse(html)
		const place = await placeOf(name)
		const reach = placeReach(place)
		expect(root.querySelector('h1')?.text, name).toBe(`Flower Delivery to ${name}, AZ`)
		expect(root.querySelector('title')?.text, name).toContain(name)
		expect(root.querySelector('[role="status"]')?.text, name).toContain(`about ${place.miles} miles away`)
		// Every one of them is a day's notice: far from its town, or near a town that needs one.
		expect(reach, name).toBe('remote')
		expect(root.querySelector('header')?.text, name).toContain('Delivery with a Day’s Notice')
		expect(root.querySelector('title')?.text, name).toContain('Order a Day Ahead')
		expect(root.querySelector('meta[name="robots"]')?.getAttribute('content'), name).toBe('noindex, follow')
		// The town's county is not the place's (Second Mesa lies in Navajo County, Tuba City in Coconino): none is named.
		expect(root.querySelector('main')?.text, name).not.toMatch(/County, Arizona/)
		expect(promiseProblems(html, { slug: name, name, reach }), name).toEqual([])
		// Beyond 20 miles the distance is said plainly in the rule.
		if (place.miles > 20) expect(root.querySelector('#delivery-checker')?.text, name).toContain(`${name} lies about ${place.miles} miles`)
	}
	const windowRock = parse((await searchPage('Window Rock')).html).querySelector('#delivery-checker')?.text ?? ''
	expect(windowRock).toContain('Window Rock keeps daylight saving time, as the Navajo Nation does')
	for (const name of ['Second Mesa', 'Moenkopi']) {
		const checker = parse((await searchPage(name)).html).querySelector('#delivery-checker')?.text ?? ''
		expect(checker, name).toContain(`${name} keeps Arizona time all year`)
		expect(checker, name).not.toContain('3:00 PM in')
	}
})

test('every place the pages name and every Arizona ZIP place opens a page that keeps the page rules and promises same-day only where the rule allows', async () => {
	const require = createRequire(import.meta.url)
	const { codes } = require('zipcodes') as { codes: Record<string, { city: string; state: string }> }
	const named = (JSON.parse(readFileSync('data/places.json', 'utf8')) as { places: { name: string }[] }).places.map((place) => place.name)
	const townNames = new Set(cities.map((city) => city.name.toLowerCase()))
	const zipPlaces = Object.values(codes)
		.filter((code) => code.state === 'AZ' && !townNames.has(code.city.toLowerCase()))
		.map((code) => code.city)
	const names = [...new Set([...named, ...zipPlaces])]
	expect(names.length).toBeGreaterThan(200)
	const problems: string[] = []
	let far = 0
	for (const name of names) {
		const place = await placeOf(name)
		const reach = placeReach(place)
		if (place.miles > 20) far += 1
		const response = await fetch(`${site.server.url}/cities/${place.city.slug}/?near=${place.slug}`, {
			headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
		})
		expect(response.status, name).toBe(200)
		const html = await response.text()
		problems.push(...pageProblems(html, { slug: `${place.city.slug}?near=${place.slug}`, name: place.place, reach }))
		// The title, header and structured data follow the place's reach.
		const title = parse(html).querySelector('title')?.text ?? ''
		if (reach === 'remote') expect(title, name).toMatch(/Order a Day Ahead|^Flowers to /)
	}
	expect(far).toBeGreaterThan(50)
	expect(problems).toEqual([])
}, 300_000)

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> }

test('the agents’ answers for every town and named place promise same-day only where the rule allows', async () => {
	const named = (JSON.parse(readFileSync('data/places.json', 'utf8')) as { places: { name: string }[] }).places.map((place) => place.name)
	const subjects: { name: string; reach: Reach }[] = [
		...cities.map((city) => ({ name: city.name, reach: city.reach })),
		...(await Promise.all([...new Set([...named, ...ISSUE_PLACES])].map(async (name) => ({ name, reach: placeReach(await placeOf(name)) })))),
	]
	const problems: string[] = []
	for (const { name, reach } of subjects) {
		for (const [tool, args] of [
			['delivery_dates', { place: name }],
			['town_notes', { place: name }],
			['find_arrangements', { place: name, occasion: 'birthday-flowers', limit: 2 }],
		] as const) {
			const result = (await client.callTool({ name: tool, arguments: args })) as ToolResult
			expect(result.isError, `${tool} ${name}: ${result.content[0]?.text}`).toBeFalsy()
			const text = result.content.map((part) => part.text ?? '').join('\n')
			if (reach === 'remote') problems.push(...textPromiseProblems(text, `${tool} ${name}`))
			const structured = result.structuredContent as { reach?: string; sameDayPossibleNow?: boolean }
			expect(structured.reach, `${tool} ${name}`).toBe(reach)
			if (reach === 'remote' && tool === 'delivery_dates') expect(structured.sameDayPossibleNow, name).toBe(false)
		}
	}
	expect(subjects.length).toBeGreaterThan(75)
	expect(problems).toEqual([])
}, 300_000)

test('every Arizona ZIP a town does not list opens a page that speaks for its place: a day’s notice beyond 20 miles of the town, never a town named as a place of its own', async () => {
	const require = createRequire(import.meta.url)
	const { codes } = require('zipcodes') as { codes: Record<string, { zip: string; city: string; state: string; latitude: number; longitude: number }> }
	const towns = (
		JSON.parse(readFileSync('data/cities.json', 'utf8')) as { cities: { slug: string; name: string; lat: number; lng: number; zipCodes: string[] }[] }
	).cities
	const listed = new Set(
		towns.flatMap((town) => [
			...town.zipCodes,
			...((JSON.parse(readFileSync(`data/cities/${town.slug}.json`, 'utf8')) as { zipCodes?: string[] }).zipCodes ?? []),
		]),
	)
	const townNames = new Set(towns.map((town) => town.name.toLowerCase()))
	const miles = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
		const rad = (deg: number) => (deg * Math.PI) / 180
		const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2
		return (2 * 6371 * Math.asin(Math.sqrt(h))) / 1.609344
	}
	// A ZIP whose place data/places.json positions is measured from the place, not the ZIP's centre.
	const positions = new Map(
		(JSON.parse(readFileSync('data/places.json', 'utf8')) as { places: { zip?: string; lat: number; lng: number }[] }).places.flatMap((place) =>
			place.zip ? [[place.zip, place] as const] : [],
		),
	)
	const zips = Object.values(codes)
		.filter((code) => code.state === 'AZ' && /^\d{5}$/.test(code.zip) && !listed.has(code.zip))
		.map((code) => ({ ...code, latitude: positions.get(code.zip)?.lat ?? code.latitude, longitude: positions.get(code.zip)?.lng ?? code.longitude }))
	expect(zips.length).toBeGreaterThan(300)
	for (const code of zips) {
		const { location, html } = await searchPage(code.zip)
		const slug = /^\/cities\/([a-z-]+)\//.exec(location)?.[1] ?? ''
		const town = towns.find((candidate) => candidate.slug === slug)
		if (!town) throw new Error(`${code.zip}: opened ${location}`)
		const root = parse(html)
		const heading = root.querySelector('h1')?.text ?? ''
		const header = root.querySelector('header')?.text ?? ''
		if (townNames.has(code.city.toLowerCase())) {
			// Another ZIP of a listed town: the town's page as it is.
			expect(heading.startsWith('Flower Delivery to '), `${code.zip} ${code.city}: ${heading}`).toBe(false)
			continue
		}
		expect(heading, code.zip).toBe(`Flower Delivery to ${code.city}, AZ`)
		const distance = miles({ lat: code.latitude, lng: code.longitude }, town)
		const dayAhead = reachOfTown.get(town.slug) === 'remote' || Math.round(distance) > 20 || dayAheadPlacesOf(town.slug).includes(code.city.toLowerCase())
		expect(header.includes('Delivery with a Day’s Notice'), `${code.zip} ${code.city}, ${Math.round(distance)} mi from ${town.name}`).toBe(dayAhead)
		if (dayAhead) expect(promiseProblems(html, { slug: code.zip, name: code.city, reach: 'remote' })).toEqual([])
	}
}, 300_000)

test('a ZIP place its town’s page says needs a day’s notice gets one, and distances are measured from the place itself, not its ZIP’s centre', async () => {
	for (const [zip, place, town] of [
		['85542', 'Peridot', 'Globe'],
		['85550', 'San Carlos', 'Globe'],
		['86431', 'Chloride', 'Kingman'],
		['85544', 'Pine', 'Payson'],
		['85322', 'Arlington', 'Buckeye'],
	] as const) {
		const { html } = await searchPage(zip)
		const root = parse(html)
		expect(root.querySelector('h1')?.text, zip).toBe(`Flower Delivery to ${place}, AZ`)
		expect(root.querySelector('[role="status"]')?.text, zip).toContain(town)
		expect(root.querySelector('header')?.text, zip).toContain('Delivery with a Day’s Notice')
		expect(root.querySelector('title')?.text, zip).toContain('Order a Day Ahead')
		expect(promiseProblems(html, { slug: zip, name: place, reach: 'remote' }), zip).toEqual([])
	}
	// Mc Neal's ZIP centre lies 7 miles from Bisbee; the place itself, on US 191, about 18.
	for (const [name, town, least, most] of [
		['Mc Neal', 'bisbee', 17, 19],
		['Marble Canyon', 'page', 11, 13],
		['Tonalea', 'tuba-city', 19, 22],
	] as const) {
		const place = await placeOf(name)
		expect(place.city.slug, name).toBe(town)
		expect(place.miles, name).toBeGreaterThanOrEqual(least)
		expect(place.miles, name).toBeLessThanOrEqual(most)
	}
	const mcNeal = parse((await searchPage('85617')).html)
	expect(mcNeal.querySelector('main')?.text).toMatch(/Mc Neal lies about 1[789] miles/)
})

test('/api/places answers a known place, 404 for text that names none, and 400 JSON naming a bad parameter', async () => {
	const known = await fetch(`${site.server.url}/api/places?q=${encodeURIComponent('st johns')}`)
	expect(known.status).toBe(200)
	expect(await known.json()).toEqual({ place: { place: 'Saint Johns', slug: 'st-johns', miles: expect.any(Number), city: { slug: 'eagar', name: 'Eagar' } } })
	const none = await fetch(`${site.server.url}/api/places?q=zzzz`)
	expect(none.status).toBe(404)
	expect(await none.json()).toMatchObject({ place: null })
	expect(none.headers.get('cache-control')).toMatch(/^private/)
	for (const bad of ['', '?q=', `?q=${'x'.repeat(61)}`, '?q=tempe&near=1']) {
		const response = await fetch(`${site.server.url}/api/places${bad}`)
		expect(response.status, bad).toBe(400)
		expect(response.headers.get('content-type'), bad).toMatch(/^application\/json/)
	}
})

test('a town is a town: ?near= naming a listed town opens its own page, and /api/places answers the town, never a place near itself', async () => {
	for (const [slug, near] of [
		['tempe', 'tempe'],
		['phoenix', 'phoenix'],
		['lake-havasu-city', 'lake-havasu-city'],
	] as const) {
		const html = await (await fetch(`${site.server.url}/cities/${slug}/?near=${near}`)).text()
		const own = await (await fetch(`${site.server.url}/cities/${slug}/`)).text()
		expect(html, near).not.toContain('no page of its own')
		expect(html, near).not.toMatch(/about 0 miles/)
		// The same page as without the parameter: its title and canonical.
		expect(/<title>[^<]*<\/title>/.exec(html)?.[0], near).toBe(/<title>[^<]*<\/title>/.exec(own)?.[0])
		expect(html).toContain(`<link rel="canonical" href="${site.server.url.replace('127.0.0.1', 'localhost')}/cities/${slug}/"/>`)
	}
	const spanish = await (await fetch(`${site.server.url}/es/ciudades/tempe/?near=tempe`)).text()
	expect(spanish).not.toContain('no tiene página propia')
	const town = await fetch(`${site.server.url}/api/places?q=Tempe`)
	expect(town.status).toBe(200)
	expect(await town.json()).toEqual({ place: null, town: { name: 'Tempe', slug: 'tempe' } })
})
