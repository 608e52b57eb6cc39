import Database from 'better-sqlite3'
import { temporaryFolder } from '#test/support/temporary.ts'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodeText, markupOf } from '#test/support/html.ts'
import { categoryCode, categoryPagePath } from '#test/support/partner-paths.ts'
import { standInSettings, startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer, TEST_AFFILIATE_ID, type RunningServer } from '#test/support/server.ts'
import { seedSqlite } from '#test/support/stores.ts'

const CRAWLER = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner?.stop()
})

async function page(server: RunningServer, path: string, headers: Record<string, string> = CRAWLER) {
	const response = await fetch(`${server.url}${path}`, { headers })
	return { status: response.status, body: await response.text() }
}

/** Every link on a page that leads to the partner, as the browser would follow it. */
function partnerLinks(body: string): string[] {
	const hrefs = [...body.matchAll(/href="([^"]+)"/g)].map((match) => decodeText(match[1] ?? ''))
	return [...new Set(hrefs.filter((href) => href.startsWith(partner.url)))]
}

function databasePath() {
	return join(temporaryFolder('azpartner-'), 'cache.sqlite')
}

describe('with the REST API credentials of the real shape (999993 / flowers)', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer(standInSettings(partner, { rest: true }))
	})
	afterAll(async () => {
		await server?.stop()
	})

	test('the site starts, and a category page shows the API’s products with their size, linking to detail.cfm with the affiliate parameters', async () => {
		const { status, body } = await page(server, '/categories/birthday-flowers/')
		expect(status).toBe(200)
		expect(partner.restCalls).toContain(`/api/rest/flowershop/getproducts?category=bd&count=24&start=1`)
		const text = decodeText(body.replaceAll('<!-- -->', ''))
		expect(text).toContain('Bright Bouquet BD01')
		// The partner's size beside the site's label; on an English page its words need no language mark.
		expect(text).toContain('Size: <span>Approximately 14" W x 16" H</span>')
		expect(text).toContain('A hand-arranged bd bouquet of seasonal blooms & greenery.')
		expect(text).toContain('$39.95')
		const products = partnerLinks(body).filter((href) => href.includes('/detail.cfm'))
		expect(products).toHaveLength(24)
		for (const href of products) {
			const url = new URL(href)
			expect(url.pathname).toBe('/detail.cfm')
			expect(url.searchParams.get('dcode')).toMatch(/^BD\d{2}$/)
			expect(url.searchParams.get('source_id')).toBe('aff')
			expect(url.searchParams.get('AffiliateID')).toBe(TEST_AFFILIATE_ID)
		}
	})

	test('every partner link on home, a city page and a category page answers 200 from the evidenced page forms and carries the affiliate parameters', async () => {
		const links = new Set<string>()
		for (const path of ['/', '/cities/phoenix/', '/categories/sympathy-funeral/', '/categories/valentines-day/']) {
			const { status, body } = await page(server, path)
			expect(status).toBe(200)
			const found = partnerLinks(body)
			// Products in the sliders and grids, and the storefront and category links around them.
			expect(found.some((href) => href.includes('/detail.cfm?dcode='))).toBe(true)
			for (const href of found) links.add(href)
		}
		expect(links.size).toBeGreaterThan(20)
		expect([...links].some((href) => href.includes(`/main.cfm?cat=${categoryCode('valentines-day')}&`))).toBe(true)
		expect([...links].some((href) => href.startsWith(`${partner.url}/index.cfm?`))).toBe(true)
		for (const href of links) {
			const url = new URL(href)
			expect(url.searchParams.get('source_id'), href).toBe('aff')
			expect(url.searchParams.get('AffiliateID'), href).toBe(TEST_AFFILIATE_ID)
			const response = await fetch(href, { redirect: 'manual' })
			await response.arrayBuffer()
			expect(response.status, href).toBe(200)
		}
	})
})

