import { sql } from 'kysely'
import { describe, expect, test, vi } from 'vitest'
import type { Product } from '#app/domain/product.ts'
import type { AppDatabase } from '#app/server/store/db.server.ts'
import { createPageCache, type PageLoader } from '#app/server/partner/page-cache.server.ts'
import { systemClock } from '#app/server/clock.server.ts'
import { fakeClock, fakePartner as answering } from '#test/support/fake-partner.ts'
import { useStores } from '#test/support/stores.ts'
import { log } from '#app/server/log.server.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const URL_A = 'https://www.floristone.com/birthday-flowers'

const product = (n: number): Product => ({
	title: `Bouquet ${n}`,
	price: `$${n}.99`,
	image: `https://cdn.floristone.com/img/${n}.jpg`,
	url: `https://www.floristone.com/product.cfm?code=${n}`,
})

/** The partner's answers: two products on every fetch unless a test says otherwise. */
const fakePartner = (pages: Product[][] = [[product(1), product(2)]]) => answering(pages)

const STORES = useStores()

async function logRows(db: AppDatabase) {
	return db.db.selectFrom('cache_log').select(['action', 'cache_status', 'error_message']).orderBy('id').execute()
}

/** A URL never fetched whose refresh lock another process holds until `until`. */
async function holdLock(db: AppDatabase, holder: string, until: number) {
	await db.db
		.insertInto('page_cache')
		.values({
			url: URL_A,
			html: '',
			products: '[]',
			fetched_at: 0,
			expires_at: 0,
			acceptable_until: 0,
			refresh_lock_until: until,
			refresh_lock_id: holder,
			hit_count: 0,
			last_hit_at: null,
		})
		.execute()
}

