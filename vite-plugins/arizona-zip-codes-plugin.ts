import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'
import { placesFileSchema } from '#app/domain/catalog-schema.ts'

const ID = 'virtual:arizona-zip-codes'
const RESOLVED = `\0${ID}`
const PLACES_FILE = 'data/places.json'

type ZipRecord = { zip: string; latitude: number; longitude: number; city: string; state: string }

/**
 * Arizona's places, cut at build time: every Arizona ZIP code of the `zipcodes` package (every US
 * ZIP with its place and coordinates) as `[zip, place, lat, lng, timeZone]`, about 570 rows, never
 * the whole country, each ZIP's place at its ZIP's centre point unless data/places.json gives the
 * place's own position; and the places the city pages name that have no ZIP of their own
 * (data/places.json) as `[name, lat, lng, timeZone]`. Each place's time zone comes from its
 * coordinates with `geo-tz` (the Navajo Nation keeps daylight saving time, the Hopi villages inside
 * it do not), so the server carries two small lists and no boundary data.
 */
export function arizonaZipCodesPlugin(): Plugin {
	return {
		name: 'arizona-zip-codes',
		resolveId(source) {
			return source === ID ? RESOLVED : undefined
		},
		load(id) {
			if (id !== RESOLVED) return undefined
			const require = createRequire(import.meta.url)
			const { codes } = require('zipcodes') as { codes: Record<string, ZipRecord> }
			const { find } = require('geo-tz') as { find: (lat: number, lng: number) => string[] }
			const zoneAt = (where: string, lat: number, lng: number) => {
				const zone = find(lat, lng)[0]
				if (!zone) throw new Error(`${where}: no time zone found at ${lat}, ${lng}`)
				return zone
			}
			this.addWatchFile(PLACES_FILE)
			const parsed = placesFileSchema.safeParse(JSON.parse(readFileSync(PLACES_FILE, 'utf8')))
			if (!parsed.success) throw new Error(`${PLACES_FILE}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`)
			const places = parsed.data.places.map((place, index) => ({ ...place, where: `${PLACES_FILE}: places.${index}` }))
			// A ZIP code's own place, where the file has it, stands where the place is, not at the ZIP's centre.
			const positioned = new Map(places.filter((place) => place.zip).map((place) => [place.zip, place]))
			const rows = Object.values(codes)
				.filter((code) => code.state === 'AZ' && /^\d{5}$/.test(code.zip))
				.sort((a, b) => a.zip.localeCompare(b.zip))
				.map((code) => {
					const place = positioned.get(code.zip)
					if (place && place.name !== code.city) throw new Error(`${place.where}.name: ZIP ${code.zip} is ${code.city}'s, not ${place.name}'s`)
					positioned.delete(code.zip)
					const lat = place?.lat ?? Number(code.latitude.toFixed(4))
					const lng = place?.lng ?? Number(code.longitude.toFixed(4))
					return [code.zip, code.city, lat, lng, zoneAt(`zipcodes: ${code.zip}`, lat, lng)]
				})
			if (rows.length < 400) throw new Error(`zipcodes: only ${rows.length} Arizona ZIP codes found; the package's data has changed shape`)
			const stray = [...positioned.values()][0]
			if (stray) throw new Error(`${stray.where}.zip: ${stray.zip} is no Arizona ZIP code`)
			const named = places.filter((place) => !place.zip).map((place) => [place.name, place.lat, place.lng, zoneAt(place.where, place.lat, place.lng)])
			return `export default ${JSON.stringify(rows)}\nexport const named = ${JSON.stringify(named)}`
		},
	}
}
