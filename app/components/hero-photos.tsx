import { PHOTO_SIZES, photoSrcSet, photoUrl } from '~/domain/photos.ts'
import type { ShownProduct } from '~/domain/product.ts'

type Loaded = { products: readonly ShownProduct[] }

/**
 * A few real arrangements beside a hero, on wide screens only: hidden on
 * phones, where the lazy photos are then never fetched, so the phone's first
 * paint is not slowed. Shown only when the products are already in hand (a
 * warm cache); a page whose products stream keeps its plain hero.
 */
export function HeroPhotos({ data, label }: { data: Loaded | Promise<Loaded> | undefined; label: string }) {
	if (!data || data instanceof Promise || data.products.length < 4) return null
	return (
		<ul aria-label={label} className="hidden shrink-0 grid-cols-2 gap-3 lg:grid">
			{data.products.slice(0, 4).map((product) => (
				<li key={product.url} className="size-40 overflow-hidden rounded-2xl bg-stone-100 shadow-sm ring-1 ring-stone-200">
					<img
						src={photoUrl(product.photo, 320)}
						srcSet={photoSrcSet(product.photo)}
						sizes={PHOTO_SIZES.hero}
						alt={product.title}
						width={160}
						height={160}
						loading="lazy"
						decoding="async"
						className="size-full object-cover"
					/>
				</li>
			))}
		</ul>
	)
}
