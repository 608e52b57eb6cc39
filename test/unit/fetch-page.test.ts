import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { createDirectLoader, reachedPageProblem } from '#app/server/partner/direct-source.server.ts'
import { createExtractionWorker } from '#app/server/partner/extract-runner.server.ts'
import { openDatabase, type AppDatabase } from '#app/server/store/db.server.ts'
import { parseRetryAfter, safeFetchText } from '#app/server/partner/fetch-page.server.ts'
import type { Clock } from '#app/server/clock.server.ts'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { categoryPagePath } from '#test/support/partner-paths.ts'
import { useStores } from '#test/support/stores.ts'
import { log } from '#app/server/log.server.ts'

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner.stop()
})
/** Pages are extracted on a worker of their own, closed with the file. */
const extraction = createExtractionWorker()
afterAll(() => extraction.close())
beforeEach(() => {
	partner.setMode('ok')
	partner.hits.length = 0
})

/** The loader's clock: its pauses (the gap between requests, the wait before a retry) move it instead of waiting. */
function fakeClock(start = Date.UTC(2026, 10, 21, 12)): Clock {
	let now = start
	return {
		now: () => now,
		sleep: async (ms) => {
			now += ms
		},
	}
}

const STORES = useStores()

/** A store of its own for each test, as a new process would have. */
let memory: AppDatabase['db']
beforeEach(async () => {
	memory = (await openDatabase(':memory:')).db
})

function loader(overrides: { deadlineMs?: number; maxBytes?: number } = {}, db = memory) {
	return createDirectLoader({ db, extraction, partnerBaseUrl: partner.url, clock: fakeClock(), ...overrides })
}

test('a page from the partner: HTML fetched, products extracted', async () => {
	const page = await loader()(`${partner.url}${categoryPagePath('birthday-flowers')}`, AbortSignal.timeout(10_000))
	expect(page.products.length).toBe(4)
	expect(partner.hits).toEqual([categoryPagePath('birthday-flowers')])
})

test.each(STORES)('a 429 is not retried, and Retry-After stops every later request until it passes (on $name)', async (store) => {
	partner.setMode('rate-limited')
	const load = loader({}, (await store.open()).db)
	await expect(load(`${partner.url}${categoryPagePath('anniversary')}`, AbortSignal.timeout(10_000))).rejects.toThrow('Rate limit reached (429)')
	expect(partner.hits).toHaveLength(1)
	partner.setMode('ok')
	await expect(load(`${partner.url}${categoryPagePath('graduation')}`, AbortSignal.timeout(10_000))).rejects.toThrow(/Rate limit: .* asked us to wait/)
	expect(partner.hits).toHaveLength(1)
})

test('other failures are retried exactly once, and the retry is logged', async () => {
	const warned = vi.mocked(log.warn).mockImplementation(() => undefined)
	partner.setMode('down')
	await expect(loader()(`${partner.url}${categoryPagePath('new-baby')}`, AbortSignal.timeout(10_000))).rejects.toThrow('Upstream answered 503')
	expect(partner.hits).toEqual([categoryPagePath('new-baby'), categoryPagePath('new-baby')])
	expect(warned).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'Upstream answered 503' }) }, 'Retrying once')
})

test("a redirect that drops the listing's query is a failure naming both addresses, never the category's products", async () => {
	partner.setMode('drop-query')
	const path = categoryPagePath('birthday-flowers')
	await expect(loader()(`${partner.url}${path}`, AbortSignal.timeout(10_000))).rejects.toThrow(
		`The partner redirected ${path} to ${new URL(path, partner.url).pathname}, another listing: its products are not this page's`,
	)
	// Not retried: the partner would only send the same redirect again.
	expect(partner.hits.filter((hit) => hit === path)).toHaveLength(1)
})

test("a redirect to another category's listing is a failure too; one keeping the query is followed", async () => {
	expect(reachedPageProblem('https://p.example/main.cfm?cat=bd', 'https://p.example/main.cfm?cat=ao')).toMatch(/another listing/)
	expect(reachedPageProblem('https://p.example/main.cfm?cat=bd', 'https://www.p.example/Main.cfm?cat=bd&source_id=1')).toBeUndefined()
	expect(reachedPageProblem('https://p.example/index.cfm', 'https://p.example/')).toBeUndefined()
})

test('a redirect to a host off the allow-list is not followed', async () => {
	partner.setMode('redirect-away')
	await expect(loader()(`${partner.url}${categoryPagePath('just-because')}`, AbortSignal.timeout(10_000))).rejects.toThrow(/not an allowed host/)
	expect(partner.hits).toEqual([categoryPagePath('just-because')])
})

test('a 60 MB page is aborted at the byte cap while streaming, without buffering it', async () => {
	partner.setMode('huge')
	const before = process.memoryUsage().rss
	await expect(loader()(`${partner.url}${categoryPagePath('mothers-day')}`, AbortSignal.timeout(20_000))).rejects.toThrow(/Page too large/)
	expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024)
	expect(partner.hits).toHaveLength(1)
})

test('a partner that never answers is abandoned at the deadline', async () => {
	partner.setMode('hang')
	const started = Date.now()
	await expect(
		safeFetchText(`${partner.url}${categoryPagePath('valentines-day')}`, {
			allowedHosts: new Set([new URL(partner.url).host]),
			headersTimeoutMs: 300,
			deadlineMs: 500,
			maxBytes: 1024,
			maxRedirects: 1,
		}),
	).rejects.toThrow(/Failed to crawl website: timed out/)
	expect(Date.now() - started).toBeLessThan(3_000)
})

test('only allowed hosts and http(s) are ever fetched', async () => {
	const options = { allowedHosts: new Set(['partner.example']), headersTimeoutMs: 100, deadlineMs: 100, maxBytes: 10, maxRedirects: 0 }
	await expect(safeFetchText(`${partner.url}/x`, options)).rejects.toThrow(/not an allowed host/)
	await expect(safeFetchText('file:///etc/passwd', options)).rejects.toThrow(/not an allowed host/)
	expect(partner.hits).toEqual([])
})

test('Retry-After as seconds or as an HTTP date', () => {
	const now = Date.UTC(2026, 10, 21, 12)
	expect(parseRetryAfter('120', now)).toBe(120_000)
	expect(parseRetryAfter(new Date(now + 30_000).toUTCString(), now)).toBe(30_000)
	expect(parseRetryAfter('soon', now)).toBeUndefined()
	expect(parseRetryAfter(null, now)).toBeUndefined()
})
