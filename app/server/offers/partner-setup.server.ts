import type { Kysely } from 'kysely'
import type { PartnerLinkConfig } from '#app/domain/affiliate.ts'
import type { Category } from '#app/domain/catalog-schema.ts'
import { partnerUrl } from '#app/domain/partner-links.ts'
import { categoryCode, categoryPageUrl, getPartnerTemplates } from '#app/server/catalog-data.server.ts'
import { systemClock, type Clock } from '#app/server/clock.server.ts'
import type { DatabaseSchema } from '#app/server/store/db.server.ts'
import type { Settings } from '#app/server/settings.server.ts'
import { createDirectLoader } from '#app/server/partner/direct-source.server.ts'
import { createFirecrawlLoader } from '#app/server/partner/firecrawl-source.server.ts'
import type { ExtractionWorker } from '#app/server/partner/extract-runner.server.ts'
import { createFloristOneClient, type FloristOneClient } from '#app/server/partner/floristone.server.ts'
import { createPageCache, type PageCache, type PageLoader } from '#app/server/partner/page-cache.server.ts'
import { createPhotoStore, type PhotoStore } from '#app/server/partner/photo-store.server.ts'
import { createFloristOneLoader } from '#app/server/partner/rest-source.server.ts'

/**
 * The partner wing's wiring: from the settings, the page cache and the product
 * source it loads from, the REST API client and the photo store, each chosen and
 * built once, at start-up. The other doors (products, delivery dates, price
 * quotes, photos) reach the partner only through the value built here.
 */

export type { FloristOneClient }
/** Partner pages are parsed on this worker; server/app.ts makes it and closes it. */
export { createExtractionWorker } from '#app/server/partner/extract-runner.server.ts'

/** How many products a category grid shows (and the REST API is asked for). */
export const GRID_LIMIT = 24

export type ProductSource = Pick<Category, 'slug' | 'partnerTemplate' | 'partnerCode' | 'fallbackCode'>

/** A product source URL whose products just changed (`detail`), dispatched on `Partner.sourceChanges`. */
export type SourceChangeEvent = CustomEvent<string>

export type Partner = {
	/** The partner's pages (or REST lists) as products, cached. */
	pageCache: PageCache
	/** Florist One's REST API client: there only when its credentials are set. */
	rest: FloristOneClient | undefined
	/** Whether products, delivery dates and totals come from the REST API. */
	usesRestApi: boolean
	/** Partner photos, resized and re-encoded on our origin. */
	photos: PhotoStore
	/** The partner's site and our affiliate id, for the links pages show. */
	links: PartnerLinkConfig
	/** Where a category's products come from, which is also its cache key. */
	productSourceUrl: (category: ProductSource, now?: Date) => string
	/** Dispatches a `change` event (a `SourceChangeEvent`) for each product source URL whose products just changed. */
	sourceChanges: EventTarget
	/** Frees the refresh locks this process holds, so other processes need not wait out the lease (at shutdown, before the database closes). */
	close(): Promise<void>
}

/** The REST API client, when its credentials are set. */
function restClient(settings: Settings): FloristOneClient | undefined {
	if (!settings.FLORISTONE_API_KEY || !settings.FLORISTONE_API_PASSWORD) return undefined
	return createFloristOneClient({
		apiUrl: settings.FLORISTONE_API_URL,
		apiKey: settings.FLORISTONE_API_KEY,
		apiPassword: settings.FLORISTONE_API_PASSWORD,
		deadlineMs: settings.CRAWL_DEADLINE_SECONDS * 1000,
	})
}

/** Florist One's REST API when its credentials are set, else Firecrawl with a key, else direct fetch. */
function chooseLoader(
	settings: Settings,
	db: Kysely<DatabaseSchema>,
	clock: Clock,
	rest: FloristOneClient | undefined,
	extraction: ExtractionWorker,
): PageLoader {
	if (rest) {
		return createFloristOneLoader({
			db,
			clock,
			client: rest,
			productUrl: (code) => partnerUrl(getPartnerTemplates().product, { CODE: code }, settings.PARTNER_BASE_URL),
		})
	}
	// Pages are extracted in a worker: started now, so its start never counts against a page's time limit.
	extraction.prepare()
	if (settings.FIRECRAWL_API_KEY) {
		return createFirecrawlLoader({ db, clock, extraction, apiUrl: settings.FIRECRAWL_API_URL, apiKey: settings.FIRECRAWL_API_KEY })
	}
	return createDirectLoader({
		db,
		extraction,
		partnerBaseUrl: settings.PARTNER_BASE_URL,
		clock,
		maxBytes: settings.CRAWL_MAX_BYTES,
		deadlineMs: settings.CRAWL_DEADLINE_SECONDS * 1000,
	})
}

/**
 * The partner, from the settings: the REST client and the product source are chosen
 * here once. The partner's pages are extracted on `extraction`'s worker (started here when
 * the source needs it; its owner closes it); `load` replaces the chosen source (tests and
 * benchmarks bring their own).
 */
export function createPartner(
	settings: Settings,
	deps: { db: Kysely<DatabaseSchema>; clock?: Clock } & ({ extraction: ExtractionWorker; load?: undefined } | { load: PageLoader }),
): Partner {
	const { db } = deps
	const clock = deps.clock ?? systemClock
	const rest = restClient(settings)
	const sourceChanges = new EventTarget()
	const pageCache = createPageCache({
		db,
		clock,
		load: deps.load === undefined ? chooseLoader(settings, db, clock, rest, deps.extraction) : deps.load,
		onProductsChanged: (url) => sourceChanges.dispatchEvent(new CustomEvent('change', { detail: url })),
		options: { crawlDeadlineMs: settings.CRAWL_DEADLINE_SECONDS * 1000, lockLeaseMs: settings.CACHE_LOCK_LEASE_SECONDS * 1000 },
	})
	return {
		pageCache,
		rest,
		usesRestApi: rest !== undefined,
		photos: createPhotoStore({ db, clock, partnerBaseUrl: settings.PARTNER_BASE_URL }),
		links: { partnerBaseUrl: settings.PARTNER_BASE_URL, affiliateId: settings.AFFILIATE_ID },
		// The REST API's product list for the category's code when that API is in use, else its page.
		productSourceUrl: (category, now = new Date()) =>
			rest ? rest.productsUrl(categoryCode(category, now), GRID_LIMIT, 1) : categoryPageUrl(category, settings.PARTNER_BASE_URL, now),
		sourceChanges,
		close: () => pageCache.releaseAll(),
	}
}
