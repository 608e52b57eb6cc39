import { productCodeOf } from '~/domain/clicks.ts'
import { isoDate } from '~/domain/calendar-date.ts'
import { arizonaNow } from '~/domain/delivery.ts'
import { deliveredPrice, dollars, type PriceQuote } from '~/domain/price-quote.ts'
import type { ShownProduct } from '~/domain/product.ts'
import { priceOf } from '~/domain/product-view.ts'
import type { FloristOneClient } from './partner-setup.server.ts'
import { log } from './log.server.ts'

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

type Entry = { day: string; quote: PriceQuote | null; retryAt: number }

/** The first product with a code and a price: what the partner is asked to price. */
function representative(products: readonly ShownProduct[]): { code: string; price: number } | undefined {
	for (const product of products) {
		const code = productCodeOf(product.url)
		const price = priceOf(product)
		if (code && price !== undefined && price > 0) return { code, price }
	}
	return undefined
}

/** The partner's totals for ZIPs, asked of its REST API through `client`. */
export function createPriceQuotes(client: FloristOneClient) {
	const quotes = new Map<string, Entry>()
	const pending = new Map<string, Promise<PriceQuote | null>>()

	/**
	 * Today's quote for `zip`, asking the partner with one of `products` when none
	 * is known yet. Null without a priced product, or when the partner did not
	 * answer.
	 */
	async function getPriceQuote(zip: string, products: readonly ShownProduct[], now = Date.now()): Promise<PriceQuote | null> {
		if (!/^\d{5}$/.test(zip)) return null
		const { today } = arizonaNow(new Date(now))
		const day = isoDate(today)
		const known = quotes.get(zip)
		if (known && known.day === day && (known.quote || known.retryAt > now)) return known.quote
		const inFlight = pending.get(zip)
		if (inFlight) return inFlight
		const product = representative(products)
		if (!product) return null
		const call = (async () => {
			try {
				const total = await client.orderTotal(zip, product, AbortSignal.timeout(CALL_TIMEOUT_MS))
				return remember(zip, { day, quote: { zip, date: today, ...total }, retryAt: 0 })
			} catch (error) {
				log.warn({ err: error, zip }, 'Order total unavailable')
				return remember(zip, { day, quote: null, retryAt: now + FAILURE_PAUSE_MS })
			} finally {
				pending.delete(zip)
			}
		})()
		pending.set(zip, call)
		return call
	}

	function remember(zip: string, entry: Entry): PriceQuote | null {
		quotes.delete(zip)
		quotes.set(zip, entry)
		if (quotes.size > MAX_ZIPS) quotes.delete(quotes.keys().next().value ?? zip)
		return entry.quote
	}

	return { get: getPriceQuote }
}

export type PriceQuotes = ReturnType<typeof createPriceQuotes>

/** Waits for `promise` until `deadline` (epoch ms) at most, then settles for `late`. */
function until<T>(promise: Promise<T>, deadline: number, late: T): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined
	const timeout = new Promise<T>((resolve) => {
		timer = setTimeout(() => resolve(late), Math.max(0, deadline - Date.now()))
	})
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

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
			? until(
					first.then((loaded) => priceQuotes.get(zip, loaded.products)),
					deadline,
					null,
				).catch(() => null)
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
	return price === undefined ? product : { ...product, delivered: `about ${dollars(deliveredPrice(price, quote))} delivered to ${place}` }
}
