import { randomUUID } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { sql, type Kysely } from 'kysely'
import { parseStoredProducts, type Product } from '../../domain/product.ts'
import { isDatabaseBusy, type DatabaseSchema } from '../db.server.ts'
import { systemClock, type Clock } from '../clock.server.ts'
import { errorMessage } from '../errors.server.ts'
import { log as serverLog } from '../log.server.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

type CacheStatus = 'fresh' | 'stale_but_acceptable' | 'local_cache' | 'expired_but_served' | 'error_fallback' | 'crawled'

export type CachedPage = { products: Product[]; fetchedAt: number; status: CacheStatus }

/** Fetches a partner page and extracts its products; throws with a readable message on failure. */
export type PageLoader = (url: string, signal: AbortSignal) => Promise<{ html: string; products: Product[] }>

export type PageCacheOptions = {
	freshMs: number
	acceptableMs: number
	memoryMs: number
	memoryMaxEntries: number
	/** How long a crawl may take before it is abandoned. */
	crawlDeadlineMs: number
	/** Lock lease: a little longer than the crawl deadline, so a crashed holder frees the URL soon. */
	lockLeaseMs: number
	/** How often a caller that lost the lock re-reads the cache. */
	pollMs: number
	/**
	 * After a failed fetch, how long before the next try: a page with products serves them
	 * meanwhile, a page never fetched fails at once without asking the partner.
	 */
	retryAfterFailureMs: number
	/** cache_log keeps rows at most this long, and at most this many, pruned at most every `logPruneEveryMs`. */
	logMaxAgeMs: number
	logMaxRows: number
	logPruneEveryMs: number
}

const DEFAULT_PAGE_CACHE_OPTIONS: PageCacheOptions = {
	freshMs: 72 * HOUR,
	acceptableMs: 14 * DAY,
	memoryMs: DAY,
	memoryMaxEntries: 500,
	crawlDeadlineMs: 60_000,
	lockLeaseMs: 90_000,
	pollMs: 100,
	retryAfterFailureMs: 15 * 60_000,
	logMaxAgeMs: 30 * DAY,
	logMaxRows: 100_000,
	logPruneEveryMs: 10 * 60_000,
}

type Row = {
	url: string
	products: string
	fetched_at: number
	expires_at: number
	acceptable_until: number
	refresh_lock_until: number | null
}

type MemoryEntry = { products: Product[]; fetchedAt: number }

