import type { Product } from '~/domain/product.ts'

/**
 * One arrangement: image, one-line title, price when known, and the partner's
 * stated size and description when it gives them (buyers' first worry is a
 * bouquet smaller than its photo); opens the partner in a new tab.
 */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
	return (
		<a
			href={product.url}
			target="_blank"
			rel="sponsored noopener"
			className="group relative block h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 hover:ring-brand-600"
		>
			<img
				src={product.image}
				alt={product.title}
				width={400}
				height={400}
				loading={eager ? 'eager' : 'lazy'}
				decoding="async"
				className="aspect-square w-full bg-stone-100 object-cover"
			/>
			<div className="p-4">
				<h3 className="truncate font-semibold text-stone-900 group-hover:text-brand-700">{product.title}</h3>
				{product.price ? <p className="mt-1 text-stone-700">{product.price}</p> : null}
				{product.dimension ? <p className="mt-1 text-sm text-stone-600">{`Size: ${product.dimension}`}</p> : null}
				{product.description ? <p className="mt-2 line-clamp-2 text-sm leading-5 text-stone-600">{product.description}</p> : null}
				<span className="sr-only"> (opens the partner site in a new tab)</span>
			</div>
		</a>
	)
}
