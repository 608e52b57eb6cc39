import { isPartnerUrl, withAffiliate } from '#app/domain/affiliate.ts'
import { productsTag } from '#app/domain/cache-policy.ts'
import { productCodeOf } from '#app/domain/clicks.ts'
import type { Product, ShownProduct } from '#app/domain/product.ts'
import { leadWith, mergeRoundRobin, seedOf, shuffleInBlocks, sliderWindow } from '#app/domain/product-lists.ts'
import { applyView, isFiltered, type GridView } from '#app/domain/product-view.ts'
import type { Category } from '#app/domain/catalog-schema.ts'
import { getCategories } from '#app/server/catalog-data.server.ts'
import { systemClock, type Clock } from '#app/server/clock.server.ts'
import { visitorMessage } from '#app/server/errors.server.ts'
import { log } from '#app/server/log.server.ts'
import { STREAM_BUDGET_MS } from '#app/server/page-timing.server.ts'
import { GRID_LIMIT, type Partner, type ProductSource, type SourceChangeEvent } from '#app/server/offers/partner-setup.server.ts'
import type { CachedPage } from '#app/server/partner/page-cache.server.ts'
import { settleWithin } from '#app/server/settle-within.server.ts'

/**
 * The product service: what pages show of the partner's products (category
 * grids, the sliders' pools and windows, the API's lists), shaped for display
 * (affiliate links, photos on our origin, the page's own order), which product
 * codes the site shows, and the one path by which a change of products reaches
 * the page caches, named by category.
 */

export const SLIDER_SOURCE_SLUGS = ['mothers-day', 'graduation', 'new-baby', 'get-well-soon', 'just-because'] as const
const SLIDER_POOL_LIMIT = 80
/** How long the shown product codes are taken as read before the stored pages are read again. */
const SHOWN_CODES_MS = 60_000

/**
 * What a page shows of the partner's products. `refreshing`: some came from an
 * older copy whose background refresh is under way. `fallback`: some came
 * from a last resort (memory while the database failed, or a slider missing a
 * source that failed), so the page is not worth keeping.
 */
export type ShownProducts = { products: ShownProduct[]; refreshing: boolean; fallback?: true }

type SliderData = ShownProducts & { failed?: boolean; popular?: true }

/** A slider with nothing to show. */
export const EMPTY_SLIDER: SliderData = { products: [], refreshing: false }

/** A grid with no products and nothing pending: the unknown category's. */
export const NO_PRODUCTS: ShownProducts = { products: [], refreshing: false }

/** How one page orders its sliders: occasions to lead with, a seed of its own, and products its visitors chose most. */
export type SliderOrder = { lead?: readonly string[]; seed?: string; popular?: readonly string[] }

/** The categories a slider pool is read from: the page's own lead occasions first, then the five of SPEC §9. */
export function sliderSourceSlugs(lead: readonly string[] = []): string[] {
	return [...new Set([...lead, ...SLIDER_SOURCE_SLUGS])]
}

function isRefreshing(page: Pick<CachedPage, 'status'>): boolean {
	return page.status !== 'fresh' && page.status !== 'crawled'
}

async function withinStreamBudget<T>(promise: Promise<T>, late: () => T): Promise<T> {
	const outcome = await settleWithin(promise, STREAM_BUDGET_MS)
	if (outcome.settled) return outcome.value
	log.warn({ budgetMs: STREAM_BUDGET_MS }, 'Products not ready within the stream budget: the page shows its fallback; the crawl goes on for the next visit')
	return late()
}

/**
 * What a grid says of the page its products came from: `refreshing` when the copy is older and
 * its refresh is under way, and `fallback` when memory answered while the database failed.
 */
export function gridState(page: Pick<CachedPage, 'status'>): { refreshing: boolean; fallback?: true } {
	return page.status === 'error_fallback' ? { refreshing: true, fallback: true } : { refreshing: isRefreshing(page) }
}

/**
 * What a slider pool says of the pages it was merged from (`asked` of them were asked for):
 * `fallback` when one failed or came from memory while the database failed, `popular` when the
 * page's popular products lead.
 */
export function poolState(
	pages: readonly Pick<CachedPage, 'status'>[],
	asked: number,
	popular: boolean,
): { refreshing: boolean; fallback?: true; popular?: true } {
	const fallback = pages.length < asked || pages.some((page) => page.status === 'error_fallback')
	return {
		refreshing: pages.some(isRefreshing),
		...(fallback ? { fallback: true as const } : {}),
		...(popular ? { popular: true as const } : {}),
	}
}

/**
 * A slider pool's order: the lists merged round-robin (at most 80), shuffled within blocks by the
 * page's seed, the page's popular products first.
 */
