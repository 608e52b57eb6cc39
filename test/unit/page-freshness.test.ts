import { describe, expect, test, vi } from 'vitest'
import { fakeClock, fakePartner } from '#test/support/fake-partner.ts'
import type { Product } from '#app/domain/product.ts'
import type { Clock } from '#app/server/clock.server.ts'
import { log } from '#app/server/log.server.ts'
import { createFreshnessPolicy, freshness, productsChanged, storedCopyInMemory, type PageLoader } from '#app/server/partner/page-cache.server.ts'
import type { PageRows } from '#app/server/partner/page-rows.server.ts'

/**
 * The page cache's freshness policy on its own, over a store of pages kept in
 * memory with the same contract as the page_cache table: what a caller gets
 * back, and how often the partner is asked, as time passes.
 */

const HOUR = 3_600_000
const URL_A = 'https://www.floristone.com/main.cfm?cat=bd'
const FRESH_MS = 72 * HOUR
const ACCEPTABLE_MS = 14 * 24 * HOUR
const RETRY_MS = 15 * 60_000
const LEASE_MS = 90_000

const product = (n: number): Product => ({
	title: `Bouquet ${n}`,
	image: `https://cdn.floristone.com/${n}.jpg`,
	url: `https://www.floristone.com/detail.cfm?dcode=B${n}`,
})

type Stored = { products: Product[]; fetchedAt: number; expiresAt: number; acceptableUntil: number; lockUntil: number | null; lockId: string | null }

/** Pages in memory, locked and backed off as the page_cache table does it; `lines` is its cache_log. */
function memoryRows(clock: Clock) {
	const pages = new Map<string, Stored>()
	const lines: string[] = []
	let locks = 0
	let refusal: Error | undefined
	const rows: PageRows = {
		async read(url) {
			const page = pages.get(url)
			if (!page || page.fetchedAt <= 0) return undefined
			return { ...page, refreshLockUntil: page.lockUntil, products: () => structuredClone(page.products) }
		},
		async countHit() {},
		async takeLock(url) {
			if (refusal) throw refusal
			const now = clock.now()
			const page = pages.get(url) ?? { products: [], fetchedAt: 0, expiresAt: 0, acceptableUntil: 0, lockUntil: null, lockId: null }
			if ((page.lockUntil !== null && page.lockUntil > now) || page.expiresAt > now) return undefined
			pages.set(url, { ...page, lockUntil: now + LEASE_MS, lockId: `lock-${(locks += 1)}` })
			return `lock-${locks}`
		},
		async store(url, { products }) {
			const now = clock.now()
			if (refusal) return { fetchedAt: now, expiresAt: now + FRESH_MS, stored: false }
			pages.set(url, { products, fetchedAt: now, expiresAt: now + FRESH_MS, acceptableUntil: now + ACCEPTABLE_MS, lockUntil: null, lockId: null })
			return { fetchedAt: now, expiresAt: now + FRESH_MS, stored: true }
		},
		async backOff(url, lockId) {
			const page = pages.get(url)
			if (page?.lockId === lockId) pages.set(url, { ...page, lockUntil: clock.now() + RETRY_MS, lockId: null })
		},
		async backoffUntil(url) {
			const page = pages.get(url)
			return page && page.lockId === null && (page.lockUntil ?? 0) > clock.now() ? (page.lockUntil ?? undefined) : undefined
		},
		async log({ action, status }) {
			lines.push(`${action} ${status}`)
		},
		async releaseAll() {},
		async storedProducts() {
			return [...pages.values()].filter((page) => page.fetchedAt > 0).map((page) => page.products)
		},
	}
	/** While `error` is set, the store refuses every write as a full disk would, locks and pages alike. */
	const refuseWrites = (error: Error | undefined) => (refusal = error)
	return { rows, lines, pages, refuseWrites }
}

