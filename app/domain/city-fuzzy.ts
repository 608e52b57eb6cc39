import Fuse from 'fuse.js'

/**
 * The city search's last step: city names within a typo or two of the cleaned
 * text ("pheonix", "scotsdale", "tuscon"), by Fuse.js's bitap score. The
 * threshold, the minimum length and the first letter keep unrelated words
 * ("roses", "birthday", "new york") from turning into a city; a test holds both
 * lists. Kept apart from
 * `city-search.ts` so a browser loads it only when a visitor's text matched
 * nothing by name.
 */

/** Scores run from 0 (exact) to 1; above this a name is too far from what was typed. */
const THRESHOLD = 0.34
/** Shorter text is too easily a piece of many names. */
const MIN_LENGTH = 4

const indexes = new WeakMap<readonly object[], Fuse<{ name: string }>>()

export function fuzzyCities<T extends { name: string }>(cities: readonly T[], name: string): T[] {
	const text = name.trim()
	if (text.length < MIN_LENGTH) return []
	let fuse = indexes.get(cities) as Fuse<T> | undefined
	if (!fuse) {
		fuse = new Fuse(cities, { keys: ['name'], includeScore: true, threshold: THRESHOLD, ignoreLocation: true, minMatchCharLength: 3 })
		indexes.set(cities, fuse as unknown as Fuse<{ name: string }>)
	}
	// People rarely mistype a name's first letter; a near match that starts elsewhere is another word
	// ("boston" inside "Cottonwood", "lilies" inside "Tolleson").
	const first = text.charAt(0).toLowerCase()
	return fuse
		.search(text)
		.map((result) => result.item)
		.filter((city) => city.name.charAt(0).toLowerCase() === first && wordsAgree(text, city.name))
}

/** The edits (insertions, deletions, substitutions, swaps of two neighbours) that turn `a` into `b`. */
function edits(a: string, b: string): number {
	const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
	for (let i = 1; i <= a.length; i++)
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1
			let best = Math.min((rows[i - 1]?.[j] ?? 0) + 1, (rows[i]?.[j - 1] ?? 0) + 1, (rows[i - 1]?.[j - 1] ?? 0) + cost)
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1)
			const row = rows[i]
			if (row) row[j] = best
		}
	return rows[a.length]?.[b.length] ?? Math.max(a.length, b.length)
}

/** The typos a word of this length may hold and still be the word: one in a short word, two in a longer one. */
const allowed = (word: string) => (word.length <= 5 ? 1 : 2)

/**
 * Whether a typo match is the name typed: each word typed is within a typo of a word of the name,
 * or, typed as one word, of the whole name run together ("casagrande"). So a place that shares
 * only a common word with a town ("Star Valley", "Arivaca Junction") is never that town.
 */
function wordsAgree(text: string, name: string): boolean {
	const typed = text.toLowerCase().split(/\s+/).filter(Boolean)
	const own = name.toLowerCase().split(/\s+/)
	if (typed.length === 1 && edits(typed[0] ?? '', own.join('')) <= allowed(own.join(''))) return true
	return typed.every((word) => own.some((part) => edits(word, part) <= allowed(part) || (part.startsWith(word) && word.length >= 3)))
}
