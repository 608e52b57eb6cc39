import { LRUCache } from 'lru-cache'
import type { Kysely } from 'kysely'
import type { Product } from '#app/domain/product.ts'
import type { DatabaseSchema } from '#app/server/db.server.ts'
import { systemClock, type Clock } from '#app/server/clock.server.ts'
import { errorMessage, SiteError } from '#app/server/errors.server.ts'
import { sharePerKey } from '#app/server/in-flight.server.ts'
import { log as serverLog } from '#app/server/log.server.ts'
import { createPageRows, type PageRowOptions, type PageRows, type StoredPage } from '#app/server/partner/page-rows.server.ts'

type CacheStatus = 'fresh' | 'stale_but_acceptable' | 'local_cache' | 'expired_but_served' | 'error_fallback' | 'crawled'

export type CachedPage = { products: Product[]; fetchedAt: number; status: CacheStatus }

/** Fetches a partner page and extracts its products; throws with a readable message on failure. */
export type PageLoader = (url: string, signal: AbortSignal) => Promise<{ html: string; products: Product[] }>

type FreshnessOptions = {
	memoryMs: number
	memoryMaxEntries: number
	/** How long a crawl may take before it is abandoned. */
	crawlDeadlineMs: number
	/** How often a caller that lost the lock re-reads the cache. */
	pollMs: number
}

type PageCacheOptions = FreshnessOptions & PageRowOptions

const DEFAULT_FRESHNESS_OPTIONS: FreshnessOptions = {
	memoryMs: 24 * 3_600_000,
	memoryMaxEntries: 500,
	crawlDeadlineMs: 60_000,
	pollMs: 100,
}

type MemoryEntry = { products: Product[]; fetchedAt: number }

class CacheError extends SiteError {
	constructor(sentence: 'Crawl coordination failed' | 'All cache strategies failed') {
		super(sentence, sentence)
		this.name = 'CacheError'
	}
}

/**
 * A page that answered but yielded no products (a soft 404, a redesign, a
 * redirect to the home page): a failure, never a success that would replace
 * good products with none.
 */
class EmptyPageError extends Error {
	constructor() {
		super('The partner page yielded no products')
		this.name = 'EmptyPageError'
	}
}

/** A page whose last fetch failed is not asked for again before its back-off ends. */
class BackoffError extends Error {
	readonly until: number
	constructor(until: number) {
		super(`The partner page failed recently; it is not fetched again until ${new Date(until).toISOString()}`)
		this.name = 'BackoffError'
		this.until = until
	}
}

/**
 * The freshness policy of partner pages (SPEC §4 "Scraped-page cache freshness"):
 * an in-process memory layer in front of the stored pages; a fresh page is served,
 * a stale one served while one background refresh replaces it, a missing one
 * fetched by one caller (across processes, under the store's lock) while the
 * others wait for it, and a failure backs off. Concurrent asks for one URL share
 * one answer.
 */
