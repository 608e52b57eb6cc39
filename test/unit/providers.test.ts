import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { openDatabase, type AppDatabase } from '#app/server/store/db.server.ts'
import { log } from '#app/server/log.server.ts'
import type { Clock } from '#app/server/clock.server.ts'
import { createExtractionWorker } from '#app/server/partner/extract-runner.server.ts'
import { createFirecrawlLoader } from '#app/server/partner/firecrawl-source.server.ts'
import { createFloristOneLoader } from '#app/server/partner/rest-source.server.ts'
import { createFloristOneClient, parsePartnerDate, plainText } from '#app/server/partner/floristone.server.ts'
import { seasonalCode } from '#app/domain/partner-links.ts'
import { readFileSync } from 'node:fs'

const FIRECRAWL = 'https://api.firecrawl.test'
const FLORISTONE = 'https://api.floristone.test/api/rest'
const PARTNER = 'https://www.floristone.com'
const listing = readFileSync('mock-servers/partner/pages/listing-grid.html', 'utf8')

// Outside services are mocked; any request nobody expected fails the test.
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
/** Crawled pages are extracted on a worker of their own, closed with the file. */
const extraction = createExtractionWorker()
afterAll(() => extraction.close())

const clock: Clock = { now: () => Date.now(), sleep: async () => {} }
/** A store of its own for each test, as a new process would have. */
let memory: AppDatabase['db']
beforeEach(async () => {
	memory = (await openDatabase(':memory:')).db
})
const deps = () => ({ db: memory, clock })
const signal = () => AbortSignal.timeout(10_000)
const restLoader = (apiKey: string, apiPassword: string) =>
	createFloristOneLoader({
		...deps(),
		client: createFloristOneClient({ apiUrl: FLORISTONE, apiKey, apiPassword }),
		productUrl: (code) => `${PARTNER}/detail.cfm?dcode=${encodeURIComponent(code)}`,
	})

test('Firecrawl: one URL crawled with limit 1 and both formats, HTML of the first result extracted', async () => {
	const bodies: unknown[] = []
	let polls = 0
	server.use(
		http.post(`${FIRECRAWL}/v1/crawl`, async ({ request }) => {
			expect(request.headers.get('authorization')).toBe('Bearer fc-test-key-123')
			bodies.push(await request.json())
			return HttpResponse.json({ success: true, id: 'job-1' })
		}),
		http.get(`${FIRECRAWL}/v1/crawl/job-1`, () => {
			polls += 1
			return polls < 2 ? HttpResponse.json({ status: 'scraping' }) : HttpResponse.json({ status: 'completed', data: [{ html: listing, markdown: '# x' }] })
		}),
	)
	const load = createFirecrawlLoader({ ...deps(), extraction, apiUrl: FIRECRAWL, apiKey: 'fc-test-key-123', pollMs: 1 })
	const page = await load(`${PARTNER}/birthday-flowers`, signal())
	expect(bodies).toEqual([{ url: `${PARTNER}/birthday-flowers`, limit: 1, scrapeOptions: { formats: ['markdown', 'html'] } }])
	expect(page.products.map((product) => product.title)).toContain('Bright Birthday Bouquet')
	expect(polls).toBe(2)
})

