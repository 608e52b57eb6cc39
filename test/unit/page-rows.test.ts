import { describe, expect, test } from 'vitest'
import type { Product } from '#app/domain/product.ts'
import { backoffEnd, freshColumns, logPruneCutoffs, storedPageOf } from '#app/server/partner/page-rows.server.ts'

/** The decisions of the page_cache and cache_log tables, apart from the database: inputs → outputs. */

const HOUR = 3_600_000
const NOW = 1_000_000_000
const product: Product = { title: 'Bouquet', image: 'https://cdn.floristone.com/1.jpg', url: 'https://www.floristone.com/detail.cfm?dcode=B1' }

describe('the columns of a page just fetched', () => {
	test.each([
		[
			'fresh for freshMs, acceptable for acceptableMs, the lock cleared',
			{ freshMs: 72 * HOUR, acceptableMs: 14 * 24 * HOUR },
			{ fetched_at: NOW, expires_at: NOW + 72 * HOUR, acceptable_until: NOW + 14 * 24 * HOUR, refresh_lock_until: null, refresh_lock_id: null },
		],
		[
			'other settings',
			{ freshMs: 1_000, acceptableMs: 5_000 },
			{ fetched_at: NOW, expires_at: NOW + 1_000, acceptable_until: NOW + 5_000, refresh_lock_until: null, refresh_lock_id: null },
		],
	])('%s', (_name, options, times) => {
		expect(freshColumns({ html: '<html></html>', products: [product] }, NOW, options)).toEqual({
			html: '<html></html>',
			products: JSON.stringify([product]),
			...times,
		})
	})
})

describe('a stored row as the policy reads it', () => {
	const row = { products: JSON.stringify([product]), fetched_at: NOW, expires_at: NOW + 1, acceptable_until: NOW + 2, refresh_lock_until: null }
	test.each([
		['a fetched page', row, { fetchedAt: NOW, expiresAt: NOW + 1, acceptableUntil: NOW + 2, refreshLockUntil: null, products: [product] }],
		[
			'a fetched page being refreshed',
			{ ...row, refresh_lock_until: NOW + 5 },
			{ fetchedAt: NOW, expiresAt: NOW + 1, acceptableUntil: NOW + 2, refreshLockUntil: NOW + 5, products: [product] },
		],
		['a row that only holds a lock for a URL never fetched', { ...row, products: '[]', fetched_at: 0, refresh_lock_until: NOW + 5 }, undefined],
	])('%s', (_name, input, expected) => {
		const page = storedPageOf(input)
		expect(page && { ...page, products: page.products() }).toEqual(expected)
	})
})

describe('the end of a back-off a row records', () => {
	test.each([
		['a lock without a holder, still running', { refresh_lock_until: NOW + 60_000, refresh_lock_id: null }, NOW + 60_000],
		['a lock without a holder whose time has come', { refresh_lock_until: NOW, refresh_lock_id: null }, undefined],
		['a lock a crawl holds: no back-off', { refresh_lock_until: NOW + 60_000, refresh_lock_id: 'lock-1' }, undefined],
		['no lock at all', { refresh_lock_until: null, refresh_lock_id: null }, undefined],
	])('%s', (_name, row, expected) => {
		expect(backoffEnd(row, NOW)).toBe(expected)
	})
})

describe('which cache_log rows a prune drops', () => {
	const options = { logMaxAgeMs: 30 * 24 * HOUR, logMaxRows: 100_000 }
	test.each([
		['rows past 30 days, and all but the newest 100,000', 250_000, { before: NOW - 30 * 24 * HOUR, upToId: 150_000 }],
		['fewer rows than the limit: no id is beyond it', 40_000, { before: NOW - 30 * 24 * HOUR, upToId: -60_000 }],
		['an empty log', 0, { before: NOW - 30 * 24 * HOUR, upToId: -100_000 }],
	])('%s', (_name, newestId, expected) => {
		expect(logPruneCutoffs(NOW, newestId, options)).toEqual(expected)
	})
})
