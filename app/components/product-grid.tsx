import { Flower } from 'lucide-react'
import { Suspense, useEffect } from 'react'
import { Await } from 'react-router'
import type { ShownProduct } from '~/domain/product.ts'
import { LoadingStatus } from './loading-status.tsx'
import { PartnerLink } from './partner-link.tsx'
import { ProductCard } from './product-card.tsx'
import { useToast } from './toaster.tsx'

/** Shown when no products could be loaded: a way on to the partner's category page. */
export function ProductGridFallback({ partnerUrl }: { partnerUrl: string }) {
	return (
		<div data-state="fallback" className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
			<Flower aria-hidden="true" className="size-10 text-stone-400" />
			<p className="text-lg text-stone-700">We couldn’t load products right now.</p>
			<PartnerLink href={partnerUrl} className="btn-primary">
				Browse on FloristOne
			</PartnerLink>
		</div>
	)
}

const columns = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3'

function ProductGridSkeleton() {
	return (
		<LoadingStatus>
			<div className="mb-6 h-5 w-48 animate-pulse rounded bg-stone-200" />
			<ul className={columns}>
				{Array.from({ length: 6 }, (_, index) => (
					<li key={index} className="overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200">
						<div className="aspect-square animate-pulse bg-stone-200" />
						<div className="space-y-2 p-4">
							<div className="h-4 w-3/4 animate-pulse rounded bg-stone-200" />
							<div className="h-4 w-1/4 animate-pulse rounded bg-stone-200" />
						</div>
					</li>
				))}
			</ul>
		</LoadingStatus>
	)
}

function ProductList({ products, partnerUrl }: { products: readonly ShownProduct[]; partnerUrl: string }) {
	if (products.length === 0) return <ProductGridFallback partnerUrl={partnerUrl} />
	return (
		<div data-state="loaded">
			<p className="mb-6 text-sm text-stone-600">{`${products.length} arrangements from our partner florists`}</p>
			<ul className={columns}>
				{products.map((product) => (
					<li key={product.url} className="offscreen-card">
						<ProductCard product={product} layout="grid" />
					</li>
				))}
			</ul>
		</div>
	)
}

/** Products, or the reason there are none (the loader never rejects). */
export type GridData = { products: ShownProduct[]; error?: string }

function ProductGridError({ message, partnerUrl }: { message: string; partnerUrl: string }) {
	const { show } = useToast()
	useEffect(() => {
		show({ title: 'Could not fetch products', description: message || 'Please try again later.' })
	}, [message, show])
	return <ProductGridFallback partnerUrl={partnerUrl} />
}

function GridState({ data, partnerUrl }: { data: GridData; partnerUrl: string }) {
	if (data.error !== undefined) return <ProductGridError message={data.error} partnerUrl={partnerUrl} />
	return <ProductList products={data.products} partnerUrl={partnerUrl} />
}

/**
 * The category grid: products already in hand render at once (they are in
 * the first HTML); a pending fetch shows skeletons until it streams in.
 */
export function ProductGrid({ data, partnerUrl }: { data: GridData | Promise<GridData>; partnerUrl: string }) {
	if (!(data instanceof Promise)) return <GridState data={data} partnerUrl={partnerUrl} />
	return (
		<Suspense fallback={<ProductGridSkeleton />}>
			<Await resolve={data}>{(loaded) => <GridState data={loaded} partnerUrl={partnerUrl} />}</Await>
		</Suspense>
	)
}
