import { LRUCache } from 'lru-cache'
import type { Kysely } from 'kysely'
import type { Product } from '#app/domain/product.ts'
import { isDatabaseBusy, writeFailure, type DatabaseSchema } from '#app/server/store/db.server.ts'
import { systemClock, type Clock } from '#app/server/clock.server.ts'
import { errorMessage, SiteError } from '#app/server/errors.server.ts'
import { sharePerKey } from '#app/server/in-flight.server.ts'
import { log as serverLog } from '#app/server/log.server.ts'
import { createPageRows, RETRY_AFTER_FAILURE_MS, type PageRowOptions, type PageRows, type StoredPage } from '#app/server/partner/page-rows.server.ts'

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
	/** After a failed fetch made without the store's lock, how long this process waits before asking again. */
	retryAfterFailureMs: number
}

type PageCacheOptions = FreshnessOptions & PageRowOptions

const DEFAULT_FRESHNESS_OPTIONS: FreshnessOptions = {
	memoryMs: 24 * 3_600_000,
	memoryMaxEntries: 500,
	crawlDeadlineMs: 60_000,
	pollMs: 100,
	retryAfterFailureMs: RETRY_AFTER_FAILURE_MS,
}

/**
 * A page's products in memory. `unstoredUntil`: the store could not keep them (a full disk,
 * another writer holding the file), so this copy is the only one, fresh until then.
 */
type MemoryEntry = { products: Product[]; fetchedAt: number; unstoredUntil?: number }

/** What a lookup answers with, and whether it starts a refresh in the background. */
export type Freshness =
	| { answer: 'memory'; status: 'fresh' | 'local_cache'; refresh: boolean }
	| { answer: 'store'; status: 'fresh' | 'stale_but_acceptable' | 'expired_but_served'; refresh: boolean }
	| { answer: 'partner'; refresh: false }

/**
 * The freshness rules, in order: products the store could not keep, held in memory, while fresh and
 * newer than the store's; the stored copy while fresh; while acceptable, with a refresh unless
 * another process holds the lock; then memory's copy, then the expired stored one, each with a
 * refresh; and with neither, the partner.
 */
export function freshness(
	row: Pick<StoredPage, 'fetchedAt' | 'expiresAt' | 'acceptableUntil' | 'refreshLockUntil'> | undefined,
	local: Pick<MemoryEntry, 'fetchedAt' | 'unstoredUntil'> | undefined,
	now: number,
): Freshness {
	if (local?.unstoredUntil !== undefined && local.unstoredUntil > now && local.fetchedAt > (row?.fetchedAt ?? 0))
		return { answer: 'memory', status: 'fresh', refresh: false }
	if (row && row.expiresAt > now) return { answer: 'store', status: 'fresh', refresh: false }
	if (row && row.acceptableUntil > now)
		return { answer: 'store', status: 'stale_but_acceptable', refresh: row.refreshLockUntil === null || row.refreshLockUntil <= now }
	if (local) return { answer: 'memory', status: 'local_cache', refresh: true }
	if (row) return { answer: 'store', status: 'expired_but_served', refresh: true }
	return { answer: 'partner', refresh: false }
}

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
 * Whether products just fetched for a URL differ from the version memory held before: a change
 * is announced only against an earlier fetch (another fetch time) whose products were different.
 */
export function productsChanged(
	previous: { products: readonly Product[]; fetchedAt: number } | undefined,
	products: readonly Product[],
	fetchedAt: number,
): boolean {
	return previous !== undefined && previous.fetchedAt !== fetchedAt && JSON.stringify(previous.products) !== JSON.stringify(products)
}

/**
 * How a stored copy being served meets the memory layer: memory's products are reused when they
 * are that very version (the same fetch time); otherwise the stored ones are held in memory too, so
 * the refresh that replaces them is announced as a change; a copy served past its acceptable time
 * is not held.
 */
export function storedCopyInMemory(
	status: 'fresh' | 'stale_but_acceptable' | 'expired_but_served',
	local: Pick<MemoryEntry, 'fetchedAt'> | undefined,
	storedFetchedAt: number,
): 'reuse' | 'remember' | 'leave' {
	if (local?.fetchedAt === storedFetchedAt) return 'reuse'
	return status === 'expired_but_served' ? 'leave' : 'remember'
}

