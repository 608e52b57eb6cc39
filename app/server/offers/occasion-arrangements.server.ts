import { productCodeOf } from '#app/domain/clicks.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import { getCategories } from '#app/server/catalog-data.server.ts'
import { STREAM_BUDGET_MS } from '#app/server/page-timing.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'
import { settleWithin } from '#app/server/settle-within.server.ts'

/** Every occasion's arrangements together, and how many of the occasions' lists were read. */
export type EveryOccasionsArrangements = { products: ShownProduct[]; read: number; lists: number }

/**
 * The arrangements of every occasion's list together, each once (by the partner's code, else its
 * link), in the order of the site's occasions: what the search and the agents' tools answer from
 * when no occasion is named. The lists come through the pages' cache; a list that fails, or is not
 * at hand within `budgetMs`, is left out, and `read` says how many were.
 */
export async function everyOccasionsArrangements(partner: Pick<PartnerServices, 'products'>, budgetMs = STREAM_BUDGET_MS): Promise<EveryOccasionsArrangements> {
	const lists = getCategories().map((category) => partner.products.getCategoryProducts(category))
	const read = await Promise.all(lists.map((list) => settleWithin(list, budgetMs).catch(() => ({ settled: false as const }))))
	// A list past the budget may still fail: its rejection is answered here, not left unhandled.
	for (const list of lists) list.catch(() => undefined)
	const seen = new Set<string>()
	const products = read
		.flatMap((list) => (list.settled ? list.value.products : []))
		.filter((product) => {
			const key = productCodeOf(product.url) ?? product.url
			if (seen.has(key)) return false
			seen.add(key)
			return true
		})
	return { products, read: read.filter((list) => list.settled).length, lists: lists.length }
}