export function orderPool(lists: readonly (readonly Product[])[], order: Pick<SliderOrder, 'seed' | 'popular'>): Product[] {
	const merged = mergeRoundRobin(lists, SLIDER_POOL_LIMIT)
	const shuffled = order.seed ? shuffleInBlocks(merged, seedOf(order.seed)) : merged
	const popular = order.popular ?? []
	return popular.length > 0 ? leadWith(shuffled, popular, (product) => productCodeOf(product.url)) : shuffled
}

/** The source of the grid an address asks for: one of the category's assortments (the REST API's own lists), or the whole category. */
export function gridSource(
	category: Pick<Category, 'slug' | 'partnerTemplate' | 'partnerCode' | 'fallbackCode' | 'assortments'>,
	view: Pick<GridView, 'assortment'>,
): ProductSource {
	const assortment = category.assortments?.find((entry) => entry.id === view.assortment)
	return assortment ? { slug: category.slug, partnerCode: assortment.code, partnerTemplate: category.partnerTemplate } : category
}

/** The product codes in product lists (links without one are left out). */
export function codesIn(lists: readonly (readonly Pick<Product, 'url'>[])[]): Set<string> {
	return new Set(lists.flatMap((products) => products.flatMap((product) => productCodeOf(product.url) ?? [])))
}

/** A product whose link leaves the partner's domain is dropped: shown without the commission, it would earn nothing. */
function onPartner(products: readonly Product[], partnerBaseUrl: string): Product[] {
	return products.filter((product) => isPartnerUrl(product.url, partnerBaseUrl))
}

/** Products as pages show them: links with the affiliate parameters, photos registered and named by id. */
function toShown(partner: Partner, products: readonly Product[]): ShownProduct[] {
	const ids = partner.photos.register(products.map((product) => product.image))
	return products.map(({ image: _image, ...product }, index) => ({ ...product, url: withAffiliate(product.url, partner.links), photo: ids[index] ?? '' }))
}

/**
 * A category that shares its product source with one listed before it (Graduation and Just
 * Because both read the partner's all-occasions list) shows it in an order of its own, so no
 * two category pages show the identical grid; the first keeps the partner's order.
 */
function ownOrder(partner: Partner, category: ProductSource, products: readonly Product[]): readonly Product[] {
	const source = partner.productSourceUrl(category)
	const first = getCategories().find((other) => partner.productSourceUrl(other) === source)
	return first && first.slug !== category.slug ? shuffleInBlocks(products, seedOf(category.slug)) : products
}

/**
 * The categories read from each product source (a source is a URL; a category's can change with
 * the season), so that a change to a source is told as its categories' cache tags. Returns a
 * category's product source, remembered.
 */
function trackSources(partner: Partner, onProductsChanged: ((tags: string[]) => void) | undefined): (category: ProductSource) => string {
	const categoriesBySource = new Map<string, Set<string>>()
	partner.sourceChanges.addEventListener('change', (event) => {
		const tags = [...(categoriesBySource.get((event as SourceChangeEvent).detail) ?? [])].map(productsTag)
		if (tags.length > 0) onProductsChanged?.(tags)
	})
	return (category) => {
		const url = partner.productSourceUrl(category)
		categoriesBySource.set(url, (categoriesBySource.get(url) ?? new Set()).add(category.slug))
		return url
	}
}

/** How long the shown product codes are taken as read for a code they lack, before the stored pages are read again. */
const SHOWN_CODES_MISS_MS = 1_000
/** How many codes this process remembers having shown itself, beside what it read from the store. */
const SHOWN_HERE_MAX = 20_000

/**
 * The product codes the site shows: those of the stored product lists (what pages of any process
 * show), read at most once a minute, and those this process itself just showed. A code in
 * neither is looked for again in the store, at most once a second, so a product another process
 * began to show a moment ago counts as soon as it is stored.
 */
function shownCodesReader(pageCache: Partner['pageCache'], clock: Clock) {
	let stored: { at: number; codes: ReadonlySet<string> } | undefined
	const shownHere = new Set<string>()
	const read = async () => {
		try {
			const codes = codesIn(await pageCache.storedProducts())
			stored = { at: clock.now(), codes }
			return codes
		} catch {
			// The store out of reach (a PostgreSQL outage): what was read last stands, and is asked again in a second.
			stored = { at: clock.now() - SHOWN_CODES_MS + SHOWN_CODES_MISS_MS, codes: stored?.codes ?? new Set() }
			return stored.codes
		}
	}
	const codes = async () => (stored && clock.now() - stored.at < SHOWN_CODES_MS ? stored.codes : read())
	return {
		codes,
		async has(code: string): Promise<boolean> {
			if (shownHere.has(code) || (await codes()).has(code)) return true
			return stored !== undefined && clock.now() - stored.at >= SHOWN_CODES_MISS_MS && (await read()).has(code)
		},
		remember(products: readonly Pick<Product, 'url'>[]) {
			if (shownHere.size > SHOWN_HERE_MAX) shownHere.clear()
			for (const code of codesIn([products])) shownHere.add(code)
		},
	}
}

