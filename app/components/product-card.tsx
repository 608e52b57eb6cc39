import { useId } from 'react'
import { PHOTO_SIZES, photoSrcSet, photoUrl } from '#app/domain/photo-urls.ts'
import { deliveredLine } from '#app/domain/price-quote.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import { fillNodes } from '#app/words/fill-nodes.tsx'
import { PARTNER_LINK_REL } from '#app/components/partner-link.tsx'
import { useMessages, usePartnerLang } from '#app/components/use-messages.ts'

/**
 * One arrangement: image, one-line title, price when known, and the partner's
 * stated size and description when it gives them (buyers' first worry is a
 * bouquet smaller than its photo); opens the partner in a new tab. The photo
 * comes from our origin at the width the layout needs, and loads as it nears
 * the viewport: on a phone no card is in view at first paint (the hero fills
 * the screen), so none competes with the page's own first paint.
 *
 * The link says the arrangement once: its name is the title, the price and
 * where it opens; size and description are its description. The photo, whose
 * title is already the link's text, is decorative here.
 */
export function ProductCard({ product, layout }: { product: ShownProduct; layout: 'grid' | 'slider' }) {
	const { products: words, chrome } = useMessages()
	const lang = usePartnerLang()
	const id = useId()
	const [titleId, priceId, newTabId, sizeId, descriptionId] = ['title', 'price', 'new-tab', 'size', 'description'].map((part) => `${id}${part}`)
	const described = [product.dimension ? sizeId : '', product.description ? descriptionId : ''].filter(Boolean).join(' ')
	return (
		<a
			href={product.url}
			data-product-card=""
			target="_blank"
			rel={PARTNER_LINK_REL}
			aria-labelledby={[titleId, product.price ? priceId : '', newTabId].filter(Boolean).join(' ')}
			aria-describedby={described || undefined}
			className="group relative block h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 hover:ring-brand-600"
		>
			<img
				src={photoUrl(product.photo, 320)}
				srcSet={photoSrcSet(product.photo)}
				sizes={PHOTO_SIZES[layout]}
				alt=""
				width={480}
				height={480}
				loading="lazy"
				decoding="async"
				className="aspect-square w-full bg-stone-100 object-cover"
			/>
			<div className="p-4">
				{/* The partner's own words (name, size, description) stay as it sends them, in English: data-partner-text marks them, and lang says so on a Spanish page. */}
				<h3 id={titleId} lang={lang} data-partner-text="" translate="no" className="truncate font-semibold text-stone-900 group-hover:text-brand-700">
					{product.title}
				</h3>
				{product.price ? (
					<p id={priceId} className="mt-1 text-stone-700">
						{product.price}
						{product.delivered ? <span className="text-sm text-stone-600">{` · ${deliveredLine(product.delivered, words.card.delivered)}`}</span> : null}
					</p>
				) : null}
				{/* The size is the partner's words, its label ours: one line, kept whole for a reader. */}
				{product.dimension ? (
					<p id={sizeId} data-partner-text="" className="mt-1 text-sm text-stone-600">
						{fillNodes(words.card.size, { size: <span lang={lang}>{product.dimension}</span> })}
					</p>
				) : null}
				{product.description ? (
					<p id={descriptionId} lang={lang} data-partner-text="" className="mt-2 line-clamp-2 text-sm leading-5 text-stone-600">
						{product.description}
					</p>
				) : null}
				<span id={newTabId} className="sr-only">
					{chrome.partnerNewTab}
				</span>
			</div>
		</a>
	)
}
