import { isPartnerUrl, withAffiliate } from '~/domain/affiliate.ts'
import type { Category } from '~/domain/catalog-schema.ts'
import type { Product, ShownProduct } from '~/domain/product.ts'
import type { Kysely } from 'kysely'
import { createDirectLoader } from './crawler.server.ts'
import { getDatabase, type DatabaseSchema } from './db.server.ts'
import { createPageCache, errorMessage, systemClock, type PageCache, type PageLoader } from './page-cache.server.ts'
import { categoryCode, categoryPageUrl, getPartnerTemplates } from './catalog.server.ts'
import { partnerUrl } from '~/domain/partner-links.ts'
import { createFirecrawlLoader, createFloristOneLoader } from './providers.server.ts'
import { createFloristOneClient, type FloristOneClient } from './floristone.server.ts'
import { createPhotoStore, type PhotoStore } from './photos.server.ts'
import { invalidateRenderedPages, noteNotReusable, noteProductSource } from './render-cache.server.ts'
import { getSettings } from './settings.server.ts'

export const GRID_LIMIT = 24
export const SLIDER_SOURCE_SLUGS = ['mothers-day', 'graduation', 'new-baby', 'get-well-soon', 'just-because'] as const
export const SLIDER_POOL_LIMIT = 80
export const SLIDER_WINDOW = 20

let cache: PageCache | undefined
let floristOne: FloristOneClient | undefined
let photos: PhotoStore | undefined

/** The process's photo store: partner photos resized and re-encoded on our origin. */
export function getPhotoStore(): PhotoStore {
	if (photos) return photos
	const settings = getSettings()
	photos = createPhotoStore({ db: getDatabase(settings.DATABASE_PATH).db, partnerBaseUrl: settings.PARTNER_BASE_URL })
	return photos
}

/** The REST API client, when its credentials are set. */
export function getFloristOneClient(settings = getSettings()): FloristOneClient {
	if (!settings.FLORISTONE_API_KEY || !settings.FLORISTONE_API_PASSWORD) throw new Error('Florist One API credentials are not set')
	floristOne ??= createFloristOneClient({
		apiUrl: settings.FLORISTONE_API_URL,
		apiKey: settings.FLORISTONE_API_KEY,
		apiPassword: settings.FLORISTONE_API_PASSWORD,
		deadlineMs: settings.CRAWL_DEADLINE_SECONDS * 1000,
	})
	return floristOne
}

/** The process's partner page cache, built on first use from the settings. */
export function getPageCache(): PageCache {
	if (cache) return cache
	const settings = getSettings()
	const { db } = getDatabase(settings.DATABASE_PATH)
	cache = createPageCache({
		db,
		load: chooseLoader(db),
		onProductsChanged: invalidateRenderedPages,
		options: { crawlDeadlineMs: settings.CRAWL_DEADLINE_SECONDS * 1000, lockLeaseMs: settings.CACHE_LOCK_LEASE_SECONDS * 1000 },
	})
	return cache
}

/** Florist One's REST API when its credentials are set, else Firecrawl with a key, else direct fetch. */
function chooseLoader(db: Kysely<DatabaseSchema>): PageLoader {
	const settings = getSettings()
	const clock = systemClock
	if (settings.FLORISTONE_API_KEY && settings.FLORISTONE_API_PASSWORD) {
		return createFloristOneLoader({
			db,
			clock,
			client: getFloristOneClient(settings),
			productUrl: (code) => partnerUrl(getPartnerTemplates().product, { CODE: code }, settings.PARTNER_BASE_URL),
		})
	}
	if (settings.FIRECRAWL_API_KEY) {
		return createFirecrawlLoader({ db, clock, apiUrl: settings.FIRECRAWL_API_URL, apiKey: settings.FIRECRAWL_API_KEY })
	}
	return createDirectLoader({
		db,
		partnerBaseUrl: settings.PARTNER_BASE_URL,
		clock,
		maxBytes: settings.CRAWL_MAX_BYTES,
		deadlineMs: settings.CRAWL_DEADLINE_SECONDS * 1000,
	})
}

type ProductSource = Pick<Category, 'partnerTemplate' | 'partnerCode' | 'fallbackCode'>

/**
 * Where a category's products come from, which is also its cache key: the
 * REST API's product list for its code when that API is in use, else its page.
 */
export function productSourceUrl(category: ProductSource, now = new Date()): string {
	const settings = getSettings()
	if (!settings.FLORISTONE_API_KEY || !settings.FLORISTONE_API_PASSWORD) return categoryPageUrl(category, now)
	return getFloristOneClient(settings).productsUrl(categoryCode(category, now), GRID_LIMIT, 1)
}

/** Frees any refresh lock this process holds, so other processes need not wait out the lease. */
export async function releasePageCacheLocks() {
	await cache?.releaseAll()
}

/** A product whose link leaves the partner's domain is dropped: shown without the commission, it would earn nothing. */
function onPartner(products: readonly Product[]): Product[] {
	const { PARTNER_BASE_URL } = getSettings()
	return products.filter((product) => isPartnerUrl(product.url, PARTNER_BASE_URL))
}