/** The cache_log status of a visit served from a cached copy. */
function hitStatus(status: CacheStatus): 'fresh' | 'stale' {
	return status === 'fresh' ? 'fresh' : 'stale'
}

/**
 * The in-process layer: at most memoryMaxEntries pages, each forgotten memoryMs after it was
 * stored. `onProductsChanged` is told when a URL's products differ from the version held before.
 */
function createMemoryLayer(options: FreshnessOptions, clock: Clock, onProductsChanged?: (url: string) => void) {
	// lru-cache keeps an entry through the last millisecond of its ttl, hence the one less.
	const memory = new LRUCache<string, MemoryEntry>({ max: options.memoryMaxEntries, ttl: options.memoryMs - 1, ttlResolution: 0, perf: { now: clock.now } })
	return {
		get: (url: string) => memory.get(url),
		remember(url: string, products: Product[], fetchedAt: number, unstoredUntil?: number) {
			if (productsChanged(memory.peek(url, { allowStale: true }), products, fetchedAt)) onProductsChanged?.(url)
			memory.set(url, unstoredUntil === undefined ? { products, fetchedAt } : { products, fetchedAt, unstoredUntil })
		},
	}
}

/**
 * Asking the partner for a page: one process at a time under the store's refresh lock, the others
 * waiting for what it stores; without the lock when the store cannot be written. What the partner
 * sent goes to `remember`; a failure backs the URL off, in the store or, without the lock, here.
 */
function createCrawls(deps: {
	rows: PageRows
	load: PageLoader
	clock: Clock
	options: FreshnessOptions
	remember: (url: string, products: Product[], fetchedAt: number, unstoredUntil?: number) => void
}) {
	const { rows, clock, options } = deps
	/** Back-offs after failed fetches made without the store's lock, which the store could not record. */
	const failedHere = new LRUCache<string, number>({ max: options.memoryMaxEntries })

	/**
	 * Fetch, under the lock when the store gave one. A page without products counts as a failure.
	 * On failure the URL backs off until its retry time (a page that has products keeps them). The
	 * error is rethrown. What the partner sent is returned whether or not the store keeps it.
	 */
	async function crawl(url: string, lockId: string | undefined): Promise<CachedPage> {
		const signal = AbortSignal.timeout(options.crawlDeadlineMs)
		try {
			const page = await deps.load(url, signal)
			if (page.products.length === 0) throw new EmptyPageError()
			const kept = await rows.store(url, page)
			deps.remember(url, page.products, kept.fetchedAt, kept.stored ? undefined : kept.expiresAt)
			return { products: page.products, fetchedAt: kept.fetchedAt, status: 'crawled' }
		} catch (error) {
			if (lockId) await rows.backOff(url, lockId).catch(() => undefined)
			else failedHere.set(url, clock.now() + options.retryAfterFailureMs)
			throw error
		}
	}

	/**
	 * The store cannot be written (another writer holds the file, the disk is full), so no lock
	 * can be taken: the partner is asked without one rather than waiting out the other writer.
	 * Callers in this process still share the one fetch, and a failure backs off in this process.
	 */
	async function crawlWithoutLock(url: string, error: unknown): Promise<CachedPage> {
		const failedUntil = failedHere.get(url) ?? 0
		if (failedUntil > clock.now()) throw new BackoffError(failedUntil)
		serverLog.warn({ url, ...writeFailure(error) }, 'Refresh lock not taken: the database could not be written; the partner is asked without it')
		return crawl(url, undefined)
	}

	/** The page crawled under the URL's refresh lock, or without it when none can be taken; undefined when another process holds it. */
	async function crawlIfFree(url: string): Promise<CachedPage | undefined> {
		let lockId: string | undefined
		try {
			lockId = await rows.takeLock(url)
		} catch (error) {
			return crawlWithoutLock(url, error)
		}
		return lockId ? crawl(url, lockId) : undefined
	}

	/** A caller that lost the lock re-reads until the holder stores the page or the deadline passes. */
	async function waitForOtherCrawl(url: string): Promise<CachedPage> {
		const deadline = clock.now() + options.crawlDeadlineMs
		while (clock.now() < deadline) {
			await clock.sleep(options.pollMs)
			const row = await rows.read(url)
			if (row && row.expiresAt > clock.now()) {
				const products = row.products()
				deps.remember(url, products, row.fetchedAt)
				return { products, fetchedAt: row.fetchedAt, status: 'fresh' }
			}
			// The holder's fetch failed: the URL is backing off, nothing will arrive before then.
			const until = await rows.backoffUntil(url)
			if (until) throw new BackoffError(until)
			// The holder may have crashed: take over once its lease is gone.
			const page = await crawlIfFree(url)
			if (page) return page
		}
		throw new CacheError('Crawl coordination failed')
	}

	/** The page fetched by this caller, or by the process holding the lock. */
	async function coordinatedCrawl(url: string): Promise<CachedPage> {
		const page = await crawlIfFree(url)
		if (page) return page
		const until = await rows.backoffUntil(url)
		if (until) throw new BackoffError(until)
		return waitForOtherCrawl(url)
	}

	return {
		crawlIfFree,
		coordinatedCrawl,
		/** Whether a fetch made here without the lock failed, and its back-off is still running. */
		backingOffHere: (url: string) => (failedHere.get(url) ?? 0) > clock.now(),
	}
}

