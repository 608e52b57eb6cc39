import { ShieldCheck } from 'lucide-react'
import { Suspense } from 'react'
import { Await } from 'react-router'
import { dollars, quoteSource, type PriceQuote } from '#app/domain/price-quote.ts'
import { useMessages } from '#app/components/use-messages.ts'

const FEES_UNKNOWN = 'Prices shown by Florist One do not include its service fee and tax, which it adds at checkout.'

/** The fee line: the partner's own figures for the city's ZIP when it gave them, else what is added and when. */
function Fees({ quote }: { quote: PriceQuote | null }) {
	const dates = useMessages().delivery.dates
	if (!quote) return <li>{FEES_UNKNOWN}</li>
	return (
		<li>
			Florist One adds a service charge of <strong className="font-semibold text-stone-900">{dollars(quote.serviceCharge)}</strong> and tax of{' '}
			<strong className="font-semibold text-stone-900">{dollars(quote.tax)}</strong> to a {dollars(quote.subtotal)} arrangement ({quoteSource(quote, dates)}).
			Prices marked “delivered” include both; Florist One’s checkout has the final total.
		</li>
	)
}

/**
 * Who does what when a visitor orders: the plain answer to "is this a real
 * local shop?", beside the order buttons of city and category pages. On a city
 * page with the partner's quote for its ZIP, the fee and the tax in dollars.
 */
export function WhoDelivers({ place, quote = null }: { place: string; quote?: PriceQuote | null | Promise<PriceQuote | null> }) {
	return (
		<aside aria-labelledby="who-delivers-title" className="mt-6 max-w-2xl rounded-2xl border border-stone-200 bg-white p-5 text-sm leading-6 text-stone-700">
			<h2 id="who-delivers-title" className="flex items-center gap-2 text-base font-semibold text-stone-900">
				<ShieldCheck aria-hidden="true" className="size-5 text-sage-700" /> Who delivers your order
			</h2>
			<ul className="mt-2 list-disc space-y-1 pl-5">
				<li>You order on Florist One, which takes your payment and answers for the order.</li>
				<li>A florist in Florist One’s network who delivers in {place} arranges it and brings it to the recipient.</li>
				{quote instanceof Promise ? (
					<Suspense fallback={<li>{FEES_UNKNOWN}</li>}>
						<Await resolve={quote} errorElement={<li>{FEES_UNKNOWN}</li>}>
							{(known) => <Fees quote={known} />}
						</Await>
					</Suspense>
				) : (
					<Fees quote={quote} />
				)}
				<li>We are a guide, not a shop: we earn a commission on orders placed through our links.</li>
			</ul>
		</aside>
	)
}
