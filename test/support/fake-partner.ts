import { vi } from 'vitest'
import type { Product } from '#app/domain/product.ts'
import type { Clock } from '#app/server/clock.server.ts'
import type { PageLoader } from '#app/server/partner/page-cache.server.ts'

/** A clock tests move by hand; sleep advances it instead of waiting. */
export function fakeClock(start = Date.UTC(2026, 10, 21, 12)): Clock & { advance: (ms: number) => void } {
	let now = start
	return {
		now: () => now,
		advance: (ms) => {
			now += ms
		},
		sleep: async (ms) => {
			now += ms
			await new Promise((resolve) => setImmediate(resolve))
		},
	}
}

/** A partner stand-in whose answers are `pages`, one per fetch (the last one repeated); it counts its fetches. */
export function fakePartner(pages: Product[][]) {
	let calls = 0
	return vi.fn<PageLoader>(async () => {
		const products = pages[Math.min(calls, pages.length - 1)] ?? []
		calls += 1
		return { html: '<html></html>', products }
	})
}