/**
 * Background refreshes: one at a time per URL, each taking the lock or skipping (when the store
 * cannot be written at all, fetching without it). A failure keeps what is cached, is written to
 * cache_log with its reason, and is retried after the back-off.
 */
function createRefreshes(deps: { rows: PageRows; clock: Clock; crawls: ReturnType<typeof createCrawls> }) {
	const { rows, clock, crawls } = deps
	const refreshes = sharePerKey<string, void>()
	return {
		start(url: string) {
			// A refresh that failed without the lock waits out its back-off here, as the store's lock would make it.
			if (crawls.backingOffHere(url)) return
			void refreshes.share(url, async () => {
				const started = clock.now()
				try {
					await crawls.crawlIfFree(url)
				} catch (error) {
					serverLog.error({ err: error, url }, 'Background refresh failed')
					await rows.log({ url, action: 'miss', status: 'error', started, error: `Refresh failed, cached products kept: ${errorMessage(error)}` })
				}
			})
		},
		settled: () => refreshes.settled(),
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
	const memory = createMemoryLayer(options, clock, deps.onProductsChanged)
	const crawls = createCrawls({ rows, load: deps.load, clock, options, remember: memory.remember })
	const refreshes = createRefreshes({ rows, clock, crawls })
	const lookups = sharePerKey<string, CachedPage>()

	/** The store could not be read: memory's copy if it holds one; a page never fetched is crawled while only another writer keeps readers out. */
	async function withoutStore(url: string, local: MemoryEntry | undefined, error: unknown, started: number): Promise<CachedPage> {
		if (local) {
			await rows.log({ url, action: 'hit', status: 'error', started, error: errorMessage(error) })
			return { products: local.products, fetchedAt: local.fetchedAt, status: 'error_fallback' }
		}
		if (isDatabaseBusy(error)) return crawls.coordinatedCrawl(url)
		throw new CacheError('All cache strategies failed')
	}

	async function lookup(url: string): Promise<CachedPage> {
		const started = clock.now()
		const local = memory.get(url)
		let row: StoredPage | undefined
		try {
			row = await rows.read(url)
		} catch (error) {
			return withoutStore(url, local, error, started)
		}
		const decision = freshness(row, local, clock.now())
		if (decision.refresh) refreshes.start(url)
		if (decision.answer === 'memory' && local) {
			await rows.log({ url, action: 'hit', status: hitStatus(decision.status), started })
			return { products: local.products, fetchedAt: local.fetchedAt, status: decision.status }
		}
		if (decision.answer === 'store' && row) {
			const inMemory = storedCopyInMemory(decision.status, local, row.fetchedAt)
			const products = inMemory === 'reuse' && local ? local.products : row.products()
			if (inMemory === 'remember') memory.remember(url, products, row.fetchedAt)
			await Promise.all([rows.log({ url, action: 'hit', status: hitStatus(decision.status), started }), rows.countHit(url)])
			return { products, fetchedAt: row.fetchedAt, status: decision.status }
		}
		try {
			const page = await crawls.coordinatedCrawl(url)
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