/** Products as pages show them: links with the affiliate parameters, photos registered and named by id. */
function toShown(products: readonly Product[]): ShownProduct[] {
	const settings = getSettings()
	const config = { partnerBaseUrl: settings.PARTNER_BASE_URL, affiliateId: settings.AFFILIATE_ID }
	const ids = getPhotoStore().register(products.map((product) => product.image))
	return products.map(({ image: _image, ...product }, index) => ({ ...product, url: withAffiliate(product.url, config), photo: ids[index] ?? '' }))
}

/** Up to 24 products for a category grid, every link carrying the affiliate parameters. */
export async function getCategoryProducts(category: ProductSource): Promise<ShownProduct[]> {
	const url = productSourceUrl(category)
	try {
		const page = await getPageCache().get(url)
		noteProductSource(url, page.status)
		return toShown(onPartner(page.products).slice(0, GRID_LIMIT))
	} catch (error) {
		console.warn(`Products unavailable for ${url}: ${errorMessage(error)}`)
		noteNotReusable()
		throw error
	}
}

/** Round-robin merge of several lists, de-duplicated by URL, capped. */
export function mergeRoundRobin(lists: readonly (readonly Product[])[], limit: number): Product[] {
	const seen = new Set<string>()
	const merged: Product[] = []
	const longest = Math.max(0, ...lists.map((list) => list.length))
	for (let index = 0; index < longest && merged.length < limit; index += 1) {
		for (const list of lists) {
			const product = list[index]
			if (!product || seen.has(product.url)) continue
			seen.add(product.url)
			merged.push(product)
			if (merged.length >= limit) break
		}
	}
	return merged
}

/** `size` items starting at `offset`, wrapping round to the start. */
export function sliderWindow<T>(items: readonly T[], offset: number, size = SLIDER_WINDOW): T[] {
	if (items.length === 0) return []
	const count = Math.min(size, items.length)
	return Array.from({ length: count }, (_, index) => items[(offset + index) % items.length]).filter((item): item is T => item !== undefined)
}

type SliderSource = ProductSource & Pick<Category, 'slug'>
type SliderData = { products: ShownProduct[]; refreshing: boolean; failed?: boolean }

/**
 * The slider's pool: the five occasion pages merged round-robin, at most 80.
 * Upstream fetches are spaced 200 ms apart by the loader; cached pages answer
 * at once. A page that fails is left out; all failing throws.
 */
async function getSliderPool(categories: readonly SliderSource[]) {
	const sources = SLIDER_SOURCE_SLUGS.flatMap((slug) => categories.find((category) => category.slug === slug) ?? [])
	const urls = sources.map((category) => productSourceUrl(category))
	const results = await Promise.allSettled(urls.map((url) => getPageCache().get(url)))
	results.forEach((result, index) => {
		if (result.status === 'rejected') noteNotReusable()
		else noteProductSource(urls[index] ?? '', result.value.status)
	})
	const pages = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
	if (pages.length === 0 && results.length > 0) throw new Error('Could not load products')
	const products = toShown(mergeRoundRobin(pages.map((page) => onPartner(page.products)), SLIDER_POOL_LIMIT))
	// Anything served from an older copy has a background refresh under way.
	const refreshing = pages.some((page) => page.status !== 'fresh' && page.status !== 'crawled')
	return { products, refreshing }
}

/**
 * How long a page waits for products it streams: under the server entry's
 * 5 s stream timeout, after which React Router would abort the response.
 * A slower crawl goes on in the background and fills the cache for the next visit.
 */
export const STREAM_BUDGET_MS = 4_500

function withinStreamBudget<T>(promise: Promise<T>, late: () => T): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined
	const timeout = new Promise<T>((resolve) => {
		timer = setTimeout(() => {
			noteNotReusable()
			resolve(late())
		}, STREAM_BUDGET_MS)
	})
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Grid data for a page: never rejects, so a failure renders the fallback state. */
export function loadGridData(category: ProductSource): Promise<{ products: ShownProduct[]; error?: string }> {
	const data = getCategoryProducts(category).then(
		(products) => ({ products }),
		(error: unknown) => ({ products: [], error: errorMessage(error) }),
	)
	return withinStreamBudget(data, () => ({ products: [], error: 'The florist network is slow to answer; please try again in a moment.' }))
}

/**
 * Slider data for a page, one window of 20 per offset, all from one read of
 * the pool. Never rejects; a failure is flagged for the notice.
 */
export function loadSliders(categories: readonly SliderSource[], offsets: readonly number[]): Promise<SliderData>[] {
	const pool = getSliderPool(categories)
	pool.catch((error: unknown) => console.warn(`Slider products unavailable: ${errorMessage(error)}`))
	return offsets.map((offset) =>
		withinStreamBudget(
			pool.then(
				({ products, refreshing }) => ({ products: sliderWindow(products, offset), refreshing }),
				() => ({ products: [], refreshing: false, failed: true }),
			),
			() => ({ products: [], refreshing: false, failed: true }),
		),
	)
}
