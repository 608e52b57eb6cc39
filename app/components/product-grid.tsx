import { Flower } from 'lucide-react'
import { Suspense, useEffect } from 'react'
import { Await, Link } from 'react-router'
import { fill } from '#app/words/locale.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import { describeView, isFiltered, PRICE_BANDS, SORTS, viewSearch, type GridView } from '#app/domain/product-view.ts'
import { LoadingStatus } from '#app/components/loading-status.tsx'
import { PartnerLink } from '#app/components/partner-link.tsx'
import { ProductCard } from '#app/components/product-card.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { useMessages } from '#app/components/use-messages.ts'

/** Shown when no products could be loaded: a way on to the partner's category page. */
function ProductGridFallback({ partnerUrl }: { partnerUrl: string }) {
	const words = useMessages().products.grid
	return (
		<div data-state="fallback" className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
			<Flower aria-hidden="true" className="size-10 text-stone-400" />
			<p className="text-lg text-stone-700">{words.couldNotLoad}</p>
			<PartnerLink href={partnerUrl} className="btn-primary">
				{words.browsePartner}
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

function ProductList({ products, total, view, partnerUrl }: { products: readonly ShownProduct[]; total?: number; view: GridView; partnerUrl: string }) {
	const { grid: words, view: viewWords } = useMessages().products
	const filtered = isFiltered(view) && total !== undefined
	if (products.length === 0 && filtered && total > 0) {
		const band = describeView({ band: view.band }, viewWords)
		return (
			<div data-state="loaded" className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
				<p role="status" className="text-lg text-stone-700">
					{band ? fill(words.noneInBand, { band }) : words.noneHere}
				</p>
				<Link to={viewSearch({ assortment: view.assortment }) || '?'} preventScrollReset className="mt-3 inline-block font-semibold text-brand-700 underline">
					{fill(total === 1 ? words.showAllOne : words.showAll, { total })}
				</Link>
			</div>
		)
	}
	if (products.length === 0) return <ProductGridFallback partnerUrl={partnerUrl} />
	return (
		<div data-state="loaded">
			<p role="status" className="mb-6 text-sm text-stone-600">
				{filtered
					? fill(words.countInView, { count: products.length, total, view: describeView(view, viewWords) })
					: fill(products.length === 1 ? words.countOne : words.count, { count: products.length })}
			</p>
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

/** Products, or the reason there are none (the loader never rejects); `total` counts them before a view filtered them. */
export type GridData = { products: ShownProduct[]; error?: string; total?: number }

/**
 * The products the grid shows in the page's first HTML, in its order: none while they are still on
 * their way, or where it shows its fallback instead.
 */
export function productsShown(data: GridData | Promise<GridData>): readonly ShownProduct[] {
	return data instanceof Promise || data.error !== undefined ? [] : data.products
}

function ProductGridError({ message, partnerUrl }: { message: string; partnerUrl: string }) {
	const { show } = useToast()
	const words = useMessages().products
	useEffect(() => {
		show({ title: words.grid.failedTitle, description: message })
	}, [message, show, words])
	return <ProductGridFallback partnerUrl={partnerUrl} />
}

type GridProps = { view: GridView; partnerUrl: string; controls: boolean }

/** The loaded grid, with the sort and band links above it only when there is something to sort. */
function GridState({ data, view, partnerUrl, controls }: GridProps & { data: GridData }) {
	if (data.error !== undefined) return <ProductGridError message={data.error} partnerUrl={partnerUrl} />
	const sortable = data.products.length > 0 || (data.total ?? 0) > 0
	return (
		<>
			{controls && sortable ? <GridViewControls view={view} /> : null}
			<ProductList products={data.products} total={data.total} view={view} partnerUrl={partnerUrl} />
		</>
	)
}

const chip = 'inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold ring-1'
const chipState = (active: boolean) => (active ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-stone-800 ring-stone-300 hover:ring-brand-600')

/** One choice of the view: a link to the address with it, marked when it is the current one. */
function ViewChoice({ to, current, children }: { to: GridView; current: boolean; children: React.ReactNode }) {
	return (
		<li>
			<Link to={viewSearch(to) || '?'} preventScrollReset aria-current={current ? 'true' : undefined} className={`${chip} ${chipState(current)}`}>
				{children}
			</Link>
		</li>
	)
}

/**
 * Sort and price bands as plain links (they work before the scripts load):
 * each keeps the other choice, the current one is marked, and one link
 * clears both. The view lives in the address.
 */
function GridViewControls({ view }: { view: GridView }) {
	const { grid: words, view: viewWords } = useMessages().products
	return (
		<nav aria-label={words.controls} className="mb-6 flex flex-col gap-3">
			<ul aria-label={words.sort} className="flex flex-wrap gap-2">
				{SORTS.map((sort) => (
					<ViewChoice key={sort.id} to={{ ...view, sort: sort.id }} current={view.sort === sort.id}>
						{viewWords.sorts[sort.id]}
					</ViewChoice>
				))}
			</ul>
			<ul aria-label={words.price} className="flex flex-wrap gap-2">
				{PRICE_BANDS.map((band) => (
					<ViewChoice key={band.id} to={{ ...view, band: band.id }} current={view.band === band.id}>
						{viewWords.bands[band.id]}
					</ViewChoice>
				))}
				{isFiltered(view) ? (
					<li>
						<Link
							to={viewSearch({ assortment: view.assortment }) || '?'}
							preventScrollReset
							className={`${chip} bg-white text-brand-700 underline ring-transparent`}
						>
							{words.clear}
						</Link>
					</li>
				) : null}
			</ul>
		</nav>
	)
}

export type Assortment = { id: string; label: string }

/**
 * The category's narrower lists (funeral sprays, wreaths, ...) as plain links
 * like the price bands: the choice lives in the address, and a sort or band
 * chosen before is kept. The first link is the whole category.
 */
export function AssortmentLinks({ assortments, view, allLabel }: { assortments: readonly Assortment[]; view: GridView; allLabel: string }) {
	const { sort, band } = view
	const words = useMessages().products.grid
	return (
		<nav aria-label={words.assortments} className="mb-4">
			<ul className="flex flex-wrap gap-2">
				<ViewChoice to={{ sort, band }} current={!view.assortment}>
					{allLabel}
				</ViewChoice>
				{assortments.map((assortment) => (
					<ViewChoice key={assortment.id} to={{ assortment: assortment.id, sort, band }} current={view.assortment === assortment.id}>
						{assortment.label}
					</ViewChoice>
				))}
			</ul>
		</nav>
	)
}

/**
 * The category grid: products already in hand render at once (they are in
 * the first HTML); a pending fetch shows skeletons until it streams in.
 */
export function ProductGrid({ data, ...props }: Partial<GridProps> & { data: GridData | Promise<GridData>; partnerUrl: string }) {
	const grid = { view: props.view ?? {}, partnerUrl: props.partnerUrl, controls: props.controls ?? false }
	if (!(data instanceof Promise)) return <GridState data={data} {...grid} />
	return (
		<Suspense fallback={<ProductGridSkeleton />}>
			<Await resolve={data}>{(loaded) => <GridState data={loaded} {...grid} />}</Await>
		</Suspense>
	)
}
