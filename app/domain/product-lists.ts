import type { Product } from '#app/domain/product.ts'

/** How many products one slider shows (SPEC §9). */
const SLIDER_WINDOW = 20

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

/** A number from a text (FNV-1a), to seed an order of a city's own. */
export function seedOf(text: string): number {
	let hash = 0x811c9dc5
	for (let index = 0; index < text.length; index += 1) {
		hash ^= text.charCodeAt(index)
		hash = Math.imul(hash, 0x01000193) >>> 0
	}
	return hash
}

/** mulberry32: a small, fast generator of numbers in [0, 1) from a seed. */
function random(seed: number): () => number {
	let state = seed >>> 0
	return () => {
		state = (state + 0x6d2b79f5) >>> 0
		let value = state
		value = Math.imul(value ^ (value >>> 15), value | 1)
		value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
		return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296
	}
}

/**
 * The items shuffled within consecutive blocks of `block`: the partner's rough ranking stays (a
 * top-ten product stays near the top), and each seed gets an order of its own.
 */
export function shuffleInBlocks<T>(items: readonly T[], seed: number, block = 8): T[] {
	const next = random(seed)
	const result = [...items]
	for (let start = 0; start < result.length; start += block) {
		const end = Math.min(start + block, result.length)
		for (let index = end - 1; index > start; index -= 1) {
			const swap = start + Math.floor(next() * (index - start + 1))
			const held = result[index] as T
			result[index] = result[swap] as T
			result[swap] = held
		}
	}
	return result
}

/** The items whose key is in `keys` first, in the order of `keys`; the rest after, in their order. */
export function leadWith<T>(items: readonly T[], keys: readonly string[], keyOf: (item: T) => string | undefined): T[] {
	const rank = new Map(keys.map((key, index) => [key, index]))
	const lead = items.filter((item) => rank.has(keyOf(item) ?? '')).sort((a, b) => (rank.get(keyOf(a) ?? '') ?? 0) - (rank.get(keyOf(b) ?? '') ?? 0))
	return [...lead, ...items.filter((item) => !rank.has(keyOf(item) ?? ''))]
}