export function createFreshnessPolicy(deps: {
	rows: PageRows
	load: PageLoader
	clock?: Clock
	options?: Partial<FreshnessOptions>
	/** Told when a URL's products differ from the version this process held before. */
	onProductsChanged?: (url: string) => void
}) {
	const clock = deps.clock ?? systemClock
	const options = { ...DEFAULT_FRESHNESS_OPTIONS, ...deps.options }
	const { rows } = deps
	// The in-process layer: at most memoryMaxEntries pages, each forgotten memoryMs after it was stored
	// (lru-cache keeps an entry through the last millisecond of its ttl, hence the one less).
	const memory = new LRUCache<string, MemoryEntry>({ max: options.memoryMaxEntries, ttl: options.memoryMs - 1, ttlResolution: 0, perf: { now: clock.now } })
	const lookups = sharePerKey<string, CachedPage>()
	const refreshes = sharePerKey<string, void>()

	function remember(url: string, products: Product[], fetchedAt: number) {
		const previous = memory.peek(url, { allowStale: true })
		if (previous && previous.fetchedAt !== fetchedAt && JSON.stringify(previous.products) !== JSON.stringify(products)) {
			deps.onProductsChanged?.(url)
		}
		memory.set(url, { products, fetchedAt })
	}

	/**
	 * Fetch under a held lock. A page without products counts as a failure. On
	 * failure the URL backs off until its retry time (a page that has products
	 * keeps them). The error is rethrown.
	 */
	async function crawlWithLock(url: string, lockId: string): Promise<CachedPage> {
		const signal = AbortSignal.timeout(options.crawlDeadlineMs)
		try {
			const page = await deps.load(url, signal)
			if (page.products.length === 0) throw new EmptyPageError()
			const fetchedAt = await rows.store(url, page)
			remember(url, page.products, fetchedAt)
			return { products: page.products, fetchedAt, status: 'crawled' }
		} catch (error) {
			await rows.backOff(url, lockId).catch(() => undefined)
			throw error
		}
	}

	/** A caller that lost the lock re-reads until the holder stores the page or the deadline passes. */
	async function waitForOtherCrawl(url: string): Promise<CachedPage> {
		const deadline = clock.now() + options.crawlDeadlineMs
		while (clock.now() < deadline) {
			await clock.sleep(options.pollMs)
			const row = await rows.read(url)
			if (row && row.expiresAt > clock.now()) {
				const products = row.products()
				remember(url, products, row.fetchedAt)
				return { products, fetchedAt: row.fetchedAt, status: 'fresh' }
			}
			// The holder's fetch failed: the URL is backing off, nothing will arrive before then.
			const until = await rows.backoffUntil(url)
			if (until) throw new BackoffError(until)
			// The holder may have crashed: take over once its lease is gone.
			const lockId = await rows.takeLock(url)
			if (lockId) return crawlWithLock(url, lockId)
		}
		throw new CacheError('Crawl coordination failed')
	}

	async function coordinatedCrawl(url: string): Promise<CachedPage> {
		const lockId = await rows.takeLock(url)
		if (lockId) return crawlWithLock(url, lockId)
		const until = await rows.backoffUntil(url)
		if (until) throw new BackoffError(until)
		return waitForOtherCrawl(url)
	}

	/**
	 * Background refresh: take the lock or skip. A failure keeps what is cached,
	 * is written to cache_log with its reason, and is retried after the store's
	 * back-off.
	 */
	function refreshInBackground(url: string) {
		void refreshes.share(url, async () => {
			const started = clock.now()
			try {
				const lockId = await rows.takeLock(url)
				if (lockId) await crawlWithLock(url, lockId)
			} catch (error) {
				serverLog.error({ err: error, url }, 'Background refresh failed')
				await rows.log({ url, action: 'miss', status: 'error', started, error: `Refresh failed, cached products kept: ${errorMessage(error)}` })
			}
		})
	}

	async function lookup(url: string): Promise<CachedPage> {
		const started = clock.now()
		const local = memory.get(url)
		let row: StoredPage | undefined
		try {
			row = await rows.read(url)
		} catch (error) {
			if (local) {
				await rows.log({ url, action: 'hit', status: 'error', started, error: errorMessage(error) })
				return { products: local.products, fetchedAt: local.fetchedAt, status: 'error_fallback' }
			}
			throw new CacheError('All cache strategies failed')
		}
		const now = clock.now()
		const served = (status: 'fresh' | 'stale') => Promise.all([rows.log({ url, action: 'hit', status, started }), rows.countHit(url)])
		// The memory layer already holds this version's products when the fetch times match.
		const productsOf = (stored: StoredPage) => (local?.fetchedAt === stored.fetchedAt ? local.products : stored.products())
		if (row && row.expiresAt > now) {
			const products = productsOf(row)
			if (local?.fetchedAt !== row.fetchedAt) remember(url, products, row.fetchedAt)
			await served('fresh')
			return { products, fetchedAt: row.fetchedAt, status: 'fresh' }
		}
		if (row && row.acceptableUntil > now) {
			const products = productsOf(row)
			// Held in memory too, so the refresh that replaces them is announced as a change.
			if (local?.fetchedAt !== row.fetchedAt) remember(url, products, row.fetchedAt)
			if (row.refreshLockUntil === null || row.refreshLockUntil <= now) refreshInBackground(url)
			await served('stale')
			return { products, fetchedAt: row.fetchedAt, status: 'stale_but_acceptable' }
		}
		if (local) {
			refreshInBackground(url)
			await rows.log({ url, action: 'hit', status: 'stale', started })
			return { products: local.products, fetchedAt: local.fetchedAt, status: 'local_cache' }
		}
		if (row) {
			refreshInBackground(url)
			await served('stale')
			return { products: row.products(), fetchedAt: row.fetchedAt, status: 'expired_but_served' }
		}
		try {
			const page = await coordinatedCrawl(url)
			await rows.log({ url, action: 'miss', status: 'fresh', started })
			return page
		} catch (error) {
			await rows.log({ url, action: 'miss', status: 'error', started, error: errorMessage(error) })
			throw error
		}
	}

	return {
		/** Products for a partner page URL, from whichever cache layer can answer. */
		get(url: string): Promise<CachedPage> {
			return lookups.share(url, () => lookup(url))
		},
		/** Waits for background refreshes (tests, shutdown). */
		settle(): Promise<void> {
			return refreshes.settled()
		},
		/** Releases every lock this process holds (graceful shutdown). */
		releaseAll(): Promise<void> {
			return rows.releaseAll()
		},
		/** The product lists of every page stored so far, by any process sharing the store. */
		storedProducts(): Promise<Product[][]> {
			return rows.storedProducts()
		},
	}
}

/** The partner page cache: the freshness policy over the page_cache table of `db`. */
export function createPageCache(deps: {
	db: Kysely<DatabaseSchema>
	load: PageLoader
	clock?: Clock
	options?: Partial<PageCacheOptions>
	onProductsChanged?: (url: string) => void
}) {
	const rows = createPageRows({ db: deps.db, clock: deps.clock, options: deps.options })
	return createFreshnessPolicy({ ...deps, rows })
}

export type PageCache = ReturnType<typeof createPageCache>
