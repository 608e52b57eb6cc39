import rows, { named } from 'virtual:arizona-zip-codes'
import { nearestListed, placeKey, resolveZip, ZIP_PATTERN, type ListedCity, type PlaceAnswer, type ZipAnswer, type ZipPlace } from '#app/domain/zip-search.ts'
import { getAllCities, getListedZipCodes } from '#app/server/catalog-data.server.ts'

const arizona: ReadonlyMap<string, ZipPlace> = new Map(rows.map(([zip, place, lat, lng, timeZone]) => [zip, { zip, place, lat, lng, timeZone }]))
/** The cities with the ZIP codes their pages list, from the bundled catalog (which does not change while the server runs). */
const listed: ListedCity[] = getAllCities().map((city) => ({ ...city, zipCodes: getListedZipCodes(city) }))

const listedByKey: ReadonlyMap<string, ListedCity> = new Map(listed.map((city) => [placeKey(city.name), city]))

/**
 * Arizona's places by their typed form ("st johns"): each ZIP code's place at its first ZIP, and
 * the places the pages name without a ZIP of their own (data/places.json), which win.
 */
const places: ReadonlyMap<string, ZipPlace> = new Map([
	...[...arizona.values()].reverse().map((place) => [placeKey(place.place), place] as const),
	...named.map(([place, lat, lng, timeZone]) => [placeKey(place), { zip: '', place, lat, lng, timeZone }] as const),
])

/**
 * An Arizona place the site lists no page for ("St. Johns", "Fort Mohave", "Moenkopi"), by its name
 * as typed (state and punctuation already taken off) or by its slug, and the nearest town that has
 * a page.
 */
export function findPlace(name: string): PlaceAnswer | undefined {
	const key = placeKey(name.replace(/-/g, ' '))
	// A listed town is a town: its own page answers for it, never a "nearest town" that is itself.
	if (listedByKey.has(key)) return undefined
	const place = places.get(key)
	return place ? nearestListed(place, listed) : undefined
}

/** The listed town a name or slug is ("tempe", "Lake Havasu City", "lake-havasu-city"), if it is one. */
export function findListedTown(name: string): ListedCity | undefined {
	return listedByKey.get(placeKey(name.replace(/-/g, ' ')))
}

/** Where a typed ZIP leads: its city, the nearest listed city, or outside Arizona; undefined for text that is no ZIP. */
export function findZip(text: string): ZipAnswer | undefined {
	const zip = text.trim()
	if (!ZIP_PATTERN.test(zip)) return undefined
	return resolveZip(zip, listed, arizona)
}

/** The place the ZIP code's post office is named for (the `zipcodes` package), if it is an Arizona ZIP. */
export function zipPlace(zip: string): string | undefined {
	return arizona.get(zip)?.place
}

/**
 * An Arizona ZIP code's place (where its post office lies, and its clock) and the nearest town that
 * has a page; undefined for a ZIP named for a listed town (another of that town's ZIPs: its page
 * speaks for it as it is).
 */
export function zipPlaceAnswer(zip: string): PlaceAnswer | undefined {
	const place = arizona.get(zip)
	if (!place || listed.some((city) => placeKey(city.name) === placeKey(place.place))) return undefined
	return nearestListed(place, listed)
}
