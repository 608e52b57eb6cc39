import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { parseStoredProducts, type Product } from '#app/domain/product.ts'
import { writeFailure, type DatabaseSchema } from '#app/server/store/db.server.ts'
import { systemClock, type Clock } from '#app/server/clock.server.ts'
import { log as serverLog } from '#app/server/log.server.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

export type PageRowOptions = {
	/** A stored page is fresh this long, and acceptable (served while it is refreshed) this long. */
	freshMs: number
	acceptableMs: number
	/** Lock lease: a little longer than the crawl deadline, so a crashed holder frees the URL soon. */
	lockLeaseMs: number
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

/** After a failed fetch, the wait before the partner is asked for that page again. */
export const RETRY_AFTER_FAILURE_MS = 15 * 60_000

const DEFAULT_ROW_OPTIONS: PageRowOptions = {
	freshMs: 72 * HOUR,
	acceptableMs: 14 * DAY,
	lockLeaseMs: 90_000,
	retryAfterFailureMs: RETRY_AFTER_FAILURE_MS,
	logMaxAgeMs: 30 * DAY,
	logMaxRows: 100_000,
	logPruneEveryMs: 10 * 60_000,
}

/** A fetched page as the store took it: its times, and whether it was written (a full disk or another writer may refuse it). */
type StoreOutcome = { fetchedAt: number; expiresAt: number; stored: boolean }

/** A stored page: its times, and its products, parsed only when asked for. */
export type StoredPage = {
	fetchedAt: number
	expiresAt: number
	acceptableUntil: number
	refreshLockUntil: number | null
	products: () => Product[]
}

/** What the freshness policy asks of the store of pages. */
export type PageRows = {
	/** The stored page, if the URL was ever fetched. */
	read(url: string): Promise<StoredPage | undefined>
	/** Counts a visit served from the stored page. Never throws. */
	countHit(url: string): Promise<void>
	/**
	 * Takes the URL's refresh lock if it is free (or its lease ran out) and the page is not fresh; its
	 * id, or undefined. Throws when the store cannot be written (another writer holds it, the disk is full).
	 */
	takeLock(url: string): Promise<string | undefined>
	/**
	 * Stores the fetched page and clears the lock. Never throws: a write that fails (a full disk,
	 * another writer holding the file) leaves the page unstored, and the log says why.
	 */
	store(url: string, page: { html: string; products: Product[] }): Promise<StoreOutcome>
	/** After a failed fetch, keeps the lock (with no holder) until the retry time. */
	backOff(url: string, lockId: string): Promise<void>
	/** The end of a back-off after a failed fetch, if one is running. */
	backoffUntil(url: string): Promise<number | undefined>
	/** Writes a line of cache_log (never throws) and prunes it now and then. */
	log(entry: { url: string; action: 'hit' | 'miss'; status: 'fresh' | 'stale' | 'error'; started: number; error?: string }): Promise<void>
	/** Releases every lock this process holds. */
	releaseAll(): Promise<void>
	/** The product lists of every page ever fetched. */
	storedProducts(): Promise<Product[][]>
}

/** The columns of a page just fetched: its products, its new times, and the lock cleared in the same statement. */
export function freshColumns(page: { html: string; products: Product[] }, now: number, options: Pick<PageRowOptions, 'freshMs' | 'acceptableMs'>) {
	return {
		html: page.html,
		products: JSON.stringify(page.products),
		fetched_at: now,
		expires_at: now + options.freshMs,
		acceptable_until: now + options.acceptableMs,
		refresh_lock_until: null,
		refresh_lock_id: null,
	}
}

/** A page_cache row as the policy reads it; none for a row that only holds a lock for a URL never fetched (fetched_at 0). */
export function storedPageOf(row: {
	products: string
	fetched_at: number
	expires_at: number
	acceptable_until: number
	refresh_lock_until: number | null
}): StoredPage | undefined {
	if (row.fetched_at <= 0) return undefined
	return {
		fetchedAt: row.fetched_at,
		expiresAt: row.expires_at,
		acceptableUntil: row.acceptable_until,
		refreshLockUntil: row.refresh_lock_until,
		products: () => parseStoredProducts(row.products),
	}
}

/** The end of a back-off a row records: a lock with no holder whose time has not come. */
export function backoffEnd(row: { refresh_lock_until: number | null; refresh_lock_id: string | null }, now: number): number | undefined {
	const until = row.refresh_lock_until ?? 0
	return row.refresh_lock_id === null && until > now ? until : undefined
}

/** Which cache_log rows a prune drops: those written before `before`, and those with an id up to `upToId` (beyond the row limit). */
export function logPruneCutoffs(
	now: number,
	newestId: number,
	options: Pick<PageRowOptions, 'logMaxAgeMs' | 'logMaxRows'>,
): { before: number; upToId: number } {
	return { before: now - options.logMaxAgeMs, upToId: newestId - options.logMaxRows }
}

/** cache_log: one line per lookup (never throwing), pruned of rows past their age or beyond the row limit at most once per period. */
function createCacheLog(db: Kysely<DatabaseSchema>, clock: Clock, options: PageRowOptions) {
	let lastPrune = Number.NEGATIVE_INFINITY
	async function prune() {
		const now = clock.now()
		if (now - lastPrune < options.logPruneEveryMs) return
		lastPrune = now
		try {
			const newest = await db
				.selectFrom('cache_log')
				.select((eb) => eb.fn.max('id').as('id'))
				.executeTakeFirst()
			const { before, upToId } = logPruneCutoffs(now, Number(newest?.id ?? 0), options)
			await db
				.deleteFrom('cache_log')
				.where((eb) => eb.or([eb('created_at', '<', before), eb('id', '<=', upToId)]))
				.execute()
		} catch (pruneError) {
			serverLog.error({ err: pruneError }, 'cache_log pruning failed')
		}
	}
	const write: PageRows['log'] = async ({ url, action, status, started, error }) => {
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
			serverLog.error({ err: logError, url }, 'cache_log write failed')
		}
		await prune()
	}
	return write
}

