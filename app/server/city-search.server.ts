import { fuzzyCities } from '#app/domain/city-fuzzy.ts'
import { findCities, zipIn } from '#app/domain/city-search.ts'
import type { ZipAnswer } from '#app/domain/zip-search.ts'
import { getAllCities } from '#app/server/catalog.server.ts'
import { findPlace, findZip } from '#app/server/zip-codes.server.ts'

/** Where a search leads: a city (with the ZIP it was found by, when that city does not list it), outside Arizona, or nowhere of ours. */
export type SearchAnswer =
	| { kind: 'city'; slug: string; zip?: string }
	/** An Arizona place without a page of its own: the nearest listed town, which says so. */
	| { kind: 'place'; slug: string; place: string }
	| { kind: 'outside'; zip: string }
	| { kind: 'none' }

function fromZip(answer: ZipAnswer): SearchAnswer {
	if (answer.kind === 'outside') return { kind: 'outside', zip: answer.zip }
	return { kind: 'city', slug: answer.city.slug, ...(answer.kind === 'nearest' ? { zip: answer.zip } : {}) }
}

/**
 * The whole search rule of `app/domain/city-search.ts`, with the steps only the server has: a ZIP
 * typed alone, the names, a ZIP anywhere in the text, an Arizona place the site has no page for,
 * then the typo-tolerant match.
 */
export function searchCity(text: string): SearchAnswer {
	const typedZip = findZip(text)
	if (typedZip) return fromZip(typedZip)
	const cities = getAllCities()
	const byName = findCities(cities, text)
	if (byName.cities[0]) return { kind: 'city', slug: byName.cities[0].slug }
	const zip = zipIn(text)
	const byZip = zip ? findZip(zip) : undefined
	if (byZip) return fromZip(byZip)
	const place = findPlace(byName.name)
	if (place) return { kind: 'place', slug: place.city.slug, place: place.slug }
	const [typo] = fuzzyCities(cities, byName.name)
	return typo ? { kind: 'city', slug: typo.slug } : { kind: 'none' }
}