class CacheError extends Error {
	constructor(message: string) {
		super(message)
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
 * The partner page cache (SPEC §4 "Scraped-page cache freshness"): an
 * in-process memory layer in front of the page_cache table, with refresh
 * locks that hold across processes sharing the database.
 */
export function createPageCache(deps: {
	db: Kysely<DatabaseSchema>
	load: PageLoader
	clock?: Clock
	options?: Partial<PageCacheOptions>
	/** Told when a URL's products differ from the version this process held before. */
	onProductsChanged?: (url: string) => void
}) {
	const clock = deps.clock ?? systemClock
	const options = { ...DEFAULT_PAGE_CACHE_OPTIONS, ...deps.options }
	const { db } = deps
	// The in-process layer: at most memoryMaxEntries pages, each forgotten memoryMs after it was stored
	// (lru-cache keeps an entry through the last millisecond of its ttl, hence the one less).
	const memory = new LRUCache<string, MemoryEntry>({ max: options.memoryMaxEntries, ttl: options.memoryMs - 1, ttlResolution: 0, perf: { now: clock.now } })
	const inFlight = new Map<string, Promise<CachedPage>>()
	const refreshing = new Map<string, Promise<void>>()
	const heldLocks = new Map<string, string>()

	function remember(url: string, products: Product[], fetchedAt: number) {
		const previous = memory.peek(url, { allowStale: true })
		if (previous && previous.fetchedAt !== fetchedAt && JSON.stringify(previous.products) !== JSON.stringify(products)) {
			deps.onProductsChanged?.(url)
		}
		memory.set(url, { products, fetchedAt })
	}

	async function log(url: string, action: 'hit' | 'miss', status: 'fresh' | 'stale' | 'error', started: number, error?: string) {
		try {
			await db
				.insertInto('cache_log')
				.values({
					url,
					action,
					cache_status: status,
					response_ms: Math.max(0, Math.round(clock.now() - started)),
					error_message: error ?? null,
					created_at: clock.now(),
				})
				.execute()
		} catch (logError) {
			serverLog.error(`cache_log write failed for ${url}: ${String(logError)}`)
		}
		await pruneLog()
	}

	let lastPrune = Number.NEGATIVE_INFINITY
	/** Drops cache_log rows past their age or beyond the row limit (oldest first), at most once per period. */
	async function pruneLog() {
		const now = clock.now()
		if (now - lastPrune < options.logPruneEveryMs) return
		lastPrune = now
		try {
			const newest = await db
				.selectFrom('cache_log')
				.select((eb) => eb.fn.max('id').as('id'))
				.executeTakeFirst()
			const keepFrom = Number(newest?.id ?? 0) - options.logMaxRows
			await db
				.deleteFrom('cache_log')
				.where((eb) => eb.or([eb('created_at', '<', now - options.logMaxAgeMs), eb('id', '<=', keepFrom)]))
				.execute()
		} catch (pruneError) {
			serverLog.error(`cache_log pruning failed: ${String(pruneError)}`)
		}
	}

	async function countHit(url: string) {
		await db
			.updateTable('page_cache')
			.set({ hit_count: sql`hit_count + 1`, last_hit_at: clock.now() })
			.where('url', '=', url)
			.execute()
			.catch((error: unknown) => serverLog.error(`hit count failed for ${url}: ${String(error)}`))
	}

	async function read(url: string): Promise<Row | undefined> {
		const row = await db
			.selectFrom('page_cache')
			.select(['url', 'products', 'fetched_at', 'expires_at', 'acceptable_until', 'refresh_lock_until'])
			.where('url', '=', url)
			.executeTakeFirst()
		// fetched_at 0 marks a row that only holds a lock for a URL never fetched.
		return row && row.fetched_at > 0 ? row : undefined
	}

	/** One atomic statement: take the lock if it is free or its lease ran out. */
	async function acquireLock(url: string): Promise<string | undefined> {
		const lockId = randomUUID()
		const now = clock.now()
		const result = await sql`
			INSERT INTO page_cache (url, html, products, fetched_at, expires_at, acceptable_until, refresh_lock_until, refresh_lock_id)
			VALUES (${url}, '', '[]', 0, 0, 0, ${now + options.lockLeaseMs}, ${lockId})
			ON CONFLICT (url) DO UPDATE SET
				refresh_lock_until = excluded.refresh_lock_until,
				refresh_lock_id = excluded.refresh_lock_id
			WHERE (page_cache.refresh_lock_until IS NULL OR page_cache.refresh_lock_until <= ${now})
				-- A page another process has just stored is fresh: nobody takes the lock to fetch it again.
				AND page_cache.expires_at <= ${now}
		`
			.execute(db)
			.catch((error: unknown) => {
				// Another writer holds the file: as if another process held the lock, the caller re-reads.
				if (isDatabaseBusy(error)) return { numAffectedRows: 0n }
				throw error
			})
		if (Number(result.numAffectedRows ?? 0) !== 1) return undefined
		heldLocks.set(url, lockId)
		return lockId
	}

	async function releaseLock(url: string, lockId: string) {
		heldLocks.delete(url)
		await db
			.updateTable('page_cache')
			.set({ refresh_lock_until: null, refresh_lock_id: null })
			.where('url', '=', url)
			.where('refresh_lock_id', '=', lockId)
			.execute()
	}

	async function store(url: string, page: { html: string; products: Product[] }) {
		const now = clock.now()
		// New times, and the lock cleared in the same statement.
		const fresh = {
			html: page.html,
			products: JSON.stringify(page.products),
			fetched_at: now,
			expires_at: now + options.freshMs,
			acceptable_until: now + options.acceptableMs,
			refresh_lock_until: null,
			refresh_lock_id: null,
		}
		try {
			await db
				.insertInto('page_cache')
				.values({ url, ...fresh, hit_count: 0, last_hit_at: null })
				.onConflict((conflict) => conflict.column('url').doUpdateSet(fresh))
				.execute()
			heldLocks.delete(url)
		} catch (error) {
			if (!isDatabaseBusy(error)) throw error
			// Another writer holds the file: the products are served from memory, and the lock (still
			// ours) runs out with its lease or is released at shutdown.
			serverLog.warn(`Products for ${url} kept in memory only: the database is held by another writer`)
		}
		remember(url, page.products, now)
		return now
	}

	/**
	 * After a failed fetch the lock stays, without a holder, until the retry time:
	 * a page with products keeps serving them, a page never fetched fails at once,
	 * and no request in any process asks the partner again before then.
	 */
	async function holdUntilRetry(url: string, lockId: string) {
		heldLocks.delete(url)
		await db
			.updateTable('page_cache')
			.set({ refresh_lock_until: clock.now() + options.retryAfterFailureMs, refresh_lock_id: null })
			.where('url', '=', url)
			.where('refresh_lock_id', '=', lockId)
			.execute()
	}

	/** The end of a back-off after a failed fetch (a lock with no holder), if one is running. */
	async function backoffUntil(url: string): Promise<number | undefined> {
		const row = await db.selectFrom('page_cache').select(['refresh_lock_until', 'refresh_lock_id']).where('url', '=', url).executeTakeFirst()
		const until = row?.refresh_lock_until ?? 0
		return row && row.refresh_lock_id === null && until > clock.now() ? until : undefined
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
			const fetchedAt = await store(url, page)
			return { products: page.products, fetchedAt, status: 'crawled' }
		} catch (error) {
			await holdUntilRetry(url, lockId).catch(() => undefined)
			throw error
		}
	}

	/** A caller that lost the lock re-reads until the holder stores the page or the deadline passes. */
	async function waitForOtherCrawl(url: string): Promise<CachedPage> {
		const deadline = clock.now() + options.crawlDeadlineMs
		while (clock.now() < deadline) {
			await clock.sleep(options.pollMs)
			const row = await read(url)
			if (row && row.expires_at > clock.now()) {
				const products = parseStoredProducts(row.products)
				remember(url, products, row.fetched_at)
				return { products, fetchedAt: row.fetched_at, status: 'fresh' }
			}
			// The holder's fetch failed: the URL is backing off, nothing will arrive before then.
			const until = await backoffUntil(url)
			if (until) throw new BackoffError(until)
			// The holder may have crashed: take over once its lease is gone.
			const lockId = await acquireLock(url)
			if (lockId) return crawlWithLock(url, lockId)
		}
		throw new CacheError('Crawl coordination failed')
	}

	async function coordinatedCrawl(url: string): Promise<CachedPage> {
		const lockId = await acquireLock(url)
		if (lockId) return crawlWithLock(url, lockId)
		const until = await backoffUntil(url)
		if (until) throw new BackoffError(until)
		return waitForOtherCrawl(url)
	}

	/**
	 * Background refresh: take the lock or skip. A failure keeps what is cached,
	 * is written to cache_log with its reason, and is retried after
	 * `retryAfterFailureMs`.
	 */
	function refreshInBackground(url: string) {
		if (refreshing.has(url)) return
		const started = clock.now()
		const task = (async () => {
			const lockId = await acquireLock(url)
			if (!lockId) return
			await crawlWithLock(url, lockId)
		})()
			.catch(async (error: unknown) => {
				serverLog.error(`Background refresh failed for ${url}: ${errorMessage(error)}`)
				await log(url, 'miss', 'error', started, `Refresh failed, cached products kept: ${errorMessage(error)}`)
			})
			.finally(() => refreshing.delete(url))
		refreshing.set(url, task)
	}

	async function lookup(url: string): Promise<CachedPage> {
		const started = clock.now()
		const local = memory.get(url)
		let row: Row | undefined
		try {
			row = await read(url)
		} catch (error) {
			if (local) {
				await log(url, 'hit', 'error', started, errorMessage(error))
				return { products: local.products, fetchedAt: local.fetchedAt, status: 'error_fallback' }
			}
			throw new CacheError('All cache strategies failed')
		}
		const now = clock.now()
		// The memory layer already holds this version's products when the fetch times match.
		const productsOf = (stored: Row) => (local?.fetchedAt === stored.fetched_at ? local.products : parseStoredProducts(stored.products))
		if (row && row.expires_at > now) {
			const products = productsOf(row)
			if (local?.fetchedAt !== row.fetched_at) remember(url, products, row.fetched_at)
			await Promise.all([log(url, 'hit', 'fresh', started), countHit(url)])
			return { products, fetchedAt: row.fetched_at, status: 'fresh' }
		}
		if (row && row.acceptable_until > now) {
			const products = productsOf(row)
			// Held in memory too, so the refresh that replaces them is announced as a change.
			if (local?.fetchedAt !== row.fetched_at) remember(url, products, row.fetched_at)
			if (row.refresh_lock_until === null || row.refresh_lock_until <= now) refreshInBackground(url)
			await Promise.all([log(url, 'hit', 'stale', started), countHit(url)])
			return { products, fetchedAt: row.fetched_at, status: 'stale_but_acceptable' }
		}
		if (local) {
			refreshInBackground(url)
			await log(url, 'hit', 'stale', started)
			return { products: local.products, fetchedAt: local.fetchedAt, status: 'local_cache' }
		}
		if (row) {
			refreshInBackground(url)
			await Promise.all([log(url, 'hit', 'stale', started), countHit(url)])
			return { products: parseStoredProducts(row.products), fetchedAt: row.fetched_at, status: 'expired_but_served' }
		}
		try {
			const page = await coordinatedCrawl(url)
			await log(url, 'miss', 'fresh', started)
			return page
		} catch (error) {
			await log(url, 'miss', 'error', started, errorMessage(error))
			throw error
		}
	}

	return {
		/** Products for a partner page URL, from whichever cache layer can answer. */
		get(url: string): Promise<CachedPage> {
			const pending = inFlight.get(url)
			if (pending) return pending
			const promise = lookup(url).finally(() => inFlight.delete(url))
			inFlight.set(url, promise)
			return promise
		},
		/** Waits for background refreshes (tests, shutdown). */
		async settle() {
			await Promise.all([...refreshing.values()])
		},
		/** Releases every lock this process holds (graceful shutdown). */
		async releaseAll() {
			await Promise.all([...heldLocks.entries()].map(([url, lockId]) => releaseLock(url, lockId).catch(() => undefined)))
		},
	}
}

export type PageCache = ReturnType<typeof createPageCache>
