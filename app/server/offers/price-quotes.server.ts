import { LRUCache } from 'lru-cache'
import { productCodeOf } from '#app/domain/clicks.ts'
import { arizonaDayEnd, arizonaNow } from '#app/domain/delivery.ts'
import { deliveredPrice, type PriceQuote } from '#app/domain/price-quote.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import { priceOf } from '#app/domain/product-view.ts'
import { systemClock, type Clock } from '#app/server/clock.server.ts'
import type { FloristOneClient } from '#app/server/offers/partner-setup.server.ts'
import { log } from '#app/server/log.server.ts'
import { settleWithin } from '#app/server/settle-within.server.ts'

/**
 * The partner's service charge and tax for a city's ZIP, asked of its REST API
 * (`gettotal`) once per ZIP per Arizona day in this process, whoever visits:
 * the first page of the day that shows products names one of them as the
 * representative product. A failed call is not repeated for half an hour; pages
 * meanwhile say what they say without the figures.
 */

const CALL_TIMEOUT_MS = 4_000
const FAILURE_PAUSE_MS = 30 * 60_000
/** ZIPs kept at once: one per city page is about 70. */
const MAX_ZIPS = 200

/** What a call needs: the products a page shows (one is priced) and the moment asked. */
type Ask = { products: readonly ShownProduct[]; now: number }

/** The first product with a code and a price: what the partner is asked to price. */
function representative(products: readonly ShownProduct[]): { code: string; price: number } | undefined {
	for (const product of products) {
		const code = productCodeOf(product.url)
		const price = priceOf(product)
		if (code && price !== undefined && price > 0) return { code, price }
	}
	return undefined
}

/** The partner's totals for ZIPs, asked of its REST API through `client`; `clock` tells the Arizona day. */
export function createPriceQuotes(client: FloristOneClient, clock: Pick<Clock, 'now'> = systemClock) {
	/**
	 * Each ZIP's answer (null: the partner did not answer) until Arizona midnight, a failure for half
	 * an hour at most; pages asking while a call is under way share it.
	 */
	const quotes = new LRUCache<string, { quote: PriceQuote | null }, Ask>({
		max: MAX_ZIPS,
		// Answers last until Arizona midnight by the same clock that names the day.
		perf: { now: () => clock.now() },
		ttlResolution: 0,
		// A call under way still answers the pages waiting for it when its ZIP is pushed out.
		ignoreFetchAbort: true,
		fetchMethod: async (zip, _stale, { options, context: { products, now } }) => {
			const product = representative(products)
			// Nothing to ask with: nothing is kept, and the next page with a priced product asks.
			if (!product) return undefined
			const { today } = arizonaNow(new Date(now))
			// Stale from midnight itself: the cache counts an answer fresh while its age is at most its ttl.
			const restOfDay = Math.max(1, arizonaDayEnd(now) - now - 1)
			try {
				const total = await client.orderTotal(zip, product, AbortSignal.timeout(CALL_TIMEOUT_MS))
				options.ttl = restOfDay
				return { quote: { zip, date: today, ...total } }
			} catch (error) {
				log.warn({ err: error, zip }, 'Order total unavailable')
				options.ttl = Math.min(FAILURE_PAUSE_MS, restOfDay)
				return { quote: null }
			}
		},
	})

	/**
	 * Today's quote for `zip`, asking the partner with one of `products` when none
	 * is known yet. Null without a priced product, or when the partner did not
	 * answer.
	 */
	async function getPriceQuote(zip: string, products: readonly ShownProduct[]): Promise<PriceQuote | null> {
		if (!/^\d{5}$/.test(zip)) return null
		const known = await quotes.fetch(zip, { context: { products, now: clock.now() } })
		return known?.quote ?? null
	}

	return { get: getPriceQuote }
}

export type PriceQuotes = ReturnType<typeof createPriceQuotes>

/**
 * A city page's sliders with each priced card saying what it costs delivered to
 * the city, and the quote itself for the page's "who delivers" box. The quote is
 * asked with the first slider's products; the sliders wait for it no later than
 * `deadline`, so a slow answer never holds the page past its stream budget.
 */
export function pricedForCity<T extends { products: ShownProduct[] }>(
	priceQuotes: PriceQuotes | undefined,
	zip: string,
	place: string,
	sliders: readonly Promise<T>[],
	deadline: number,
): { quote: Promise<PriceQuote | null>; sliders: Promise<T>[] } {
	const first = sliders[0]
	const quote =
		first && priceQuotes
			? settleWithin(
					first.then((loaded) => priceQuotes.get(zip, loaded.products)),
					deadline - Date.now(),
				).then(
					(outcome) => (outcome.settled ? outcome.value : null),
					() => null,
				)
			: Promise.resolve(null)
	const priced = sliders.map((slider) =>
		slider.then(async (loaded) => {
			const known = await quote
			return known ? { ...loaded, products: loaded.products.map((product) => withDelivered(product, known, place)) } : loaded
		}),
	)
	return { quote, sliders: priced }
}

function withDelivered(product: ShownProduct, quote: PriceQuote, place: string): ShownProduct {
	const price = priceOf(product)
	return price === undefined ? product : { ...product, delivered: { price: deliveredPrice(price, quote), place } }
}
