import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { distanceKm } from '#app/domain/geo.ts'
import { startServer, type RunningServer } from '#test/support/server.ts'

let server: RunningServer
beforeAll(async () => {
	server = await startServer()
})
afterAll(async () => {
	await server?.stop()
})

/** The nearest listed city to an Arizona ZIP, worked out here from the same public data. */
function nearestListedCity(zip: string): string {
	const { lookup } = createRequire(import.meta.url)('zipcodes') as { lookup: (zip: string) => { latitude: number; longitude: number } }
	const place = lookup(zip)
	const { cities } = JSON.parse(readFileSync('data/cities.json', 'utf8')) as { cities: { slug: string; lat: number; lng: number }[] }
	const from = { lat: place.latitude, lng: place.longitude }
	return [...cities].sort((a, b) => distanceKm(from, a) - distanceKm(from, b))[0]?.slug ?? ''
}

const search = (q: string) => fetch(`${server.url}/search/?q=${q}`, { redirect: 'manual' })

test('a ZIP a city lists opens that city', async () => {
	const response = await search('85251')
	expect(response.status).toBe(303)
	expect(response.headers.get('location')).toBe('/cities/scottsdale/')
})

test('another Arizona ZIP opens the nearest listed city, whose page says which ZIP it serves', async () => {
	const response = await search('85638')
	expect(response.status).toBe(303)
	const nearest = nearestListedCity('85638')
	expect(response.headers.get('location')).toBe(`/cities/${nearest}/?zip=85638`)
	const page = (await (await fetch(`${server.url}/cities/${nearest}/?zip=85638`)).text()).replaceAll('<!-- -->', '')
	expect(page).toMatch(/<p role="status"[^>]*>ZIP 85638 \(Tombstone\) is served from [^<]+, the nearest city we list\.<\/p>/)
	// The page's canonical stays the plain city page.
	expect(page).toContain(`<link rel="canonical" href="http://localhost:${server.port}/cities/${nearest}/"/>`)
	// A ZIP the city does not serve, or no ZIP, adds no note.
	for (const path of [`/cities/${nearest}/`, `/cities/${nearest}/?zip=10001`, `/cities/${nearest}/?zip=abc`]) {
		expect(await (await fetch(`${server.url}${path}`)).text()).not.toContain('the nearest city we list')
	}
})

test('a ZIP outside Arizona says so plainly, offers the partner, and is not indexed', async () => {
	const response = await search('10001')
	expect(response.status).toBe(200)
	const page = (await response.text()).replaceAll('<!-- -->', '')
	expect(page).toContain('<h1 class="mt-4 font-serif text-4xl font-semibold text-stone-900">ZIP 10001 is outside Arizona</h1>')
	expect(page).toMatch(/<meta name="robots" content="noindex/)
	expect(page).toMatch(/href="https?:\/\/[^"]+AffiliateID=\d+[^"]*"[^>]*>Order on Florist One/)
})

test('the suggestion API answers every kind, and refuses what is no ZIP', async () => {
	const listed = await (await fetch(`${server.url}/api/zip-codes?zip=85251`)).json()
	expect(listed).toEqual({ kind: 'listed', zip: '85251', city: { slug: 'scottsdale', name: 'Scottsdale' } })
	const nearest = (await (await fetch(`${server.url}/api/zip-codes?zip=85638`)).json()) as { kind: string; city: { slug: string }; note: string }
	expect(nearest.kind).toBe('nearest')
	expect(nearest.city.slug).toBe(nearestListedCity('85638'))
	expect(nearest.note).toContain('ZIP 85638 (Tombstone)')
	expect(await (await fetch(`${server.url}/api/zip-codes?zip=10001`)).json()).toEqual({ kind: 'outside', zip: '10001' })
	for (const query of ['zip=8525', 'zip=abcde', '', 'zip=85251&x=1']) {
		const response = await fetch(`${server.url}/api/zip-codes?${query}`)
		expect(response.status, query).toBe(400)
		expect(response.headers.get('content-type')).toContain('application/json')
	}
})
