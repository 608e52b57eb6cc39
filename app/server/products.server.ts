import { withAffiliate } from '~/domain/affiliate.ts'
import type { Category } from '~/domain/catalog-schema.ts'
import type { Product } from '~/domain/product.ts'
import { createDirectLoader } from './crawler.server.ts'
import { getDatabase } from './db.server.ts'
import { createPageCache, errorMessage, systemClock, type PageCache } from './page-cache.server.ts'
import { getSettings } from './settings.server.ts'

export const GRID_LIMIT = 24
export const SLIDER_SOURCE_SLUGS = ['mothers-day', 'graduation', 'new-baby', 'get-well-soon', 'just-because'] as const
export const SLIDER_POOL_LIMIT = 80
export const SLIDER_WINDOW = 20

let cache: PageCache | undefined

/** The process's partner page cache, built on first use from the settings. */
export function getPageCache(): PageCache {
	if (cache) return cache
	const settings = getSettings()
	const { db } = getDatabase(settings.DATABASE_PATH)
	cache = createPageCache({
		db,
		load: createDirectLoader({ db, partnerBaseUrl: settings.PARTNER_BASE_URL, clock: systemClock }),
	})
	return cache
}

/** Frees any refresh lock this process holds, so other processes need not wait out the lease. */
export async function releasePageCacheLocks() {
	await cache?.releaseAll()
}

export function categoryPartnerUrl(category: Pick<Category, 'partnerPath'>): string {
	return new URL(category.partnerPath, getSettings().PARTNER_BASE_URL).toString()
}

function withAffiliateLinks(products: readonly Product[]): Product[] {
	const settings = getSettings()
	const config = { partnerBaseUrl: settings.PARTNER_BASE_URL, affiliateId: settings.AFFILIATE_ID }
	return products.map((product) => ({ ...product, url: withAffiliate(product.url, config) }))
}

/** Up to 24 products for a category grid, every link carrying the affiliate parameters. */
export async function getCategoryProducts(category: Pick<Category, 'partnerPath'>): Promise<Product[]> {
	const url = categoryPartnerUrl(category)
	try {
		const page = await getPageCache().get(url)
		return withAffiliateLinks(page.products.slice(0, GRID_LIMIT))
	} catch (error) {
		console.warn(`Products unavailable for ${url}: ${errorMessage(error)}`)
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

/**
 * The slider's pool: the five occasion pages merged round-robin, at most 80,
 * then a window of 20 from `offset`. Upstream fetches are spaced 200 ms apart
 * by the loader; cached pages answer at once. A page that fails is left out;
 * all failing throws.
 */
export async function getSliderProducts(categories: readonly Pick<Category, 'slug' | 'partnerPath'>[], offset: number) {
	const sources = SLIDER_SOURCE_SLUGS.flatMap((slug) => categories.find((category) => category.slug === slug) ?? [])
	const results = await Promise.allSettled(sources.map((category) => getPageCache().get(categoryPartnerUrl(category))))
	const pages = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
	if (pages.length === 0 && results.length > 0) throw new Error('Could not load products')
	const products = withAffiliateLinks(sliderWindow(mergeRoundRobin(pages.map((page) => page.products), SLIDER_POOL_LIMIT), offset))
	// Anything served from an older copy has a background refresh under way.
	const refreshing = pages.some((page) => page.status !== 'fresh' && page.status !== 'crawled')
	return { products, refreshing }
}

/** Grid data for a page: never rejects, so a failure renders the fallback state. */
export function loadGridData(category: Pick<Category, 'partnerPath'>): Promise<{ products: Product[]; error?: string }> {
	return getCategoryProducts(category).then(
		(products) => ({ products }),
		(error: unknown) => ({ products: [], error: errorMessage(error) }),
	)
}

/** Slider data for a page: never rejects; a failure is flagged for the notice. */
export function loadSliderData(
	categories: readonly Pick<Category, 'slug' | 'partnerPath'>[],
	offset: number,
): Promise<{ products: Product[]; refreshing: boolean; failed?: boolean }> {
	return getSliderProducts(categories, offset).catch((error: unknown) => {
		console.warn(`Slider products unavailable: ${errorMessage(error)}`)
		return { products: [], refreshing: false, failed: true }
	})
}
