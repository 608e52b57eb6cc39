import rows from 'virtual:arizona-zip-codes'
import { resolveZip, ZIP_PATTERN, type ZipAnswer, type ZipPlace } from '~/domain/zip-search.ts'
import { getAllCities, getCityContent } from './catalog.server.ts'

const arizona: ReadonlyMap<string, ZipPlace> = new Map(rows.map(([zip, place, lat, lng]) => [zip, { zip, place, lat, lng }]))

/** Where a typed ZIP leads: its city, the nearest listed city, or outside Arizona; undefined for text that is no ZIP. */
export function findZip(text: string): ZipAnswer | undefined {
	const zip = text.trim()
	if (!ZIP_PATTERN.test(zip)) return undefined
	const cities = getAllCities().map((city) => ({ ...city, zipCodes: getCityContent(city.slug).zipCodes ?? city.zipCodes }))
	return resolveZip(zip, cities, arizona)
}
