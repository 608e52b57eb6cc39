import rows from 'virtual:arizona-zip-codes'
import { resolveZip, ZIP_PATTERN, type ListedCity, type ZipAnswer, type ZipPlace } from '~/domain/zip-search.ts'
import { getAllCities, getListedZipCodes } from './catalog.server.ts'

const arizona: ReadonlyMap<string, ZipPlace> = new Map(rows.map(([zip, place, lat, lng]) => [zip, { zip, place, lat, lng }]))
/** The cities with the ZIP codes their pages list, read once: the catalog does not change while the server runs. */
let listed: ListedCity[] | undefined

/** Where a typed ZIP leads: its city, the nearest listed city, or outside Arizona; undefined for text that is no ZIP. */
export function findZip(text: string): ZipAnswer | undefined {
	const zip = text.trim()
	if (!ZIP_PATTERN.test(zip)) return undefined
	listed ??= getAllCities().map((city) => ({ ...city, zipCodes: getListedZipCodes(city) }))
	return resolveZip(zip, listed, arizona)
}

/** The place the ZIP code's post office is named for (the `zipcodes` package), if it is an Arizona ZIP. */
export function zipPlace(zip: string): string | undefined {
	return arizona.get(zip)?.place
}