function setUp(load: PageLoader, options: { memoryMs?: number } = {}) {
	const clock = fakeClock()
	const store = memoryRows(clock)
	const changed: string[] = []
	const policy = createFreshnessPolicy({ rows: store.rows, load, clock, options, onProductsChanged: (url) => changed.push(url) })
	return { clock, store, changed, policy }
}

test('a page is fetched once, then served from the store while fresh', async () => {
	const load = fakePartner([[product(1)]])
	const { clock, store, policy } = setUp(load)
	const cold = await Promise.all(Array.from({ length: 50 }, () => policy.get(URL_A)))
	expect(new Set(cold.map((page) => page.status))).toEqual(new Set(['crawled']))
	clock.advance(FRESH_MS - 1)
	expect(await policy.get(URL_A)).toMatchObject({ status: 'fresh', products: [product(1)] })
	expect(load).toHaveBeenCalledTimes(1)
	expect(store.lines).toEqual(['miss fresh', 'hit fresh'])
})

test('a stale page is served while one refresh replaces it, and a new range is announced once', async () => {
	const load = fakePartner([[product(1)], [product(2)], [product(2)]])
	const { clock, changed, policy } = setUp(load)
	await policy.get(URL_A)
	clock.advance(FRESH_MS)
	const stale = await Promise.all([policy.get(URL_A), policy.get(URL_A), policy.get(URL_A)])
	expect(stale.map((page) => page.status)).toEqual(['stale_but_acceptable', 'stale_but_acceptable', 'stale_but_acceptable'])
	expect(stale[0]?.products).toEqual([product(1)])
	await policy.settle()
	expect(await policy.get(URL_A)).toMatchObject({ status: 'fresh', products: [product(2)] })
	expect(load).toHaveBeenCalledTimes(2)
	expect(changed).toEqual([URL_A])
	// The next refresh brings the same range: nothing to announce.
	clock.advance(FRESH_MS)
	await policy.get(URL_A)
	await policy.settle()
	expect(load).toHaveBeenCalledTimes(3)
	expect(changed).toEqual([URL_A])
})

test('past its acceptable age a page is still served (from memory, else from the store) while it is refreshed', async () => {
	const load = fakePartner([[product(1)], [product(2)]])
	// Memory that outlasts the store's acceptable age (it is a day by default).
	const { clock, store, policy } = setUp(load, { memoryMs: 2 * ACCEPTABLE_MS })
	await policy.get(URL_A)
	clock.advance(ACCEPTABLE_MS)
	expect(await policy.get(URL_A)).toMatchObject({ status: 'local_cache', products: [product(1)] })
	await policy.settle()
	expect(await policy.get(URL_A)).toMatchObject({ status: 'fresh', products: [product(2)] })

	// Another process's policy has nothing in memory: the old stored page is served.
	const other = createFreshnessPolicy({ rows: store.rows, load: fakePartner([[product(3)]]), clock })
	clock.advance(ACCEPTABLE_MS)
	expect(await other.get(URL_A)).toMatchObject({ status: 'expired_but_served', products: [product(2)] })
	await other.settle()
	expect(await other.get(URL_A)).toMatchObject({ status: 'fresh', products: [product(3)] })
})

test('a caller that finds the page locked elsewhere waits for the holder’s copy instead of asking the partner', async () => {
	const load = fakePartner([[product(9)]])
	const { clock, store, policy } = setUp(load)
	const holder = await store.rows.takeLock(URL_A)
	expect(holder).toBeDefined()
	const waiting = policy.get(URL_A)
	await store.rows.store(URL_A, { html: '', products: [product(4)] })
	expect(await waiting).toMatchObject({ status: 'fresh', products: [product(4)] })
	expect(load).not.toHaveBeenCalled()
	clock.advance(1)
	expect(await policy.get(URL_A)).toMatchObject({ status: 'fresh', products: [product(4)] })
})

