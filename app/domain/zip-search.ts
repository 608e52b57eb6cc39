import { distanceKm, type LatLng } from './geo.ts'

/** A five-digit ZIP code, as typed into a search box. */
export const ZIP_PATTERN = /^\d{5}$/

export type ZipPlace = { zip: string; place: string } & LatLng
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
	if (!place) return { kind: 'outside', zip }
	let nearest = cities[0]
	let best = Number.POSITIVE_INFINITY
	for (const city of cities) {
		const km = distanceKm(place, city)
		if (km < best) {
			best = km
			nearest = city
		}
	}
	if (!nearest) return { kind: 'outside', zip }
	return { kind: 'nearest', zip, place: place.place, city: { slug: nearest.slug, name: nearest.name } }
}

/** The one-line note on a city page opened for a ZIP it does not list. */
export function zipNote(answer: Extract<ZipAnswer, { kind: 'nearest' }>): string {
	return `ZIP ${answer.zip} (${answer.place}) is served from ${answer.city.name}, the nearest city we list.`
}