describe('delivery dates', () => {
	test('GET /api/delivery-dates asks the partner once per ZIP, answers Arizona dates, and never lets a browser keep them past the cut-off', async () => {
		const server = await startServer(standInSettings(partner, { rest: true }))
		try {
			const before = partner.restCalls.filter((call) => call.includes('zipcode=85701')).length
			for (let round = 0; round < 3; round += 1) {
				const response = await fetch(`${server.url}/api/delivery-dates?city=tucson`)
				expect(response.status).toBe(200)
				const maxAge = Number(/^private, max-age=(\d+)$/.exec(response.headers.get('cache-control') ?? '')?.[1])
				expect(maxAge).toBeGreaterThan(0)
				expect(maxAge).toBeLessThanOrEqual(3600)
				const body = (await response.json()) as { city: string; zip: string; dates: string[] }
				expect(body.city).toBe('tucson')
				expect(body.zip).toBe('85701')
				expect(body.dates.length).toBeGreaterThan(10)
				for (const date of body.dates) expect(new Date(`${date}T12:00:00Z`).getUTCDay()).not.toBe(0)
			}
			expect(partner.restCalls.filter((call) => call.includes('zipcode=85701')).length - before).toBe(1)
			expect((await fetch(`${server.url}/api/delivery-dates?city=atlantis`)).status).toBe(404)
			const bad = await fetch(`${server.url}/api/delivery-dates?city=%3Cscript%3E`)
			expect(bad.status).toBe(400)
			expect(await bad.json()).toMatchObject({ error: 'Invalid query' })
			expect((await fetch(`${server.url}/api/delivery-dates`)).status).toBe(400)
		} finally {
			await server.stop()
		}
		const withoutApi = await startServer({ PARTNER_BASE_URL: partner.url })
		try {
			expect(await (await fetch(`${withoutApi.url}/api/delivery-dates?city=tucson`)).json()).toEqual({ city: 'tucson', zip: '85701', dates: null })
		} finally {
			await withoutApi.stop()
		}
	})
})

describe('a product source that fails keeps the products it had', () => {
	test('a warm category whose partner page turns empty keeps showing its products; the error is in cache_log', async () => {
		const path = databasePath()
		const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: path, RENDER_CACHE_MAX_MB: '0' })
		try {
			partner.setMode('ok')
			const first = await page(server, '/categories/anniversary/')
			expect(first.body).toContain(`Bright Bouquet ${categoryPagePath('anniversary')}`)
			const url = `${partner.url}${categoryPagePath('anniversary')}`
			// Three days on the copy is stale, and the partner page now lists nothing.
			seedSqlite.expirePages(path, url)
			const db = new Database(path, { readonly: true })
			partner.setMode('empty')
			const fetchesBefore = partner.hits.filter((hit) => hit === categoryPagePath('anniversary')).length
			for (let visit = 0; visit < 5; visit += 1) {
				const again = await page(server, '/categories/anniversary/')
				expect(again.status).toBe(200)
				expect(again.body).toContain(`Bright Bouquet ${categoryPagePath('anniversary')}`)
				expect(markupOf(again.body)).not.toContain('We couldn’t load products right now.')
			}
			await expect
				.poll(() => db.prepare("SELECT error_message FROM cache_log WHERE url = ? AND cache_status = 'error'").all(url))
				.toEqual([{ error_message: 'Refresh failed, cached products kept: The partner page yielded no products' }])
			// One refresh tried, then no more until the retry time: the partner is never hammered.
			expect(partner.hits.filter((hit) => hit === categoryPagePath('anniversary')).length - fetchesBefore).toBe(1)
			const row = db.prepare('SELECT products FROM page_cache WHERE url = ?').get(url) as { products: string }
			expect(row.products).toContain(`Bright Bouquet ${categoryPagePath('anniversary')}`)
			db.close()
		} finally {
			partner.setMode('ok')
			await server.stop()
		}
	})

	test('refused REST credentials (a 403 HTML page): reported as such, cached products kept, the cold page falls back', async () => {
		const path = databasePath()
		const env = { ...standInSettings(partner, { rest: true }), DATABASE_PATH: path, RENDER_CACHE_MAX_MB: '0' }
		const good = await startServer(env)
		expect((await page(good, '/categories/new-baby/')).body).toContain('Bright Bouquet NB01')
		await good.stop()

		seedSqlite.expirePages(path, '%category=nb%')
		const db = new Database(path, { readonly: true })
		const refused = await startServer({ ...env, FLORISTONE_API_PASSWORD: 'wrong' })
		try {
			const warm = await page(refused, '/categories/new-baby/')
			expect(warm.body).toContain('Bright Bouquet NB01')
			await expect
				.poll(() => db.prepare("SELECT error_message FROM cache_log WHERE url LIKE '%category=nb%' AND cache_status = 'error'").all())
				.toEqual([{ error_message: 'Refresh failed, cached products kept: Florist One API refused the credentials (403)' }])
			const cold = await page(refused, '/categories/get-well-soon/')
			expect(cold.status).toBe(200)
			expect(markupOf(cold.body)).toContain('We couldn’t load products right now.')
			expect(refused.logs()).toContain('Florist One API refused the credentials (403)')
		} finally {
			db.close()
			await refused.stop()
		}
	})
})
