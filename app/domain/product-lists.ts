import type { Product } from './product.ts'

/** How many products one slider shows (SPEC §9). */
export const SLIDER_WINDOW = 20

/** Round-robin merge of several lists, de-duplicated by URL, capped. */
export function mergeRoundRobin(lists: readonly (readonly Product[])[], limit: number): Product[] {
	const seen = new Set<string>()
	const merged: Product[] = []
	const longest = Math.max(0, ...lists.map((list) => list.length))
	for (let index = 0; index < longest && merged.length < limit; index += 1) {
		for (const list of lists) {
			const product = list[index]
			if (!product || seen.has(product.url)) continue
			seen.add(product.url)
			merged.push(product)
			if (merged.length >= limit) break
		}
	}
	return merged
}

/** `size` items starting at `offset`, wrapping round to the start. */
export function sliderWindow<T>(items: readonly T[], offset: number, size = SLIDER_WINDOW): T[] {
	if (items.length === 0) return []
	const count = Math.min(size, items.length)
	return Array.from({ length: count }, (_, index) => items[(offset + index) % items.length]).filter((item): item is T => item !== undefined)
}
