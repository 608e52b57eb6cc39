import { afterAll, beforeAll, expect, test } from 'vitest'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { parse } from 'node-html-parser'
import { startServer, type RunningServer } from '#test/support/server.ts'
import { MUST_MATCH, MUST_NOT_MATCH, NAMES_NOTHING, UNDERSTOOD } from '#test/support/search-table.ts'

let server: RunningServer
let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
	server = await startServer({ PARTNER_BASE_URL: partner.url })
})
afterAll(async () => {
	await server?.stop()
	await partner?.stop()
})

/** Where the plain form's GET /search/ sends a visitor without JavaScript. */
async function searchFor(text: string) {
	const response = await fetch(`${server.url}/search/?q=${encodeURIComponent(text)}`, { redirect: 'manual' })
	await response.arrayBuffer()
	return { status: response.status, location: response.headers.get('location') ?? '' }
}

test.each(MUST_MATCH)('/search/ for "%s" opens the page of %s', async (text, slug) => {
	expect(await searchFor(text)).toEqual({ status: 303, location: `/cities/${slug}/` })
})

test('text naming nothing the site knows goes to the partner’s Arizona page; no text names a city it does not name', async () => {
	const arizona = (await searchFor('')).location
	expect(arizona).toMatch(/^https?:\/\/[^/]+\/index\.cfm\?/)
	for (const text of NAMES_NOTHING) expect(await searchFor(text), text).toEqual({ status: 303, location: arizona })
	for (const text of MUST_NOT_MATCH) expect((await searchFor(text)).location, text).not.toMatch(/\/cities\//)
})

test.each(UNDERSTOOD)('a search for "$text" from the $lang pages stays on the site with an answer in that language', async ({ text, lang, path, heading }) => {
	const response = await fetch(`${server.url}${lang === 'es' ? '/es/buscar/' : '/search/'}?q=${encodeURIComponent(text)}`, { redirect: 'manual' })
	const body = await response.text()
	if (path) {
		expect({ status: response.status, location: response.headers.get('location') }).toEqual({ status: 303, location: path })
		return
	}
	expect(response.status).toBe(200)
	const page = parse(body)
	expect(page.querySelector('html')?.getAttribute('lang')).toBe(lang === 'es' ? 'es-US' : 'en-US')
	expect(page.querySelector('h1')?.textContent.trim()).toBe(heading)
	expect(page.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/noindex/)
	// The next step is a page of the site, in the same language.
	const next = page.querySelector('main a.btn-primary')?.getAttribute('href') ?? ''
	expect(next).toMatch(lang === 'es' ? /^\/es\// : /^\/(?!es\/)/)
	expect((await fetch(`${server.url}${next.replace(/#.*/, '')}`)).status).toBe(200)
})

test('arrangements with a flower are shown on the site, from the network’s lists, the partner’s English marked on Spanish pages', async () => {
	for (const [path, lang] of [
		['/search/?q=sunflowers', 'en'],
		['/es/buscar/?q=girasoles', 'es'],
	] as const) {
		const page = parse(await (await fetch(`${server.url}${path}`)).text())
		const names = page.querySelectorAll('main h3').map((node) => node.textContent)
		expect(names.length, path).toBeGreaterThan(0)
		expect(
			names.every((name) => /sunflower/i.test(name)),
			names.join(', '),
		).toBe(true)
		expect(page.querySelector('main p')?.textContent ?? '').toBeTruthy()
		if (lang === 'es') expect(page.querySelectorAll('main h3').every((node) => node.getAttribute('lang') === 'en')).toBe(true)
	}
})

test('a ZIP inside the text of a place we do not list opens the nearest listed city, saying which ZIP', async () => {
	const { status, location } = await searchFor('Tombstone, AZ 85638')
	expect(status).toBe(303)
	expect(location).toMatch(/^\/cities\/[a-z-]+\/\?zip=85638$/)
})

test('an Arizona place with no page of its own opens the nearest listed town, which says so', async () => {
	for (const [text, slug, place] of [
		['St. Johns', 'eagar', 'st-johns'],
		['Saint Johns, AZ', 'eagar', 'st-johns'],
		['Fort Mohave', 'bullhead-city', 'fort-mohave'],
	] as const) {
		const { status, location } = await searchFor(text)
		expect(status, text).toBe(303)
		expect(location, text).toBe(`/cities/${slug}/?near=${place}`)
	}
	const page = await (await fetch(`${server.url}/cities/eagar/?near=st-johns`)).text()
	expect(page).toMatch(/Saint Johns has no page of its own here\. Eagar, about \d+ miles away, is the nearest town we list/)
	// A place the page does not stand in for, or a made-up one, adds nothing.
	for (const near of ['fort-mohave', 'atlantis', '%3Cscript%3E'])
		expect(await (await fetch(`${server.url}/cities/eagar/?near=${near}`)).text(), near).not.toContain('has no page of its own')
})

test.each(UNDERSTOOD)('the boxes’ list suggests for "$text" ($lang) what Enter opens', async ({ text, lang, path, heading }) => {
	const response = await fetch(`${server.url}/api/search?q=${encodeURIComponent(text)}&lang=${lang}`)
	expect(response.status).toBe(200)
	const { suggestion } = (await response.json()) as { suggestion: { path: string; name: string; detail?: string } }
	if (path) expect(suggestion.path).toBe(path)
	else {
		expect(suggestion.path).toBe(`${lang === 'es' ? '/es/buscar/' : '/search/'}?q=${encodeURIComponent(text)}`)
		expect(suggestion.name).toBe(heading)
	}
})

test('the list suggests nothing where Enter goes to the partner, and refuses a bad query with a JSON 400', async () => {
	for (const text of NAMES_NOTHING.filter((name) => name.trim().length >= 2)) {
		const response = await fetch(`${server.url}/api/search?q=${encodeURIComponent(text)}`)
		expect(response.status, text).toBe(404)
		expect(await response.json()).toEqual({ suggestion: null })
	}
	for (const query of ['', '?q=a', '?q=tucson&lang=fr', '?q=tucson&other=1']) {
		const response = await fetch(`${server.url}/api/search${query}`)
		expect(response.status, query).toBe(400)
		expect(response.headers.get('content-type')).toMatch(/application\/json/)
	}
	const place = (await (await fetch(`${server.url}/api/search?q=${encodeURIComponent('St. Johns')}&lang=es`)).json()) as { suggestion: { detail: string } }
	expect(place.suggestion.detail).toMatch(/^a \d+ millas de Eagar$/)
})
