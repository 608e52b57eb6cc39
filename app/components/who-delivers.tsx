import { ShieldCheck } from 'lucide-react'
import { Suspense } from 'react'
import { Await } from 'react-router'
import { fill } from '#app/words/locale.ts'
import { dollars, quoteSource, type PriceQuote } from '#app/domain/price-quote.ts'
import { fillNodes } from '#app/words/fill-nodes.tsx'
import { useMessages } from '#app/components/use-messages.ts'

/** The fee line: the partner's own figures for the city's ZIP when it gave them, else what is added and when. */
function Fees({ quote }: { quote: PriceQuote | null }) {
	const messages = useMessages()
	const words = messages.whoDelivers
	if (!quote) return <li>{words.feesUnknown}</li>
	const strong = (value: number) => <strong className="font-semibold text-stone-900">{dollars(value)}</strong>
	return (
		<li>
			{fillNodes(words.fees, {
				serviceCharge: strong(quote.serviceCharge),
				tax: strong(quote.tax),
				subtotal: dollars(quote.subtotal),
				source: quoteSource(quote, words.quote, messages.delivery.dates),
			})}
		</li>
	)
}

/**
 * Who does what when a visitor orders: the plain answer to "is this a real
 * local shop?", beside the order buttons of city and category pages. On a city
 * page with the partner's quote for its ZIP, the fee and the tax in dollars.
 */
export function WhoDelivers({ place, quote = null }: { place: string; quote?: PriceQuote | null | Promise<PriceQuote | null> }) {
	const words = useMessages().whoDelivers
	const unknown = <li>{words.feesUnknown}</li>
	return (
		<aside aria-labelledby="who-delivers-title" className="mt-6 max-w-2xl rounded-2xl border border-stone-200 bg-white p-5 text-sm leading-6 text-stone-700">
			<h2 id="who-delivers-title" className="flex items-center gap-2 text-base font-semibold text-stone-900">
				<ShieldCheck aria-hidden="true" className="size-5 text-sage-700" /> {words.title}
			</h2>
			<ul className="mt-2 list-disc space-y-1 pl-5">
				<li>{words.youOrder}</li>
				{words.partnerLanguage ? <li>{words.partnerLanguage}</li> : null}
				<li>{fill(words.florist, { place })}</li>
				{quote instanceof Promise ? (
					<Suspense fallback={unknown}>
						<Await resolve={quote} errorElement={unknown}>
							{(known) => <Fees quote={known} />}
						</Await>
					</Suspense>
				) : (
					<Fees quote={quote} />
				)}
				<li>{words.commission}</li>
			</ul>
		</aside>
	)
}