test('Firecrawl: the content field when there is no HTML; the spec’s error texts', async () => {
	server.use(
		http.post(`${FIRECRAWL}/v1/crawl`, () => HttpResponse.json({ success: true, id: 'job-2' })),
		http.get(`${FIRECRAWL}/v1/crawl/job-2`, () => HttpResponse.json({ status: 'completed', data: [{ content: listing }] })),
	)
	const load = createFirecrawlLoader({ ...deps(), extraction, apiUrl: FIRECRAWL, apiKey: 'fc-test-key-123', pollMs: 1 })
	expect((await load(`${PARTNER}/x`, signal())).products.length).toBe(4)

	await expect(createFirecrawlLoader({ ...deps(), extraction, apiUrl: FIRECRAWL, apiKey: undefined })(`${PARTNER}/x`, signal())).rejects.toThrow(
		'API key not found',
	)

	server.use(http.post(`${FIRECRAWL}/v1/crawl`, () => HttpResponse.error()))
	// A failed connection is tried once more, and the retry is logged.
	const warned = vi.spyOn(log, 'warn').mockImplementation(() => undefined)
	await expect(load(`${PARTNER}/x`, signal())).rejects.toThrow('Failed to connect to Firecrawl API')
	expect(warned).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'Failed to connect to Firecrawl API' }) }, 'Retrying once')
	warned.mockRestore()

	server.use(http.post(`${FIRECRAWL}/v1/crawl`, () => HttpResponse.json({ success: false })))
	await expect(load(`${PARTNER}/x`, signal())).rejects.toThrow('Failed to crawl website')
})

test('Firecrawl: a 429 is not retried', async () => {
	let calls = 0
	server.use(
		http.post(`${FIRECRAWL}/v1/crawl`, () => {
			calls += 1
			return new HttpResponse('Rate limit exceeded', { status: 429, headers: { 'retry-after': '60' } })
		}),
	)
	const load = createFirecrawlLoader({ ...deps(), extraction, apiUrl: FIRECRAWL, apiKey: 'fc-test-key-123' })
	await expect(load(`${PARTNER}/x`, signal())).rejects.toThrow(/429/)
	expect(calls).toBe(1)
})

test('Florist One REST: Basic auth, upper-case fields mapped to products linking to the detail page', async () => {
	server.use(
		http.get(`${FLORISTONE}/flowershop/getproducts`, ({ request }) => {
			expect(request.headers.get('authorization')).toBe(`Basic ${Buffer.from('999993:flowers').toString('base64')}`)
			expect(new URL(request.url).searchParams.get('category')).toBe('bd')
			return HttpResponse.json({
				PRODUCTS: [
					{
						CODE: 'T12-1A',
						NAME: 'Birthday Brights',
						DESCRIPTION: 'Sunny <b>gerberas</b> &amp; roses.',
						DIMENSION: 'Approximately 15&quot; W x 16&quot; H',
						PRICE: 49.95,
						SMALL: 'https://cdn.floristone.com/small/T12-1A.jpg',
						LARGE: 'https://cdn.floristone.com/large/T12-1A.jpg',
					},
					{ CODE: 'BAD', NAME: 'No image', PRICE: 10, SMALL: 'javascript:alert(1)' },
				],
				TOTAL: 2,
			})
		}),
	)
	const load = restLoader('999993', 'flowers')
	const page = await load(`${FLORISTONE}/flowershop/getproducts?category=bd&count=24&start=1`, signal())
	expect(page.products).toEqual([
		{
			title: 'Birthday Brights',
			price: '$49.95',
			image: 'https://cdn.floristone.com/large/T12-1A.jpg',
			url: 'https://www.floristone.com/detail.cfm?dcode=T12-1A',
			description: 'Sunny gerberas & roses.',
			dimension: 'Approximately 15" W x 16" H',
		},
	])
})

test('the partner’s text: each tag a space, every HTML entity decoded, an escaped tag left as text, cut at its length', () => {
	expect(plainText('Caf&eacute; roses&nbsp;&mdash; &#8220;fresh&#8221;<br>daily, &amp;lt;b&amp;gt; &#39;n&apos; all', 200)).toBe(
		"Café roses — “fresh” daily, &lt;b&gt; 'n' all",
	)
	expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;', 200)).toBe('<script>alert(1)</script>')
	expect(plainText('Red<b>Roses</b>', 200)).toBe('Red Roses')
	expect(plainText('<p> &nbsp; </p>', 10)).toBeUndefined()
	expect(plainText('Long &amp; longer', 8)).toBe('Long &…')
})