/**
 * The refresh locks of page_cache rows, which hold across processes sharing the database, and the
 * back-offs after failed fetches (a lock kept without a holder). This process remembers the locks
 * it holds, to release them at shutdown.
 */
function createRefreshLocks(db: Kysely<DatabaseSchema>, clock: Clock, options: PageRowOptions) {
	const heldLocks = new Map<string, string>()

	async function releaseLock(url: string, lockId: string) {
		heldLocks.delete(url)
		await db
			.updateTable('page_cache')
			.set({ refresh_lock_until: null, refresh_lock_id: null })
			.where('url', '=', url)
			.where('refresh_lock_id', '=', lockId)
			.execute()
	}

	return {
		/** One atomic statement: take the lock if it is free or its lease ran out. */
		async take(url: string): Promise<string | undefined> {
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
			`.execute(db)
			if (Number(result.numAffectedRows ?? 0) !== 1) return undefined
			heldLocks.set(url, lockId)
			return lockId
		},

		/** The page was stored, which cleared its lock in the same statement. */
		cleared(url: string) {
			heldLocks.delete(url)
		},

		/**
		 * After a failed fetch the lock stays, without a holder, until the retry time:
		 * a page with products keeps serving them, a page never fetched fails at once,
		 * and no request in any process asks the partner again before then.
		 */
		async backOff(url: string, lockId: string) {
			heldLocks.delete(url)
			await db
				.updateTable('page_cache')
				.set({ refresh_lock_until: clock.now() + options.retryAfterFailureMs, refresh_lock_id: null })
				.where('url', '=', url)
				.where('refresh_lock_id', '=', lockId)
				.execute()
		},

		async backoffUntil(url: string): Promise<number | undefined> {
			const row = await db.selectFrom('page_cache').select(['refresh_lock_until', 'refresh_lock_id']).where('url', '=', url).executeTakeFirst()
			return row ? backoffEnd(row, clock.now()) : undefined
		},

		async releaseAll() {
			await Promise.all([...heldLocks.entries()].map(([url, lockId]) => releaseLock(url, lockId).catch(() => undefined)))
		},
	}
}

/**
 * The page_cache and cache_log tables: reads and writes of stored partner pages,
 * with refresh locks that hold across processes sharing the database.
 */
export function createPageRows(deps: { db: Kysely<DatabaseSchema>; clock?: Clock; options?: Partial<PageRowOptions> }): PageRows {
	const clock = deps.clock ?? systemClock
	const options = { ...DEFAULT_ROW_OPTIONS, ...deps.options }
	const { db } = deps
	const locks = createRefreshLocks(db, clock, options)

	return {
		async read(url) {
			const row = await db
				.selectFrom('page_cache')
				.select(['products', 'fetched_at', 'expires_at', 'acceptable_until', 'refresh_lock_until'])
				.where('url', '=', url)
				.executeTakeFirst()
			return row ? storedPageOf(row) : undefined
		},

		async countHit(url) {
			await db
				.updateTable('page_cache')
				.set({ hit_count: sql`hit_count + 1`, last_hit_at: clock.now() })
				.where('url', '=', url)
				.execute()
				.catch((error: unknown) => serverLog.error({ err: error, url }, 'hit count failed'))
		},

		takeLock: locks.take,

		async store(url, page) {
			const now = clock.now()
			const fresh = freshColumns(page, now, options)
			const outcome = { fetchedAt: now, expiresAt: fresh.expires_at }
			try {
				await db
					.insertInto('page_cache')
					.values({ url, ...fresh, hit_count: 0, last_hit_at: null })
					.onConflict((conflict) => conflict.column('url').doUpdateSet(fresh))
					.execute()
				locks.cleared(url)
				return { ...outcome, stored: true }
			} catch (error) {
				// The products are served from memory; the lock, if ours, runs out with its lease or is released at shutdown.
				serverLog.warn({ url, ...writeFailure(error) }, 'Products served from memory, not stored: the database could not be written')
				return { ...outcome, stored: false }
			}
		},

		backOff: locks.backOff,
		backoffUntil: locks.backoffUntil,
		log: createCacheLog(db, clock, options),
		releaseAll: locks.releaseAll,

		async storedProducts() {
			const rows = await db.selectFrom('page_cache').select('products').where('fetched_at', '>', 0).execute()
			return rows.map((row) => parseStoredProducts(row.products))
		},
	}
}
