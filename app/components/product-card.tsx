import { fill } from '#app/domain/locale.ts'
import { PHOTO_SIZES, photoSrcSet, photoUrl } from '#app/domain/photos.ts'
import { deliveredLine } from '#app/domain/price-quote.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import { useMessages } from '#app/components/use-messages.ts'

/**
 * One arrangement: image, one-line title, price when known, and the partner's
 * stated size and description when it gives them (buyers' first worry is a
 * bouquet smaller than its photo); opens the partner in a new tab. The photo
 * comes from our origin at the width the layout needs, and loads as it nears
 * the viewport: on a phone no card is in view at first paint (the hero fills
 * the screen), so none competes with the page's own first paint.
 */
export function ProductCard({ product, layout }: { product: ShownProduct; layout: 'grid' | 'slider' }) {
	const { products: words, chrome } = useMessages()
	return (
		<a
			href={product.url}
			data-product-card=""
			target="_blank"
			rel="sponsored noopener"
			className="group relative block h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 hover:ring-brand-600"
		>
			<img
				src={photoUrl(product.photo, 320)}
				srcSet={photoSrcSet(product.photo)}
				sizes={PHOTO_SIZES[layout]}
				alt={product.title}
				width={480}
				height={480}
				loading="lazy"
				decoding="async"
				className="aspect-square w-full bg-stone-100 object-cover"
			/>
			<div className="p-4">
				{/* The partner's own words (name, size, description) stay as it sends them, in English: data-partner-text marks them. */}
				<h3 data-partner-text="" translate="no" className="truncate font-semibold text-stone-900 group-hover:text-brand-700">
					{product.title}
				</h3>
				{product.price ? (
					<p className="mt-1 text-stone-700">
						{product.price}
						{product.delivered ? <span className="text-sm text-stone-600">{` · ${deliveredLine(product.delivered, words.card.delivered)}`}</span> : null}
					</p>
				) : null}
				{/* The size is the partner's words, its label ours: one line, kept whole for a reader. */}
				{product.dimension ? (
					<p data-partner-text="" className="mt-1 text-sm text-stone-600">
						{fill(words.card.size, { size: product.dimension })}
					</p>
				) : null}
				{product.description ? (
					<p data-partner-text="" className="mt-2 line-clamp-2 text-sm leading-5 text-stone-600">
						{product.description}
					</p>
				) : null}
				<span className="sr-only">{chrome.partnerNewTab}</span>
			</div>
		</a>
	)
}
