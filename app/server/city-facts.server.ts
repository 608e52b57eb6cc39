import zones from 'virtual:city-time-zones'
import { HUB_SLUGS, reachPlaceOf, type CityDerived } from '#app/domain/city-page.ts'
import type { City } from '#app/domain/catalog-schema.ts'
import { ARIZONA_TIME_ZONE } from '#app/domain/delivery.ts'
import { getAllCities, getCity, getCityContent, getListedZipCodes } from '#app/server/catalog-data.server.ts'
import type { ReachPlace } from '#app/domain/reach.ts'
import { zipPlace } from '#app/server/search/zip-codes.server.ts'

/** What is derived for a city, not written: its time zone (from its coordinates, at build time), the hubs, its ZIPs' places. */
export function getCityDerived(city: City): CityDerived {
	const zipPlaces = new Map(
		getListedZipCodes(city).flatMap((zip) => {
			const place = zipPlace(zip)
			return place ? [[zip, place] as const] : []
		}),
	)
	return {
		timeZone: zones[city.slug] ?? ARIZONA_TIME_ZONE,
		hubs: HUB_SLUGS.flatMap((slug) => getCity(slug) ?? []),
		zipPlaces,
	}
}

/** Every listed town as the funeral question asks about it: its slug (its ZIP's dates) and its place for the rule of reach, by name. */
export function getServiceTowns(): readonly { slug: string; place: ReachPlace }[] {
	return getAllCities()
		.map((city) => ({ slug: city.slug, place: reachPlaceOf(city, getCityContent(city.slug), getCityDerived(city)) }))
		.sort((a, b) => a.place.name.localeCompare(b.place.name, 'en'))
}
