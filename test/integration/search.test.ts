import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer, type RunningServer } from '#test/support/server.ts'
import { MUST_MATCH, MUST_NOT_MATCH } from '#test/support/search-table.ts'

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