describe.each(STORES)('on $name', (store) => {
	describe('freshness states', () => {
		test('cold: one crawl, then fresh hits that count and log', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const load = fakePartner()
			const cache = createPageCache({ db: db.db, load, clock })
			expect((await cache.get(URL_A)).status).toBe('crawled')
			const hit = await cache.get(URL_A)
			expect(hit.status).toBe('fresh')
			expect(hit.products).toEqual([product(1), product(2)])
			expect(load).toHaveBeenCalledTimes(1)
			const row = await db.db.selectFrom('page_cache').selectAll().where('url', '=', URL_A).executeTakeFirstOrThrow()
			expect(row.hit_count).toBe(1)
			expect(row.expires_at - row.fetched_at).toBe(72 * HOUR)
			expect(row.acceptable_until - row.fetched_at).toBe(14 * DAY)
			expect(row.refresh_lock_id).toBeNull()
			expect(await logRows(db)).toEqual([
				{ action: 'miss', cache_status: 'fresh', error_message: null },
				{ action: 'hit', cache_status: 'fresh', error_message: null },
			])
		})

		test('fresh until 72 h, then stale but served with exactly one background refresh', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const load = fakePartner([[product(1)], [product(9)]])
			const cache = createPageCache({ db: db.db, load, clock })
			await cache.get(URL_A)
			clock.advance(72 * HOUR - 1)
			expect((await cache.get(URL_A)).status).toBe('fresh')
			clock.advance(1)
			const [first, second] = await Promise.all([cache.get(URL_A), cache.get(URL_A)])
			expect(first.status).toBe('stale_but_acceptable')
			expect(first.products).toEqual([product(1)])
			expect(second).toBe(first)
			await cache.settle()
			expect(load).toHaveBeenCalledTimes(2)
			const after = await cache.get(URL_A)
			expect(after.status).toBe('fresh')
			expect(after.products).toEqual([product(9)])
		})

		test('stale with a lock held elsewhere: served, no refresh started', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const load = fakePartner()
			const cache = createPageCache({ db: db.db, load, clock })
			await cache.get(URL_A)
			clock.advance(73 * HOUR)
			await db.db
				.updateTable('page_cache')
				.set({ refresh_lock_until: clock.now() + 60_000, refresh_lock_id: 'other' })
				.execute()
			expect((await cache.get(URL_A)).status).toBe('stale_but_acceptable')
			await cache.settle()
			expect(load).toHaveBeenCalledTimes(1)
		})

		test('past 14 days: the memory layer answers (local_cache) and a refresh runs', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const load = fakePartner([[product(1)], [product(2)]])
			const cache = createPageCache({ db: db.db, load, clock })
			await cache.get(URL_A)
			await db.db
				.updateTable('page_cache')
				.set({ expires_at: clock.now() - 1, acceptable_until: clock.now() - 1 })
				.execute()
			const page = await cache.get(URL_A)
			expect(page.status).toBe('local_cache')
			expect(page.products).toEqual([product(1)])
			await cache.settle()
			expect(load).toHaveBeenCalledTimes(2)
		})

		test('past 14 days with nothing in memory: expired but served, refreshed in the background', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const load = fakePartner([[product(1)], [product(3)]])
			await createPageCache({ db: db.db, load, clock }).get(URL_A)
			clock.advance(15 * DAY)
			const restarted = createPageCache({ db: db.db, load, clock })
			const page = await restarted.get(URL_A)
			expect(page.status).toBe('expired_but_served')
			expect(page.products).toEqual([product(1)])
			await restarted.settle()
			expect((await restarted.get(URL_A)).products).toEqual([product(3)])
		})

		test('the memory layer forgets after 24 hours and holds a bounded number of pages', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const load = fakePartner()
			const cache = createPageCache({ db: db.db, load, clock, options: { memoryMaxEntries: 2 } })
			for (const n of [1, 2, 3]) await cache.get(`${URL_A}?p=${n}`)
			await db.db.updateTable('page_cache').set({ expires_at: 0, acceptable_until: 0 }).execute()
			expect((await cache.get(`${URL_A}?p=3`)).status).toBe('local_cache')
			expect((await cache.get(`${URL_A}?p=1`)).status).toBe('expired_but_served')
			await cache.settle()
			clock.advance(DAY)
			await db.db.updateTable('page_cache').set({ expires_at: 0, acceptable_until: 0 }).execute()
			expect((await cache.get(`${URL_A}?p=3`)).status).toBe('expired_but_served')
			await cache.settle()
		})

		test('database unreadable: error_fallback from memory, else "All cache strategies failed"', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const cache = createPageCache({ db: db.db, load: fakePartner(), clock })
			await cache.get(URL_A)
			await sql`ALTER TABLE page_cache RENAME TO page_cache_gone`.execute(db.db)
			const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined)
			expect((await cache.get(URL_A)).status).toBe('error_fallback')
			await expect(cache.get(`${URL_A}?other`)).rejects.toThrow('All cache strategies failed')
			errors.mockRestore()
		})
	})

	describe('coordination', () => {
		test('200 concurrent cold requests: exactly one partner fetch, all get products', async () => {
			const db = await store.open()
			const load = fakePartner()
			const cache = createPageCache({ db: db.db, load, clock: fakeClock() })
			const pages = await Promise.all(Array.from({ length: 200 }, () => cache.get(URL_A)))
			expect(load).toHaveBeenCalledTimes(1)
			expect(pages.every((page) => page.products.length === 2)).toBe(true)
		})

		test('a held lock: the caller re-reads while it waits and fails with "Crawl coordination failed" when nothing arrives', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const load = fakePartner()
			await holdLock(db, 'holder', clock.now() + 90_000)
			const cache = createPageCache({ db: db.db, load, clock, options: { crawlDeadlineMs: 2_000, lockLeaseMs: 90_000 } })
			const started = clock.now()
			await expect(cache.get(URL_A)).rejects.toThrow('Crawl coordination failed')
			expect(clock.now() - started).toBeGreaterThanOrEqual(2_000)
			expect(load).not.toHaveBeenCalled()
			expect(await logRows(db)).toEqual([{ action: 'miss', cache_status: 'error', error_message: 'Crawl coordination failed' }])
		})

		test('a waiter picks up the page as soon as the lock holder stores it', async () => {
			const db = await store.open()
			const clock = fakeClock()
			let finish: (value: { html: string; products: Product[] }) => void = () => {}
			const slow = vi.fn<PageLoader>(() => new Promise((resolve) => (finish = resolve)))
			// The waiter's polls move the test clock faster than real I/O: no lease or deadline may run out meanwhile.
			const patient = { lockLeaseMs: 10 * DAY, crawlDeadlineMs: 10 * DAY }
			const holder = createPageCache({ db: db.db, load: slow, clock, options: patient })
			const other = createPageCache({ db: db.db, load: fakePartner(), clock, options: patient })
			const first = holder.get(URL_A)
			// The second caller comes once the first holds the lock and is fetching.
			await vi.waitFor(() => expect(slow).toHaveBeenCalled())
			const second = other.get(URL_A)
			await clock.sleep(500)
			finish({ html: '', products: [product(7)] })
			expect((await first).products).toEqual([product(7)])
			expect((await second).products).toEqual([product(7)])
		})

		test('a failed first fetch backs off like a failed refresh: later visitors fail at once, the partner is asked again only after 15 minutes', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const load = vi
				.fn<PageLoader>()
				.mockRejectedValueOnce(new Error('Failed to crawl website'))
				.mockResolvedValue({ html: '', products: [product(4)] })
			const cache = createPageCache({ db: db.db, load, clock })
			const other = createPageCache({ db: db.db, load, clock })
			await expect(cache.get(URL_A)).rejects.toThrow('Failed to crawl website')
			for (const visitor of [cache, other, cache, other, cache]) {
				const started = clock.now()
				await expect(visitor.get(URL_A)).rejects.toThrow('The partner page failed recently')
				// Fails at once: no waiting out the crawl deadline.
				expect(clock.now() - started).toBeLessThan(1_000)
				clock.advance(60_000)
			}
			expect(load).toHaveBeenCalledTimes(1)
			clock.advance(10 * 60_000)
			expect((await cache.get(URL_A)).products).toEqual([product(4)])
			expect(load).toHaveBeenCalledTimes(2)
		})

		test('an expired lock (its holder died) is taken over', async () => {
			const db = await store.open()
			const clock = fakeClock()
			await holdLock(db, 'dead', clock.now() + 5_000)
			const load = fakePartner()
			const cache = createPageCache({ db: db.db, load, clock, options: { crawlDeadlineMs: 60_000 } })
			const page = await cache.get(URL_A)
			expect(page.status).toBe('crawled')
			expect(load).toHaveBeenCalledTimes(1)
		})

		test('two processes sharing one database file: one partner fetch between them', async () => {
			const place = await store.place()
			const [one, two] = [await store.open(place), await store.open(place)]
			// Real time: the holder's fetch takes 50 ms while the others poll the shared store over real I/O.
			const clock = systemClock
			let calls = 0
			const load: PageLoader = async () => {
				calls += 1
				await clock.sleep(50)
				return { html: '', products: [product(5)] }
			}
			const caches = [
				createPageCache({ db: one.db, load, clock, options: { pollMs: 10 } }),
				createPageCache({ db: two.db, load, clock, options: { pollMs: 10 } }),
			]
			const pages = await Promise.all(Array.from({ length: 100 }, (_, index) => caches[index % 2]?.get(URL_A)))
			expect(calls).toBe(1)
			expect(pages.every((page) => page?.products[0]?.title === 'Bouquet 5')).toBe(true)
		})

		test('releaseAll frees the locks this process holds', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const never = vi.fn<PageLoader>(() => new Promise(() => {}))
			const cache = createPageCache({ db: db.db, load: never, clock })
			void cache.get(URL_A).catch(() => undefined)
			await new Promise((resolve) => setImmediate(resolve))
			expect((await db.db.selectFrom('page_cache').select('refresh_lock_id').executeTakeFirst())?.refresh_lock_id).toBeTruthy()
			await cache.releaseAll()
			expect((await db.db.selectFrom('page_cache').select('refresh_lock_id').executeTakeFirst())?.refresh_lock_id).toBeNull()
		})
	})

	describe('what a hit costs, and what a failure keeps', () => {
		test('a cache hit parses no HTML: the loader (fetch + extraction) runs only on a refresh', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const load = fakePartner()
			const cache = createPageCache({ db: db.db, load, clock })
			await cache.get(URL_A)
			const fresh = createPageCache({ db: db.db, load, clock })
			for (let index = 0; index < 20; index += 1) expect((await fresh.get(URL_A)).products).toHaveLength(2)
			expect(load).toHaveBeenCalledTimes(1)
			const row = await db.db.selectFrom('page_cache').select(['products']).where('url', '=', URL_A).executeTakeFirstOrThrow()
			expect(JSON.parse(row.products)).toHaveLength(2)
		})

		test('the partner down (or a page abandoned by the extractor): stale products stay and keep being served', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const load = vi
				.fn<PageLoader>()
				.mockResolvedValueOnce({ html: '', products: [product(1)] })
				.mockRejectedValue(new Error('Product extraction exceeded 1000 ms; page abandoned'))
			const cache = createPageCache({ db: db.db, load, clock })
			await cache.get(URL_A)
			clock.advance(80 * HOUR)
			const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined)
			for (let round = 0; round < 3; round += 1) {
				const page = await cache.get(URL_A)
				expect(page.status).toBe('stale_but_acceptable')
				expect(page.products).toEqual([product(1)])
				await cache.settle()
			}
			expect(errors).toHaveBeenCalledWith(
				{ err: expect.objectContaining({ message: expect.stringContaining('page abandoned') }), url: URL_A },
				'Background refresh failed',
			)
			errors.mockRestore()
			const row = await db.db.selectFrom('page_cache').select(['products', 'refresh_lock_id']).where('url', '=', URL_A).executeTakeFirstOrThrow()
			expect(JSON.parse(row.products)).toEqual([product(1)])
			expect(row.refresh_lock_id).toBeNull()
		})

		test('a refresh that yields no products is a failure: the old products stay, the reason is logged, the retry waits', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const load = vi
				.fn<PageLoader>()
				.mockResolvedValueOnce({ html: '<html>two</html>', products: [product(1), product(2)] })
				.mockResolvedValueOnce({ html: '<html>soft 404</html>', products: [] })
				.mockResolvedValue({ html: '<html>back</html>', products: [product(3)] })
			const cache = createPageCache({ db: db.db, load, clock, options: { retryAfterFailureMs: 15 * 60_000 } })
			await cache.get(URL_A)
			clock.advance(80 * HOUR)
			const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined)
			// Many visits while the partner page is empty: one refresh, then none until the retry time.
			for (let round = 0; round < 5; round += 1) {
				const page = await cache.get(URL_A)
				expect(page.products).toEqual([product(1), product(2)])
				await cache.settle()
				clock.advance(60_000)
			}
			expect(load).toHaveBeenCalledTimes(2)
			errors.mockRestore()
			const row = await db.db.selectFrom('page_cache').select(['products', 'html']).where('url', '=', URL_A).executeTakeFirstOrThrow()
			expect(JSON.parse(row.products)).toEqual([product(1), product(2)])
			expect(row.html).toBe('<html>two</html>')
			expect(await logRows(db)).toContainEqual({
				action: 'miss',
				cache_status: 'error',
				error_message: 'Refresh failed, cached products kept: The partner page yielded no products',
			})
			// After the retry time the next visit refreshes, and the new products arrive.
			clock.advance(15 * 60_000)
			await cache.get(URL_A)
			await cache.settle()
			expect(load).toHaveBeenCalledTimes(3)
			expect((await cache.get(URL_A)).products).toEqual([product(3)])
		})

		test('cache_log is pruned by age and by size, oldest first, at most once per period', async () => {
			const db = await store.open()
			const clock = fakeClock()
			const cache = createPageCache({ db: db.db, load: fakePartner(), clock, options: { logMaxRows: 50, logMaxAgeMs: DAY, logPruneEveryMs: 60_000 } })
			for (let visit = 0; visit < 120; visit += 1) await cache.get(URL_A)
			// Within one period the log grows; the next write past it prunes to the newest 50.
			expect((await logRows(db)).length).toBe(120)
			clock.advance(61_000)
			await cache.get(URL_A)
			const ids = (await db.db.selectFrom('cache_log').select('id').orderBy('id').execute()).map((row) => Number(row.id))
			expect(ids).toHaveLength(50)
			expect(ids[0]).toBe(72)
			// A day later every older row goes by age.
			clock.advance(DAY + 61_000)
			await cache.get(URL_A)
			expect((await logRows(db)).length).toBe(1)
		})

		test('a page never fetched that yields no products is an error, and nothing is stored', async () => {
			const db = await store.open()
			const load = vi.fn<PageLoader>().mockResolvedValue({ html: '<html></html>', products: [] })
			const cache = createPageCache({ db: db.db, load, clock: fakeClock() })
			await expect(cache.get(URL_A)).rejects.toThrow('The partner page yielded no products')
			const row = await db.db.selectFrom('page_cache').select(['fetched_at', 'refresh_lock_id', 'products']).where('url', '=', URL_A).executeTakeFirst()
			expect(row?.fetched_at ?? 0).toBe(0)
			expect(row?.products ?? '[]').toBe('[]')
			expect(row?.refresh_lock_id ?? null).toBeNull()
		})
	})
})

describe('start-up steps SQLite refuses as busy', () => {
	test('are retried until they go through; other errors are not', async () => {
		const { retryWhileBusy } = await import('#app/server/store/migrator.server.ts')
		let attempts = 0
		const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
		expect(
			await retryWhileBusy(() => {
				attempts += 1
				if (attempts < 3) throw busy
				return 'migrated'
			}),
		).toBe('migrated')
		expect(attempts).toBe(3)
		const broken = Object.assign(new Error('no such table'), { code: 'SQLITE_ERROR' })
		await expect(
			retryWhileBusy(() => {
				throw broken
			}),
		).rejects.toThrow('no such table')
		await expect(
			retryWhileBusy(() => {
				throw busy
			}, 100),
		).rejects.toThrow('database is locked')
	})
})