/**
 * The product service over `partner`. `onProductsChanged` is told the cache tags
 * (`productsTag`) of the categories whose products just changed, once per change,
 * after a refresh brought a new range.
 */
export function createProductService(partner: Partner, deps: { onProductsChanged?: (tags: string[]) => void; clock?: Clock } = {}) {
	const clock = deps.clock ?? systemClock
	const { pageCache } = partner
	const sourceOf = trackSources(partner, deps.onProductsChanged)
	const partnerBaseUrl = partner.links.partnerBaseUrl
	const shown = shownCodesReader(pageCache, clock)

	/** Up to 24 products for a category grid, every link carrying the affiliate parameters. */
	async function getCategoryProducts(category: ProductSource): Promise<ShownProducts> {
		const url = sourceOf(category)
		try {
			const page = await pageCache.get(url)
			const products = toShown(partner, ownOrder(partner, category, onPartner(page.products, partnerBaseUrl)).slice(0, GRID_LIMIT))
			shown.remember(products)
			return { products, ...gridState(page) }
		} catch (error) {
			log.warn({ err: error, url }, 'Products unavailable')
			throw error
		}
	}

	/**
	 * The slider's pool: the occasion pages merged round-robin, at most 80, in the page's own order
	 * (its lead occasions first, shuffled within blocks by its seed, its popular products first).
	 * Upstream fetches are spaced 200 ms apart by the loader; cached pages answer at once. A page
	 * that fails is left out; all failing throws.
	 */
	async function getSliderPool(categories: readonly ProductSource[], order: SliderOrder = {}): Promise<ShownProducts & { popular?: true }> {
		const sources = sliderSourceSlugs(order.lead).flatMap((slug) => categories.find((category) => category.slug === slug) ?? [])
		const results = await Promise.allSettled(sources.map((category) => pageCache.get(sourceOf(category))))
		const pages = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
		if (pages.length === 0 && results.length > 0) throw new Error('Could not load products')
		const lists = pages.map((page) => onPartner(page.products, partnerBaseUrl))
		const products = toShown(partner, orderPool(lists, order))
		shown.remember(products)
		return { products, ...poolState(pages, results.length, (order.popular ?? []).length > 0) }
	}

	/** Grid data for a page: never rejects, so a failure renders the fallback state. */
	function loadGridData(category: ProductSource): Promise<ShownProducts & { error?: string }> {
		const data = getCategoryProducts(category).catch((error: unknown) => ({ products: [], refreshing: false, error: visitorMessage(error) }))
		return withinStreamBudget(data, () => ({ products: [], refreshing: false, error: 'The florist network is slow to answer; please try again in a moment.' }))
	}

	return {
		getCategoryProducts,

		/**
		 * The grid an address asks for: one of the category's assortments (the REST API's own lists,
		 * such as funeral sprays) or the whole category, sorted or banded as the view says (`total`:
		 * how many there were before a band left some out).
		 */
		loadCategoryGrid(category: Category, view: GridView) {
			const grid = loadGridData(gridSource(category, view))
			return isFiltered(view) ? grid.then((loaded) => ({ ...loaded, total: loaded.products.length, products: applyView(loaded.products, view) })) : grid
		},

		/**
		 * Slider data for a page, one window of 20 per offset, all from one read of
		 * the pool. Never rejects; a failure is flagged for the notice.
		 */
		loadSliders(categories: readonly ProductSource[], offsets: readonly number[], order?: SliderOrder): Promise<SliderData>[] {
			const pool = getSliderPool(categories, order)
			pool.catch((error: unknown) => log.warn({ err: error }, 'Slider products unavailable'))
			return offsets.map((offset) =>
				withinStreamBudget(
					pool.then(
						(pool) => ({ ...pool, products: sliderWindow(pool.products, offset) }),
						() => ({ products: [], refreshing: false, failed: true }),
					),
					() => ({ products: [], refreshing: false, failed: true }),
				),
			)
		},

		/**
		 * The product codes in the stored product lists (what pages of any process show), read at
		 * most once a minute.
		 */
		shownProductCodes: shown.codes,

		/** Whether the site shows a product: this process just did, or a stored list has it (see shownCodesReader). */
		isShownProduct: shown.has,
	}
}

export type ProductService = ReturnType<typeof createProductService>
