export type LatLng = { lat: number; lng: number }

/** Arizona's geographic centre, used when a page has no place of its own. */
export const DEFAULT_GEO: LatLng = { lat: 34.0489, lng: -111.0937 }

const EARTH_RADIUS_KM = 6371

export function distanceKm(a: LatLng, b: LatLng): number {
	const toRad = (deg: number) => (deg * Math.PI) / 180
	const dLat = toRad(b.lat - a.lat)
	const dLng = toRad(b.lng - a.lng)
	const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2
	return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h))
}

/** How far a "nearby" city may be, in a straight line. */
export const NEARBY_MAX_KM = 80

/** Up to `count` places nearest to `origin` and within `maxKm`, nearest first, never the origin itself. */
export function nearestPlaces<T extends LatLng & { slug: string }>(origin: T, places: readonly T[], count: number, maxKm = NEARBY_MAX_KM): T[] {
	return places
		.filter((place) => place.slug !== origin.slug)
		.map((place) => ({ place, km: distanceKm(origin, place) }))
		.filter(({ km }) => km <= maxKm)
		.sort((a, b) => a.km - b.km)
		.slice(0, count)
		.map(({ place }) => place)
}