test('Florist One REST: pages through count/start until the count is in or TOTAL says there are no more', async () => {
	const starts: string[] = []
	const all = Array.from({ length: 30 }, (_, n) => ({
		CODE: `P${n + 1}`,
		NAME: `Bouquet ${n + 1}`,
		PRICE: 40 + n,
		SMALL: `https://cdn.floristone.com/small/P${n + 1}_t1.jpg`,
	}))
	server.use(
		http.get(`${FLORISTONE}/flowershop/getproducts`, ({ request }) => {
			const query = new URL(request.url).searchParams
			const start = Number(query.get('start'))
			starts.push(`${query.get('start')}+${query.get('count')}`)
			// The partner answers at most 10 a page, whatever was asked.
			return HttpResponse.json({ PRODUCTS: all.slice(start - 1, start - 1 + Math.min(10, Number(query.get('count')))), TOTAL: all.length })
		}),
	)
	const page = await restLoader('999993', 'flowers')(`${FLORISTONE}/flowershop/getproducts?category=ao&count=24&start=1`, signal())
	expect(starts).toEqual(['1+24', '11+14', '21+4'])
	expect(page.products.map((product) => product.title)).toEqual(all.slice(0, 24).map((product) => product.NAME))
	expect(page.products[0]).toMatchObject({ price: '$40.00', image: 'https://cdn.floristone.com/small/P1_t1.jpg' })

	starts.length = 0
	const short = await restLoader('999993', 'flowers')(`${FLORISTONE}/flowershop/getproducts?category=ao&count=50&start=21`, signal())
	expect(starts).toEqual(['21+50'])
	expect(short.products).toHaveLength(10)
})

test('Florist One REST: delivery dates are MM/DD/YYYY Arizona calendar dates', async () => {
	server.use(
		http.get(`${FLORISTONE}/flowershop/checkdeliverydate`, ({ request }) => {
			expect(new URL(request.url).searchParams.get('zipcode')).toBe('85004')
			return HttpResponse.json({ DATES: ['11/24/2026', '11/23/2026', '02/30/2027', 'soon', '12/01/2026'] })
		}),
	)
	const client = createFloristOneClient({ apiUrl: FLORISTONE, apiKey: '999993', apiPassword: 'flowers' })
	expect(await client.deliveryDates('85004')).toEqual([
		{ year: 2026, month: 11, day: 23 },
		{ year: 2026, month: 11, day: 24 },
		{ year: 2026, month: 12, day: 1 },
	])
	expect(parsePartnerDate('01/01/2027')).toEqual({ year: 2027, month: 1, day: 1 })
	expect(parsePartnerDate('2027-01-01')).toBeUndefined()
})

test('Florist One REST: a failed login answers 403 with HTML, reported plainly and not retried', async () => {
	let calls = 0
	server.use(
		http.get(`${FLORISTONE}/flowershop/getproducts`, () => {
			calls += 1
			return new HttpResponse('<html><body>Forbidden</body></html>', { status: 403, headers: { 'content-type': 'text/html' } })
		}),
	)
	const load = restLoader('999993', 'wrong')
	await expect(load(`${FLORISTONE}/flowershop/getproducts?category=bd`, signal())).rejects.toThrow('Florist One API refused the credentials (403)')
	expect(calls).toBe(1)
})

test('seasonal codes fall back outside their seasons', () => {
	expect(seasonalCode('vd', 'lr', { month: 2, day: 10 })).toBe('vd')
	expect(seasonalCode('vd', 'lr', { month: 11, day: 21 })).toBe('lr')
	expect(seasonalCode('md', 'bs', { month: 5, day: 15 })).toBe('md')
	expect(seasonalCode('md', 'bs', { month: 5, day: 16 })).toBe('bs')
	expect(seasonalCode('bd', undefined, { month: 11, day: 21 })).toBe('bd')
})
