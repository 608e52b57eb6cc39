import { PHOTO_SIZES, photoSrcSet } from '#app/domain/photo-urls.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import { usePartnerLang } from '#app/components/use-messages.ts'

type Loaded = { products: readonly ShownProduct[] }

/** Tailwind's lg breakpoint, where the photos show. */
const WIDE = '(min-width: 1024px)'
/** A transparent pixel: what a phone's browser picks, so it fetches nothing for photos it never shows. */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'

/**
 * A few real arrangements beside a hero, on wide screens only, where they are
 * the first product photos in view and load at once with high priority. A
 * phone picks the empty pixel instead, so its first paint is not slowed.
 * Shown only when the products are already in hand (a warm cache); a page
 * whose products stream keeps its plain hero. Each photo stands alone, so it keeps its
 * product's name as its alt text, in the partner's English.
 */
export function HeroPhotos({ data, label }: { data: Loaded | Promise<Loaded> | undefined; label: string }) {
	const lang = usePartnerLang()
	if (!data || data instanceof Promise || data.products.length < 4) return null
	return (
		<ul aria-label={label} className="hidden shrink-0 grid-cols-2 gap-3 lg:grid">
			{data.products.slice(0, 4).map((product) => (
				<li key={product.url} className="size-40 overflow-hidden rounded-2xl bg-stone-100 shadow-sm ring-1 ring-stone-200">
					<picture>
						<source media={WIDE} srcSet={photoSrcSet(product.photo)} sizes={PHOTO_SIZES.hero} />
						<img
							src={NOTHING}
							alt={product.title}
							lang={lang}
							width={160}
							height={160}
							fetchPriority="high"
							decoding="async"
							className="size-full object-cover"
						/>
					</picture>
				</li>
			))}
		</ul>
	)
}