test('a failed first fetch backs off: callers fail at once until the retry time, then the partner is asked again', async () => {
	const load = vi
		.fn<PageLoader>()
		.mockRejectedValueOnce(new Error('The partner answered 503'))
		.mockResolvedValue({ html: '', products: [product(5)] })
	const { clock, store, policy } = setUp(load)
	await expect(policy.get(URL_A)).rejects.toThrow('503')
	clock.advance(RETRY_MS - 1)
	await expect(policy.get(URL_A)).rejects.toThrow('failed recently')
	expect(load).toHaveBeenCalledTimes(1)
	clock.advance(1)
	expect(await policy.get(URL_A)).toMatchObject({ status: 'crawled', products: [product(5)] })
	expect(store.lines).toEqual(['miss error', 'miss error', 'miss fresh'])
})

test('a failed refresh keeps the stale page, logs why, and is retried only after the back-off', async () => {
	const load = vi
		.fn<PageLoader>()
		.mockResolvedValueOnce({ html: '', products: [product(1)] })
		.mockResolvedValueOnce({ html: '', products: [] })
		.mockResolvedValue({ html: '', products: [product(6)] })
	const { clock, store, changed, policy } = setUp(load)
	await policy.get(URL_A)
	clock.advance(FRESH_MS)
	const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined)
	expect(await policy.get(URL_A)).toMatchObject({ status: 'stale_but_acceptable', products: [product(1)] })
	await policy.settle()
	expect(errors).toHaveBeenCalledWith(
		{ err: expect.objectContaining({ message: expect.stringContaining('yielded no products') }), url: URL_A },
		'Background refresh failed',
	)
	expect(await policy.get(URL_A)).toMatchObject({ status: 'stale_but_acceptable', products: [product(1)] })
	await policy.settle()
	expect(load).toHaveBeenCalledTimes(2)
	clock.advance(RETRY_MS)
	await policy.get(URL_A)
	await policy.settle()
	expect(await policy.get(URL_A)).toMatchObject({ status: 'fresh', products: [product(6)] })
	expect(changed).toEqual([URL_A])
	expect(store.lines.filter((line) => line === 'miss error')).toHaveLength(1)
})

test('the store unreadable: memory answers as a last resort, and without it the caller is told', async () => {
	const load = fakePartner([[product(1)]])
	const { store, policy } = setUp(load)
	await policy.get(URL_A)
	store.rows.read = async () => {
		throw new Error('disk I/O error')
	}
	expect(await policy.get(URL_A)).toMatchObject({ status: 'error_fallback', products: [product(1)] })
	await expect(policy.get('https://www.floristone.com/main.cfm?cat=sy')).rejects.toThrow('All cache strategies failed')
})

const diskFull = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })
const fileHeld = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })

test('a store that cannot be written: what the partner sent is served, from memory while fresh, and the log says why', async () => {
	const load = fakePartner([[product(1)], [product(2)]])
	const { clock, store, policy } = setUp(load)
	store.refuseWrites(diskFull())
	const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined)
	expect(await policy.get(URL_A)).toMatchObject({ status: 'crawled', products: [product(1)] })
	expect(warn).toHaveBeenCalledWith(expect.objectContaining({ url: URL_A, reason: 'SQLITE_FULL' }), expect.stringContaining('asked without it'))
	// The only copy is in memory: served as fresh, and the partner is not asked again.
	clock.advance(HOUR)
	expect(await policy.get(URL_A)).toMatchObject({ status: 'fresh', products: [product(1)] })
	expect(load).toHaveBeenCalledTimes(1)
	expect(store.pages.get(URL_A)).toBeUndefined()
	// Once memory forgets it (24 h), the partner is asked again, and a store that takes writes keeps it.
	store.refuseWrites(undefined)
	clock.advance(24 * HOUR)
	expect(await policy.get(URL_A)).toMatchObject({ status: 'crawled', products: [product(2)] })
	expect(store.pages.get(URL_A)?.products).toEqual([product(2)])
})

