import { readFileSync } from 'node:fs'
import { temporaryFolder } from '#test/support/temporary.ts'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { markupOf } from '#test/support/html.ts'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer } from '#test/support/server.ts'
import { categoryPagePath } from '#test/support/partner-paths.ts'
import { seedSqlite } from '#test/support/stores.ts'

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner.stop()
})

const cachedProducts = (label: string) =>
	JSON.stringify([{ title: `Cached ${label}`, price: '$55.00', image: 'https://cdn.floristone.com/large/c.jpg', url: `${partner.url}/detail.cfm?dcode=C1` }])

/** Puts a page in the cache as if it had been fetched `ageHours` ago. */
function seed(path: string, url: string, ageHours: number, label: string) {
	seedSqlite.cachedPage(path, url, cachedProducts(label), ageHours)
}

const fresh = () => join(temporaryFolder('azload-'), 'cache.sqlite')
const hitsFor = (path: string) => partner.hits.filter((hit) => hit === path).length

test('500 concurrent requests for a cold category page: 1 partner fetch, 500 answers with status 200', async () => {
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: fresh() })
	try {
		partner.setMode('slow', { slowMs: 500 })
		const before = hitsFor(categoryPagePath('birthday-flowers'))
		const statuses = await Promise.all(
			Array.from({ length: 500 }, () =>
				fetch(`${server.url}/categories/birthday-flowers/`).then(async (response) => {
					const body = await response.text()
					return response.status === 200 && body.includes(`Bright Bouquet ${categoryPagePath('birthday-flowers')}`) ? 200 : response.status
				}),
			),
		)
		expect(hitsFor(categoryPagePath('birthday-flowers')) - before).toBe(1)
		expect(statuses.filter((status) => status === 200)).toHaveLength(500)
	} finally {
		partner.setMode('ok')
		await server.stop()
	}
}, 120_000)

test('a stale page under the same load: all served from the cache, exactly 1 background refresh', async () => {
	const path = fresh()
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: path })
	try {
		seed(path, `${partner.url}${categoryPagePath('anniversary')}`, 80, 'anniversary')
		// The partner holds the refresh's body until the burst is over, however long the burst takes, so every answer comes from the cache.
		partner.setMode('held')
		const before = hitsFor(categoryPagePath('anniversary'))
		const bodies = await Promise.all(Array.from({ length: 500 }, () => fetch(`${server.url}/categories/anniversary/`).then((response) => response.text())))
		expect(bodies.filter((body) => body.includes('Cached anniversary'))).toHaveLength(500)
		expect(hitsFor(categoryPagePath('anniversary')) - before).toBe(1)
		partner.release()
		// Once the refresh lands, the page (and no copy kept while it was stale) shows the partner's products, and it took no second fetch.
		await expect
			.poll(async () => (await (await fetch(`${server.url}/categories/anniversary/`)).text()).includes(`Bright Bouquet ${categoryPagePath('anniversary')}`), {
				timeout: 15_000,
			})
			.toBe(true)
		expect(hitsFor(categoryPagePath('anniversary')) - before).toBe(1)
	} finally {
		partner.setMode('ok')
		await server.stop()
	}
}, 120_000)

test('the partner down for a whole run: every page 200 with the cached products', async () => {
	const path = fresh()
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: path })
	try {
		seed(path, `${partner.url}${categoryPagePath('new-baby')}`, 100, 'new baby')
		partner.setMode('down')
		for (let round = 0; round < 50; round += 1) {
			const response = await fetch(`${server.url}/categories/new-baby/`)
			expect(response.status).toBe(200)
			expect(await response.text()).toContain('Cached new baby')
		}
	} finally {
		partner.setMode('ok')
		await server.stop()
	}
}, 120_000)

test('a partner that never answers: the page arrives within the crawl deadline, in its fallback state', async () => {
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: fresh(), CRAWL_DEADLINE_SECONDS: '2', CACHE_LOCK_LEASE_SECONDS: '3' })
	try {
		partner.setMode('hang')
		// The partner never answers: that the page arrives at all, whole and in its fallback state, is the deadline at work.
		const response = await fetch(`${server.url}/categories/graduation/`)
		const body = await response.text()
		expect(response.status).toBe(200)
		expect(markupOf(body)).toContain('We couldn’t load products right now.')
	} finally {
		partner.setMode('ok')
		await server.stop()
	}
}, 60_000)

test('a partner slower than the stream budget: visitors and crawlers both get the page with its fallback, not an error', async () => {
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: fresh() })
	try {
		partner.setMode('hang')
		for (const [userAgent, slug] of [
			['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36', 'mothers-day'],
			['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'just-because'],
		] as const) {
			// The partner never answers: a whole page with its fallback (not the stream timeout's error) is the budget at work.
			const response = await fetch(`${server.url}/categories/${slug}/`, { headers: { 'user-agent': userAgent } })
			const body = await response.text()
			expect(response.status).toBe(200)
			expect(markupOf(body)).toContain('We couldn’t load products right now.')
			expect(markupOf(body)).not.toMatch(/Unexpected Application Error|Switched to client rendering/)
		}
	} finally {
		partner.setMode('ok')
		await server.stop()
	}
}, 60_000)

function rssMegabytes(pid: number): number {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8')
	return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

test('a 60 MB partner page: cut off at the byte cap, the page falls back, the server’s memory stays bounded', async () => {
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: fresh(), CRAWL_MAX_BYTES: String(2 * 1024 * 1024) })
	try {
		// A first render of a page and of a category page (its route's code loads on its first render, and
		// the server build bundles what that code uses), so the memory measured next is the server's
		// working size. The partner is down for it: a 503 sets no back-off.
		await (await fetch(`${server.url}/about/`)).text()
		partner.setMode('down')
		await (await fetch(`${server.url}/categories/birthday-flowers/`)).text()
		const before = rssMegabytes(server.pid)
		partner.setMode('huge')
		const sentBefore = partner.hugeBytesSent()
		const pages = await Promise.all(
			['mothers-day', 'graduation', 'new-baby'].map(async (slug) => {
				const response = await fetch(`${server.url}/categories/${slug}/`)
				return { status: response.status, body: await response.text() }
			}),
		)
		const after = rssMegabytes(server.pid)
		for (const page of pages) {
			expect(page.status).toBe(200)
			expect(markupOf(page.body)).toContain('We couldn’t load products right now.')
		}
		// Three 60 MB pages were offered; the server read about 2 MiB of each and hung up.
		expect(partner.hugeBytesSent() - sentBefore).toBeLessThan(3 * 12 * 1024 * 1024)
		expect(after - before).toBeLessThan(60)
		expect(server.logs()).toContain('Page too large (over 2097152 bytes)')
	} finally {
		partner.setMode('ok')
		await server.stop()
	}
}, 60_000)
