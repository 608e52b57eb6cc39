import { fill } from '#app/words/locale.ts'
import { distanceKm, type LatLng } from '#app/domain/geo.ts'

/** A five-digit ZIP code, as typed into a search box. */
export const ZIP_PATTERN = /^\d{5}$/

/** An Arizona place: a ZIP code's post-office place, or a place a page names (zip ''), with its clock. */
export type ZipPlace = { zip: string; place: string; timeZone?: string } & LatLng
export type ListedCity = { slug: string; name: string; zipCodes: readonly string[] } & LatLng

export type ZipAnswer =
	/** A ZIP a city page lists. */
	| { kind: 'listed'; zip: string; city: { slug: string; name: string } }
	/** Another Arizona ZIP: served from the nearest listed city. */
	| { kind: 'nearest'; zip: string; place: string; city: { slug: string; name: string } }
	/** Not an Arizona ZIP code. */
	| { kind: 'outside'; zip: string }

/** Where a ZIP code's flowers are ordered from on this site. */
export function resolveZip(zip: string, cities: readonly ListedCity[], arizona: ReadonlyMap<string, ZipPlace>): ZipAnswer {
	const listed = cities.find((city) => city.zipCodes.includes(zip))
	if (listed) return { kind: 'listed', zip, city: { slug: listed.slug, name: listed.name } }
	const place = arizona.get(zip)
	const nearest = place ? nearestCity(place, cities) : undefined
	if (!place || !nearest) return { kind: 'outside', zip }
	return { kind: 'nearest', zip, place: place.place, city: { slug: nearest.city.slug, name: nearest.city.name } }
}

/** The listed city nearest a point, and how far it is. */
function nearestCity(point: LatLng, cities: readonly ListedCity[]): { city: ListedCity; km: number } | undefined {
	let nearest: { city: ListedCity; km: number } | undefined
	for (const city of cities) {
		const km = distanceKm(point, city)
		if (!nearest || km < nearest.km) nearest = { city, km }
	}
	return nearest
}

/** The notes' words, in the page's language (`notes` of app/words/city-page-words.server.ts). */
export type SearchNoteWords = { zip: string; place: string }

/** The one-line note on a city page opened for a ZIP it does not list. */
export function zipNote(answer: Extract<ZipAnswer, { kind: 'nearest' }>, words: SearchNoteWords): string {
	return fill(words.zip, { zip: answer.zip, place: answer.place, city: answer.city.name })
}

/** An Arizona place the site has no page for, where it lies and its clock, and the nearest town it lists. */
export type PlaceAnswer = { place: string; slug: string; city: { slug: string; name: string }; miles: number; timeZone: string } & LatLng

const KM_PER_MILE = 1.609344

/** A place name as people type it and as the ZIP list writes it alike: "St. Johns" and "Saint Johns", "Ft Mohave" and "Fort Mohave". */
export function placeKey(name: string): string {
	return name
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, ' ')
		.replace(/\b(?:saint|st)\b/g, 'st')
		.replace(/\b(?:fort|ft)\b/g, 'fort')
		.replace(/\b(?:mount|mt)\b/g, 'mt')
		.trim()
}

/** The nearest listed town to a place (the first of its ZIP codes' coordinates), with the straight-line miles. */
export function nearestListed(place: ZipPlace, cities: readonly ListedCity[]): PlaceAnswer | undefined {
	const nearest = nearestCity(place, cities)
	if (!nearest) return undefined
	return {
		place: place.place,
		slug: placeKey(place.place).replace(/ /g, '-'),
		city: { slug: nearest.city.slug, name: nearest.city.name },
		miles: Math.round(nearest.km / KM_PER_MILE),
		timeZone: place.timeZone ?? 'America/Phoenix',
		lat: place.lat,
		lng: place.lng,
	}
}

/** The one-line note on a city page opened for an Arizona place it stands in for. */
export function placeNote(answer: PlaceAnswer, words: SearchNoteWords): string {
	return fill(words.place, { place: answer.place, city: answer.city.name, miles: answer.miles })
}