test('another writer holding the file: a page never fetched asks the partner at once instead of waiting for a lock', async () => {
	const load = fakePartner([[product(1)]])
	const { clock, store, policy } = setUp(load)
	store.refuseWrites(fileHeld())
	vi.spyOn(log, 'warn').mockImplementation(() => undefined)
	const asked = clock.now()
	expect(await policy.get(URL_A)).toMatchObject({ status: 'crawled', products: [product(1)] })
	expect(clock.now()).toBe(asked)
	// Even a caller already waiting for another process's lock stops waiting once the file is held.
	const other = 'https://www.floristone.com/main.cfm?cat=an'
	store.refuseWrites(undefined)
	await store.rows.takeLock(other)
	const waiting = policy.get(other)
	await clock.sleep(1_000)
	store.refuseWrites(fileHeld())
	expect(await waiting).toMatchObject({ status: 'crawled', products: [product(1)] })
	expect(clock.now() - asked).toBeLessThan(2_000)
	// A reader kept out too: the partner is asked.
	store.rows.read = async () => {
		throw fileHeld()
	}
	expect(await policy.get('https://www.floristone.com/main.cfm?cat=sy')).toMatchObject({ status: 'crawled' })
})

test('a failed fetch made without the lock backs off in this process: the partner is not asked again before the retry time', async () => {
	const load = vi
		.fn<PageLoader>()
		.mockRejectedValueOnce(new Error('The partner answered 503'))
		.mockResolvedValue({ html: '', products: [product(5)] })
	const { clock, store, policy } = setUp(load)
	store.refuseWrites(diskFull())
	vi.spyOn(log, 'warn').mockImplementation(() => undefined)
	await expect(policy.get(URL_A)).rejects.toThrow('503')
	clock.advance(RETRY_MS - 1)
	await expect(policy.get(URL_A)).rejects.toThrow('failed recently')
	expect(load).toHaveBeenCalledTimes(1)
	clock.advance(1)
	expect(await policy.get(URL_A)).toMatchObject({ status: 'crawled', products: [product(5)] })
})

test('a stale page while the store cannot be written: one refresh without the lock, its products then served from memory', async () => {
	const load = vi
		.fn<PageLoader>()
		.mockResolvedValueOnce({ html: '', products: [product(1)] })
		.mockRejectedValueOnce(new Error('The partner answered 503'))
		.mockResolvedValue({ html: '', products: [product(2)] })
	const { clock, store, changed, policy } = setUp(load)
	await policy.get(URL_A)
	clock.advance(FRESH_MS)
	store.refuseWrites(diskFull())
	vi.spyOn(log, 'warn').mockImplementation(() => undefined)
	const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined)
	// The refresh fails: the stale products stay, and no visit asks the partner again before the back-off ends.
	expect(await policy.get(URL_A)).toMatchObject({ status: 'stale_but_acceptable', products: [product(1)] })
	await policy.settle()
	expect(errors).toHaveBeenCalledTimes(1)
	for (let visit = 0; visit < 3; visit += 1) expect(await policy.get(URL_A)).toMatchObject({ status: 'stale_but_acceptable' })
	await policy.settle()
	expect(load).toHaveBeenCalledTimes(2)
	// After it, one refresh brings the new range, announced, and served from memory as fresh.
	clock.advance(RETRY_MS)
	await policy.get(URL_A)
	await policy.settle()
	expect(await policy.get(URL_A)).toMatchObject({ status: 'fresh', products: [product(2)] })
	expect(load).toHaveBeenCalledTimes(3)
	expect(changed).toEqual([URL_A])
})

