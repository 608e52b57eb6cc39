import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { markupOf } from '#test/support/html.ts'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer, TEST_AFFILIATE_ID, type RunningServer } from '#test/support/server.ts'
import { categoryPagePath } from '#test/support/partner-paths.ts'

let partner: PartnerStandIn
let server: RunningServer

beforeAll(async () => {
	partner = await startPartnerStandIn()
	server = await startServer({ PARTNER_BASE_URL: partner.url })
})
afterAll(async () => {
	await server?.stop()
	await partner?.stop()
})
beforeEach(() => {
	partner.setMode('ok')
})

async function page(path: string) {
	const response = await fetch(`${server.url}${path}`)
	return { status: response.status, body: (await response.text()).replaceAll('<!-- -->', '') }
}

test('a category page shows the partner’s products, each linking to the partner with the affiliate parameters', async () => {
	const { status, body } = await page('/categories/birthday-flowers/')
	expect(status).toBe(200)
	expect(partner.hits).toContain(categoryPagePath('birthday-flowers'))
	expect(body).toContain(`Bright Bouquet ${categoryPagePath('birthday-flowers')}`)
	expect(body).toContain('$49.99')
	const links = [...body.matchAll(/href="([^"]*detail\.cfm[^"]*)"/g)].map((match) => match[1]?.replaceAll('&amp;', '&') ?? '')
	expect(links.length).toBe(3)
	for (const link of links) {
		const url = new URL(link)
		expect(url.origin).toBe(partner.url)
		expect(url.searchParams.get('source_id')).toBe('aff')
		expect(url.searchParams.get('AffiliateID')).toBe(TEST_AFFILIATE_ID)
	}
	expect(markupOf(body)).not.toContain('We couldn’t load products right now.')
})

test('a warm cache puts the products in the first HTML and asks the partner nothing', async () => {
	await page('/categories/new-baby/')
	const before = partner.hits.length
	const { body } = await page('/categories/new-baby/')
	expect(partner.hits.length).toBe(before)
	expect(body).toContain('data-state="loaded"')
	expect(body).not.toContain('data-state="loading"')
})

test('a crawler asking for a cold page waits for the products and gets them in place, with no placeholder or hidden copy', async () => {
	partner.setMode('slow', { slowMs: 300 })
	const response = await fetch(`${server.url}/categories/mothers-day/`, {
		headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
	})
	const body = (await response.text()).replaceAll('<!-- -->', '')
	expect(response.status).toBe(200)
	expect(partner.hits).toContain(categoryPagePath('mothers-day'))
	// A reader that runs no script sees the arrangements where they belong, not a skeleton.
	expect(body).toContain(`Bright Bouquet ${categoryPagePath('mothers-day')}`)
	expect(body).not.toContain('data-state="loading"')
	const grid = body.indexOf('data-state="loaded"')
	expect(grid).toBeGreaterThan(body.indexOf('id="collection"'))
	expect(grid).toBeLessThan(body.indexOf('id="see-all-title"'))
	expect(body).not.toMatch(/<div hidden id="S:\d+"><div data-state/)
})

test('concurrent cold requests for one category cause exactly one partner fetch', async () => {
	const before = partner.hits.filter((hit) => hit === categoryPagePath('graduation')).length
	const pages = await Promise.all(Array.from({ length: 40 }, () => page('/categories/graduation/')))
	expect(partner.hits.filter((hit) => hit === categoryPagePath('graduation')).length - before).toBe(1)
	for (const { status, body } of pages) {
		expect(status).toBe(200)
		expect(body).toContain(`Bright Bouquet ${categoryPagePath('graduation')}`)
	}
})

test('the partner down on a cold page: the fallback state, and the server keeps answering', async () => {
	partner.setMode('down')
	const { status, body } = await page('/categories/anniversary/')
	expect(status, `the server's last log lines:\n${server.logs().slice(-3000)}`).toBe(200)
	expect(markupOf(body)).toContain('We couldn’t load products right now.')
	expect(body).toContain('Browse on FloristOne')
	expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
})

test('hostile partner markup never reaches the page as markup', async () => {
	partner.setMode('hostile')
	const { body } = await page('/categories/get-well-soon/')
	expect(body).not.toContain('<script>alert')
	expect(body).not.toContain('<img src=x onerror')
	expect(body).not.toMatch(/href="(javascript|data):/)
	expect(body).toContain('&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;')
})

test('GET /api/products returns the category’s products as JSON with cache headers', async () => {
	const response = await fetch(`${server.url}/api/products?category=birthday-flowers`)
	expect(response.status).toBe(200)
	expect(response.headers.get('content-type')).toMatch(/application\/json/)
	expect(response.headers.get('cache-control')).toBe('public, max-age=7200, stale-while-revalidate=7200')
	const body = (await response.json()) as { category: string; products: { url: string; title: string }[] }
	expect(body.category).toBe('birthday-flowers')
	expect(body.products.length).toBeGreaterThan(0)
	expect(body.products.every((product) => product.url.includes(`AffiliateID=${TEST_AFFILIATE_ID}`))).toBe(true)
})

test.each([
	['', 400],
	['?category=', 400],
	['?category=Birthday%20Flowers', 400],
	['?category=birthday-flowers&extra=1', 400],
	['?category=%3Cscript%3E', 400],
	['?category=no-such-thing', 404],
])('GET /api/products%s -> %i JSON error', async (query, status) => {
	const response = await fetch(`${server.url}/api/products${query}`)
	expect(response.status).toBe(status)
	expect(response.headers.get('content-type')).toMatch(/application\/json/)
	const body = (await response.json()) as { error: string }
	expect(body.error.length).toBeGreaterThan(0)
	expect(JSON.stringify(body)).not.toContain('<script>')
})

test('a cold page streams through compression: the shell with skeletons arrives before the slow products', async () => {
	partner.setMode('slow', { slowMs: 2_000 })
	const started = performance.now()
	const response = await fetch(`${server.url}/categories/valentines-day/`, {
		headers: { 'accept-encoding': 'gzip', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' },
	})
	expect(response.headers.get('content-encoding')).toBe('gzip')
	const reader = response.body?.getReader()
	const decoder = new TextDecoder()
	let received = ''
	let shellAt = 0
	for (;;) {
		const chunk = await reader?.read()
		if (!chunk || chunk.done) break
		received += decoder.decode(chunk.value, { stream: true })
		if (!shellAt && received.includes('data-state="loading"')) shellAt = performance.now() - started
	}
	const doneAt = performance.now() - started
	expect(shellAt).toBeGreaterThan(0)
	expect(shellAt).toBeLessThan(doneAt - 1_000)
	expect(received).toContain(`Bright Bouquet ${categoryPagePath('valentines-day')}`)
})
