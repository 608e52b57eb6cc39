import { ShieldCheck } from 'lucide-react'

/**
 * Who does what when a visitor orders: the plain answer to "is this a real
 * local shop?", beside the order buttons of city and category pages.
 */
export function WhoDelivers({ place }: { place: string }) {
	return (
		<aside aria-labelledby="who-delivers-title" className="mt-6 max-w-2xl rounded-2xl border border-stone-200 bg-white p-5 text-sm leading-6 text-stone-700">
			<h2 id="who-delivers-title" className="flex items-center gap-2 text-base font-semibold text-stone-900">
				<ShieldCheck aria-hidden="true" className="size-5 text-sage-700" /> Who delivers your order
			</h2>
			<ul className="mt-2 list-disc space-y-1 pl-5">
				<li>You order on Florist One, which takes your payment and answers for the order.</li>
				<li>A florist in Florist One’s network near the recipient arranges and delivers it in {place}.</li>
				<li>Prices shown by Florist One do not include its service fee and tax, which it adds at checkout.</li>
				<li>We are a guide, not a shop: we earn a commission on orders placed through our links.</li>
			</ul>
		</aside>
	)
}
