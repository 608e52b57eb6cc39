import zones from 'virtual:city-time-zones'
import { HUB_SLUGS, type CityDerived } from '#app/domain/city-page.ts'
import type { City } from '#app/domain/catalog-schema.ts'
import { ARIZONA_TIME_ZONE } from '#app/domain/delivery.ts'
import { getCity, getListedZipCodes } from '#app/server/catalog.server.ts'
import { zipPlace } from '#app/server/zip-codes.server.ts'

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
