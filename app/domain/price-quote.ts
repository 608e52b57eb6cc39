import { formatDate, type CalendarDate, type DateWords } from '#app/domain/calendar-date.ts'
import { fill } from '#app/words/locale.ts'

/**
 * What Florist One adds to an arrangement's price for one ZIP on one date: its
 * service charge and the tax, as its own `gettotal` answered for one product
 * (`subtotal` is that product's price). Prices on the partner's site exclude
 * both, and fees that appear only at checkout are the buyer's first complaint.
 */
export type PriceQuote = { zip: string; date: CalendarDate; subtotal: number; serviceCharge: number; tax: number }

/** '$14.99' */
export const dollars = (value: number) => `$${value.toFixed(2)}`

/**
 * An arrangement's price delivered to the quote's ZIP: the price, the service
 * charge, and the tax in the same proportion to the price as in the quote. Exact
 * for the quoted product, an estimate for others (hence "about" wherever it shows).
 */
export function deliveredPrice(price: number, quote: PriceQuote): number {
	const taxRate = quote.subtotal > 0 ? quote.tax / quote.subtotal : 0
	return Math.round((price + quote.serviceCharge + price * taxRate) * 100) / 100
}

/** The quote's source line in the page's language (`quote.source` of the who-delivers catalog), with `{zip}` and `{date}`. */
export type QuoteWords = { source: string }

/** The sentence that names whose figures these are and for which ZIP and day. */
export function quoteSource(quote: PriceQuote, words: QuoteWords, dates: DateWords): string {
	return fill(words.source, { zip: quote.zip, date: formatDate(quote.date, dates, { year: true }) })
}

/** A card's price delivered to a place, as the partner's figures give it. */
export type Delivered = { price: number; place: string }

/** The card's line for it, e.g. 'about $57.74 delivered to Phoenix'; `template` has `{price}` and `{place}`. */
export function deliveredLine(delivered: Delivered, template: string): string {
	return fill(template, { price: dollars(delivered.price), place: delivered.place })
}
