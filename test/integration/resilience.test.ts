import { temporaryFolder } from '#test/support/temporary.ts'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startPartnerStandIn, type PartnerMode, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer } from '#test/support/server.ts'
import { categoryPagePath } from '#test/support/partner-paths.ts'

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner.stop()
})

async function text(url: string) {
	const response = await fetch(url)
	return { status: response.status, body: (await response.text()).replaceAll('<!-- -->', '') }
}

test('cold coordination across two processes sharing one database: one partner fetch with a 3 s partner', async () => {
	const database = join(temporaryFolder('azshared-'), 'cache.sqlite')
	const [one, two] = await Promise.all([
		startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: database }),
		startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: database }),
	])
	try {
		partner.setMode('slow', { slowMs: 3_000 })
		const before = partner.hits.filter((hit) => hit === categoryPagePath('anniversary')).length
		const pages = await Promise.all(Array.from({ length: 60 }, (_, index) => text(`${(index % 2 === 0 ? one : two).url}/api/products?category=anniversary`)))
		expect(partner.hits.filter((hit) => hit === categoryPagePath('anniversary')).length - before).toBe(1)
		for (const page of pages) {
			expect(page.status).toBe(200)
			expect(JSON.parse(page.body).products.length).toBe(4)
		}
	} finally {
		partner.setMode('ok')
		await Promise.all([one.stop(), two.stop()])
	}
}, 60_000)

test.each<[PartnerMode, string]>([
	['huge', 'mothers-day'],
	['garbage', 'graduation'],
	['nested', 'new-baby'],
	['hostile', 'just-because'],
])(
	'a %s partner page never crashes or stalls the server, nor injects markup',
	async (mode, slug) => {
		const server = await startServer({ PARTNER_BASE_URL: partner.url })
		try {
			partner.setMode(mode)
			const before = partner.hits.length
			const slow = text(`${server.url}/categories/${slug}/`)
			// Other pages keep answering while the hostile page is handled (its parsing runs in a worker with its own limits).
			await expect.poll(() => partner.hits.length, { timeout: 10_000 }).toBeGreaterThan(before)
			const other = await text(`${server.url}/about/`)
			expect(other.status).toBe(200)
			const { status, body } = await slow
			expect(status).toBe(200)
			expect(body).not.toMatch(/<script>alert|<img src=x onerror|href="(javascript|data):/)
			expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
		} finally {
			partner.setMode('ok')
			await server.stop()
		}
	},
	60_000,
)

/** Requests the partner received for pages and the API (photos aside) since `from`. */
function partnerPageHits(from: number): string[] {
	return partner.hits.slice(from).filter((hit) => !/\.(jpe?g|png|webp|gif)(\?|$)/i.test(hit))
}

test.each<PartnerMode>(['down', 'garbage', 'hostile'])(
	'cold pages with the partner %s: many visitors cost the partner one try per page, then nothing until the back-off ends',
	async (mode) => {
		const server = await startServer({ PARTNER_BASE_URL: partner.url, RENDER_CACHE_MAX_MB: '0' })
		try {
			partner.setMode(mode)
			const from = partner.hits.length
			for (let visit = 0; visit < 10; visit += 1) expect((await text(`${server.url}/`)).status).toBe(200)
			const afterHome = partnerPageHits(from)
			for (let visit = 0; visit < 32; visit += 1) expect((await text(`${server.url}/categories/sympathy-funeral/`)).status).toBe(200)
			const afterCategory = partnerPageHits(from)
			// Each page URL is asked for once (its retries included), whatever the number of visitors.
			const distinct = new Set(afterCategory).size
			expect(afterCategory.length).toBeLessThanOrEqual(distinct * 3)
			// The category's own URL adds at most one try's worth to what the home page cost.
			expect(afterCategory.length - afterHome.length).toBeLessThanOrEqual(3)
			// Before, every visit tried again: 10 home visits made 80 requests.
			expect(afterHome.length).toBeLessThan(30)
		} finally {
			partner.setMode('ok')
			await server.stop()
		}
	},
	120_000,
)
