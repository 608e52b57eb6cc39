import { Flower } from 'lucide-react'
import { PartnerLink } from './partner-link.tsx'

/** Shown when no products could be loaded: a way on to the partner's category page. */
export function ProductGridFallback({ partnerUrl }: { partnerUrl: string }) {
	return (
		<div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
			<Flower aria-hidden="true" className="size-10 text-stone-400" />
			<p className="text-lg text-stone-700">We couldn’t load products right now.</p>
			<PartnerLink href={partnerUrl} className="btn-primary">
				Browse on FloristOne
			</PartnerLink>
		</div>
	)
}
