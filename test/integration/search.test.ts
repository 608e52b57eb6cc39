import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer, type RunningServer } from '../support/server.ts'
import { MUST_MATCH, MUST_NOT_MATCH } from '../support/search-table.ts'

let server: RunningServer
beforeAll(async () => {
	server = await startServer()
})
afterAll(async () => {
	await server?.stop()
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

test('text naming no city goes to the partner’s Arizona page, never to a city page', async () => {
	const arizona = (await searchFor('')).location
	expect(arizona).toMatch(/^https?:\/\/[^/]+\/index\.cfm\?/)
	for (const text of MUST_NOT_MATCH) expect(await searchFor(text), text).toEqual({ status: 303, location: arizona })
})

test('a ZIP inside the text of a place we do not list opens the nearest listed city, saying which ZIP', async () => {
	const { status, location } = await searchFor('Tombstone, AZ 85638')
	expect(status).toBe(303)
	expect(location).toMatch(/^\/cities\/[a-z-]+\/\?zip=85638$/)
})
