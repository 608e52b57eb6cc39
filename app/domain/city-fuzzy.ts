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
		.filter((city) => city.name.charAt(0).toLowerCase() === first)
}
