import type { ShownProduct } from '#app/domain/product.ts'

/**
 * Sorting and price bands on a category grid, as plain links: the view lives
 * in the address (`?sort=price-asc&band=60-80`), and anything else there is
 * ignored, so a bad address shows the plain grid.
 */

/** The partner's own price bands. */
export const PRICE_BANDS = [
	{ id: 'under-60', holds: (price: number) => price < 60 },
	{ id: '60-80', holds: (price: number) => price >= 60 && price <= 80 },
	{ id: '80-100', holds: (price: number) => price > 80 && price <= 100 },
	{ id: 'over-100', holds: (price: number) => price > 100 },
] as const

export const SORTS = [{ id: 'price-asc' }, { id: 'price-desc' }] as const

type BandId = (typeof PRICE_BANDS)[number]['id']
type SortId = (typeof SORTS)[number]['id']

/** The words the count line names a view with, in the page's language (the `view` part of the products catalog). */
export type ViewWords = { bands: Readonly<Record<BandId, string>>; sortsInLine: Readonly<Record<SortId, string>> }
/** `assortment`: one of the category's narrower lists (funeral sprays, wreaths, ...), by id. */
export type GridView = { sort?: SortId; band?: BandId; assortment?: string }

/** The view named by the address; unknown values, and assortments the page does not offer, are dropped. */
export function parseView(params: URLSearchParams, assortmentIds: readonly string[] = []): GridView {
	const sort = SORTS.find((option) => option.id === params.get('sort'))?.id
	const band = PRICE_BANDS.find((option) => option.id === params.get('band'))?.id
	const assortment = assortmentIds.find((id) => id === params.get('assortment'))
	return { ...(assortment ? { assortment } : {}), ...(sort ? { sort } : {}), ...(band ? { band } : {}) }
}

/** Sorted or banded: the grid shows some of its products, or in another order. */
export const isFiltered = (view: GridView) => Boolean(view.sort || view.band)

/** Any view but the plain grid: an address of its own for this visitor, never indexed. */
export const isPlainGrid = (view: GridView) => !isFiltered(view) && !view.assortment

/** The search part of an address showing `view` ('' for the plain grid). */
export function viewSearch(view: GridView): string {
	const params = new URLSearchParams()
	if (view.assortment) params.set('assortment', view.assortment)
	if (view.sort) params.set('sort', view.sort)
	if (view.band) params.set('band', view.band)
	const search = params.toString()
	return search ? `?${search}` : ''
}

/** A product's price in dollars, when the partner gave one. */
export function priceOf(product: Pick<ShownProduct, 'price'>): number | undefined {
	const match = /(\d[\d,]*(?:\.\d+)?)/.exec(product.price ?? '')
	const value = match ? Number(match[1]?.replace(/,/g, '')) : Number.NaN
	return Number.isFinite(value) ? value : undefined
}

function inBand(price: number | undefined, bandId: BandId): boolean {
	const band = PRICE_BANDS.find((option) => option.id === bandId)
	return band !== undefined && price !== undefined && band.holds(price)
}

/** The products the view shows, in its order; products without a price come last when sorting. */
export function applyView<T extends Pick<ShownProduct, 'price'>>(products: readonly T[], view: GridView): T[] {
	const kept = view.band ? products.filter((product) => inBand(priceOf(product), view.band as BandId)) : [...products]
	if (!view.sort) return kept
	const direction = view.sort === 'price-asc' ? 1 : -1
	return kept
		.map((product, index) => ({ product, index, price: priceOf(product) }))
		.sort((a, b) => {
			if (a.price === undefined || b.price === undefined) return a.price === b.price ? a.index - b.index : a.price === undefined ? 1 : -1
			return (a.price - b.price) * direction || a.index - b.index
		})
		.map(({ product }) => product)
}

/** What the count line says the view is, e.g. "$60–$80, price low to high". */
export function describeView(view: GridView, words: ViewWords): string {
	const band = view.band ? words.bands[view.band] : undefined
	const sort = view.sort ? words.sortsInLine[view.sort] : undefined
	return [band, sort].filter(Boolean).join(', ')
}
