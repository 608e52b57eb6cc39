import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { deliveredLine } from '#app/domain/price-quote.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import { products as productWords } from '#app/words/products-words.server.ts'
import { createDeliveryDates } from '#app/server/offers/delivery-dates.server.ts'
import { log } from '#app/server/log.server.ts'
import { createFloristOneClient } from '#app/server/partner/floristone.server.ts'
import { createPriceQuotes, pricedForCity } from '#app/server/offers/price-quotes.server.ts'

/**
 * The partner's totals and delivery dates, each built from the REST client and
 * answered by a mocked Florist One API: what a page or agent gets back, and how
 * often the partner is asked.
 */

const API = 'https://api.floristone.test/api/rest'
const client = () => createFloristOneClient({ apiUrl: API, apiKey: '999993', apiPassword: 'flowers' })

// The partner's API is mocked; any request nobody expected fails the test.
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** Answers `path` with `answer` and counts the requests, with their query. */
function partnerAnswers(path: string, answer: () => Response) {
	const asked: URLSearchParams[] = []
	server.use(
		http.get(`${API}/flowershop/${path}`, ({ request }) => {
			asked.push(new URL(request.url).searchParams)
			return answer()
		}),
	)
	return asked
}

const TOTALS = { SUBTOTAL: 39.95, SERVICECHARGETOTAL: 14.99, TAXTOTAL: 3.2, ORDERNO: 1 }
const shown = (code: string, price?: string): ShownProduct => ({
	title: `Bouquet ${code}`,
	...(price ? { price } : {}),
	url: `https://www.floristone.com/detail.cfm?dcode=${code}&AffiliateID=4200000042`,
	photo: code,
})
/** Noon in Arizona on 24 November 2026. */
const NOON = Date.UTC(2026, 10, 24, 19)

test('a ZIP’s totals are asked once a day, for the first priced product shown', async () => {
	const asked = partnerAnswers('gettotal', () => HttpResponse.json(TOTALS))
	let now = NOON
	const quotes = createPriceQuotes(client(), { now: () => now })
	const products = [shown('NOPRICE'), shown('F1', '$39.95'), shown('F2', '$59.95')]
	const quote = await quotes.get('86001', products)
	expect(quote).toEqual({ zip: '86001', date: { year: 2026, month: 11, day: 24 }, subtotal: 39.95, serviceCharge: 14.99, tax: 3.2 })
	expect(JSON.parse(asked[0]?.get('products') ?? '')).toEqual([{ CODE: 'F1', PRICE: 39.95, RECIPIENT: { ZIPCODE: '86001' } }])
	now = NOON + 11 * 3_600_000
	expect(await quotes.get('86001', products)).toEqual(quote)
	expect(asked).toHaveLength(1)
	// The next Arizona day asks again.
	now = NOON + 12 * 3_600_000
	expect((await quotes.get('86001', products))?.date).toEqual({ year: 2026, month: 11, day: 25 })
	expect(asked).toHaveLength(2)
})

test('no quote for a ZIP that is not five digits or without a priced product, and the partner is not asked', async () => {
	const asked = partnerAnswers('gettotal', () => HttpResponse.json(TOTALS))
	const quotes = createPriceQuotes(client(), { now: () => NOON })
	expect(await quotes.get('8600', [shown('F1', '$39.95')])).toBeNull()
	expect(await quotes.get('86001', [shown('F1')])).toBeNull()
	expect(asked).toHaveLength(0)
})

test('a failed total is not asked again for half an hour', async () => {
	const warnings = vi.spyOn(log, 'warn').mockImplementation(() => undefined)
	const asked = partnerAnswers('gettotal', () => HttpResponse.json({ ERRORS: ['No florist'] }))
	let now = NOON
	const quotes = createPriceQuotes(client(), { now: () => now })
	const products = [shown('F1', '$39.95')]
	expect(await quotes.get('86001', products)).toBeNull()
	expect(warnings).toHaveBeenCalledWith({ err: expect.any(Error), zip: '86001' }, 'Order total unavailable')
	now = NOON + 29 * 60_000
	expect(await quotes.get('86001', products)).toBeNull()
	expect(asked).toHaveLength(1)
	now = NOON + 30 * 60_000 + 1
	await quotes.get('86001', products)
	expect(asked).toHaveLength(2)
})

test('a city’s slider cards are priced as delivered there when the partner quotes, and left as they are without totals', async () => {
	partnerAnswers('gettotal', () => HttpResponse.json(TOTALS))
	const slider = Promise.resolve({ products: [shown('F1', '$39.95'), shown('F2')] })
	const priced = pricedForCity(createPriceQuotes(client()), '86001', 'Flagstaff', [slider], Date.now() + 5_000)
	expect((await priced.quote)?.serviceCharge).toBe(14.99)
	const [cards] = await Promise.all(priced.sliders)
	expect(cards?.products.map((product) => product.delivered)).toEqual([{ price: 58.14, place: 'Flagstaff' }, undefined])
	expect(cards?.products.map((product) => product.delivered && deliveredLine(product.delivered, productWords.en.card.delivered))).toEqual([
		'about $58.14 delivered to Flagstaff',
		undefined,
	])

	const plain = pricedForCity(undefined, '86001', 'Flagstaff', [slider], Date.now() + 5_000)
	expect(await plain.quote).toBeNull()
	expect((await Promise.all(plain.sliders))[0]?.products.map((product) => product.delivered)).toEqual([undefined, undefined])
})

test('a ZIP’s delivery dates come sorted as Arizona dates and are asked once until they expire', async () => {
	const asked = partnerAnswers('checkdeliverydate', () => HttpResponse.json({ DATES: ['11/27/2026', '11/25/2026', 'not a date'] }))
	const dates = createDeliveryDates(client())
	const first = await dates.get('85001')
	expect(first?.dates).toEqual([
		{ year: 2026, month: 11, day: 25 },
		{ year: 2026, month: 11, day: 27 },
	])
	expect(first?.expiresAt).toBeGreaterThan(Date.now())
	expect(await dates.get('85001')).toEqual(first)
	expect(asked.map((query) => query.get('zipcode'))).toEqual(['85001'])
})

test('failed delivery dates answer null, and the partner is not asked again at once', async () => {
	const warnings = vi.spyOn(log, 'warn').mockImplementation(() => undefined)
	const asked = partnerAnswers('checkdeliverydate', () => HttpResponse.json({ MESSAGE: 'unavailable' }))
	const dates = createDeliveryDates(client())
	expect(await dates.get('85001')).toBeNull()
	expect(warnings).toHaveBeenCalledWith({ err: expect.any(Error), zip: '85001' }, 'Delivery dates unavailable')
	expect(await dates.get('85001')).toBeNull()
	expect(asked).toHaveLength(1)
})
