import type { Kysely } from 'kysely'
import type { Category } from '~/domain/catalog-schema.ts'
import { partnerUrl } from '~/domain/partner-links.ts'
import { categoryCode, categoryPageUrl, getPartnerTemplates } from './catalog.server.ts'
import { systemClock } from './clock.server.ts'
import { getDatabase, type DatabaseSchema } from './db.server.ts'
import { getSettings, type Settings } from './settings.server.ts'
import { createDirectLoader } from './partner/direct-source.server.ts'
import { createFirecrawlLoader } from './partner/firecrawl-source.server.ts'
import { prepareExtraction } from './partner/extract-runner.server.ts'
import { createFloristOneClient, type FloristOneClient } from './partner/floristone.server.ts'
import { createPageCache, type PageCache, type PageLoader } from './partner/page-cache.server.ts'
import { createPhotoStore, type PhotoStore } from './partner/photos.server.ts'
import { createFloristOneLoader } from './partner/rest-source.server.ts'

/**
 * The partner wing's wiring: from the settings, the process's page cache and the
 * product source it loads from, the REST API client and the photo store, each
 * built on first use. The other doors (products, delivery dates, price quotes,
 * photos) reach the partner only through here.
 */

/** How many products a category grid shows (and the REST API is asked for). */
export const GRID_LIMIT = 24

const changeListeners = new Set<(url: string) => void>()

let cache: PageCache | undefined
let floristOne: FloristOneClient | undefined
let photos: PhotoStore | undefined

/** The process's photo store: partner photos resized and re-encoded on our origin. */
export function getPhotoStore(): PhotoStore {
	if (photos) return photos
	const settings = getSettings()
	photos = createPhotoStore({ db: getDatabase().db, partnerBaseUrl: settings.PARTNER_BASE_URL })
	return photos
}

/** Whether products, delivery dates and totals come from Florist One's REST API: its credentials are set. */
export function usesRestApi(settings = getSettings()): settings is Settings & { FLORISTONE_API_KEY: string; FLORISTONE_API_PASSWORD: string } {
	return Boolean(settings.FLORISTONE_API_KEY && settings.FLORISTONE_API_PASSWORD)
}

/** The REST API client, when its credentials are set. */
export function getFloristOneClient(settings = getSettings()): FloristOneClient {
	if (!usesRestApi(settings)) throw new Error('Florist One API credentials are not set')
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
	const { db } = getDatabase()
	cache = createPageCache({
		db,
		load: chooseLoader(db),
		onProductsChanged: (url) => {
			for (const listener of changeListeners) listener(url)
		},
		options: { crawlDeadlineMs: settings.CRAWL_DEADLINE_SECONDS * 1000, lockLeaseMs: settings.CACHE_LOCK_LEASE_SECONDS * 1000 },
	})
	return cache
}

/** Florist One's REST API when its credentials are set, else Firecrawl with a key, else direct fetch. */
function chooseLoader(db: Kysely<DatabaseSchema>): PageLoader {
	const settings = getSettings()
	const clock = systemClock
	if (usesRestApi(settings)) {
		return createFloristOneLoader({
			db,
			clock,
			client: getFloristOneClient(settings),
			productUrl: (code) => partnerUrl(getPartnerTemplates().product, { CODE: code }, settings.PARTNER_BASE_URL),
		})
	}
	// Pages are extracted in a worker: started now, so its start never counts against a page's time limit.
	prepareExtraction()
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

export type ProductSource = Pick<Category, 'slug' | 'partnerTemplate' | 'partnerCode' | 'fallbackCode'>

/**
 * Where a category's products come from, which is also its cache key: the
 * REST API's product list for its code when that API is in use, else its page.
 */
export function productSourceUrl(category: ProductSource, now = new Date()): string {
	const settings = getSettings()
	if (!usesRestApi(settings)) return categoryPageUrl(category, now)
	return getFloristOneClient(settings).productsUrl(categoryCode(category, now), GRID_LIMIT, 1)
}

/** Calls `listener` with each product source URL whose products just changed. Returns the unsubscribe. */
export function onSourceChanged(listener: (url: string) => void): () => void {
	changeListeners.add(listener)
	return () => changeListeners.delete(listener)
}

/** Frees any refresh lock this process holds, so other processes need not wait out the lease. */
export async function releasePageCacheLocks() {
	await cache?.releaseAll()
}