describe('the freshness rules, in order', () => {
	const NOW = 1_000_000
	const stored = (fetchedAt: number, expiresAt: number, acceptableUntil: number, refreshLockUntil: number | null = null) => ({
		fetchedAt,
		expiresAt,
		acceptableUntil,
		refreshLockUntil,
	})
	test.each([
		['nothing anywhere: the partner', undefined, undefined, { answer: 'partner', refresh: false }],
		['a fresh stored copy', stored(900_000, NOW + 1, NOW + 2), undefined, { answer: 'store', status: 'fresh', refresh: false }],
		[
			'a stale but acceptable copy, no lock: refreshed',
			stored(900_000, NOW - 1, NOW + 1),
			undefined,
			{ answer: 'store', status: 'stale_but_acceptable', refresh: true },
		],
		[
			'a stale but acceptable copy another process is refreshing',
			stored(900_000, NOW - 1, NOW + 1, NOW + 5),
			undefined,
			{ answer: 'store', status: 'stale_but_acceptable', refresh: false },
		],
		[
			'a lock whose lease ran out counts as none',
			stored(900_000, NOW - 1, NOW + 1, NOW),
			undefined,
			{ answer: 'store', status: 'stale_but_acceptable', refresh: true },
		],
		[
			'past acceptable, memory holds a copy',
			stored(900_000, NOW - 2, NOW - 1),
			{ fetchedAt: 900_000 },
			{ answer: 'memory', status: 'local_cache', refresh: true },
		],
		['past acceptable, only the store', stored(900_000, NOW - 2, NOW - 1), undefined, { answer: 'store', status: 'expired_but_served', refresh: true }],
		['memory alone (the store lost its row)', undefined, { fetchedAt: 900_000 }, { answer: 'memory', status: 'local_cache', refresh: true }],
		[
			'a copy the store could not keep, still fresh',
			undefined,
			{ fetchedAt: 990_000, unstoredUntil: NOW + 1 },
			{ answer: 'memory', status: 'fresh', refresh: false },
		],
		[
			'a copy the store could not keep, older than what the store holds now',
			stored(995_000, NOW + 1, NOW + 2),
			{ fetchedAt: 990_000, unstoredUntil: NOW + 1 },
			{ answer: 'store', status: 'fresh', refresh: false },
		],
		[
			'a copy the store could not keep, past its time',
			undefined,
			{ fetchedAt: 990_000, unstoredUntil: NOW },
			{ answer: 'memory', status: 'local_cache', refresh: true },
		],
	] as const)('%s', (_name, row, local, expected) => {
		expect(freshness(row, local, NOW)).toEqual(expected)
	})
})

describe('when new products are announced as a change', () => {
	test.each([
		['nothing held before', undefined, [product(1)], 2_000, false],
		['another fetch with other products', { products: [product(1)], fetchedAt: 1_000 }, [product(2)], 2_000, true],
		['another fetch with the same products', { products: [product(1)], fetchedAt: 1_000 }, [product(1)], 2_000, false],
		['the same fetch held again', { products: [product(1)], fetchedAt: 2_000 }, [product(2)], 2_000, false],
		['another fetch with the same products in another order', { products: [product(1), product(2)], fetchedAt: 1_000 }, [product(2), product(1)], 2_000, true],
	] as const)('%s', (_name, previous, products, fetchedAt, expected) => {
		expect(productsChanged(previous, products, fetchedAt)).toBe(expected)
	})
})

describe('how a stored copy being served meets the memory layer', () => {
	test.each([
		['memory holds that very version: its products are reused', 'fresh', { fetchedAt: 900 }, 900, 'reuse'],
		['memory holds that version, stale', 'stale_but_acceptable', { fetchedAt: 900 }, 900, 'reuse'],
		['memory holds nothing: a fresh copy is held', 'fresh', undefined, 900, 'remember'],
		['memory holds an older version: the stale copy is held', 'stale_but_acceptable', { fetchedAt: 800 }, 900, 'remember'],
		['a copy past its acceptable time is not held', 'expired_but_served', undefined, 900, 'leave'],
	] as const)('%s', (_name, status, local, storedFetchedAt, expected) => {
		expect(storedCopyInMemory(status, local, storedFetchedAt)).toBe(expected)
	})
})
