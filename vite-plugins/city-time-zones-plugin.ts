import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

const ID = 'virtual:city-time-zones'
const RESOLVED = `\0${ID}`

type CitiesFile = { cities: { slug: string; lat: number; lng: number }[] }

/**
 * Each listed city's IANA time zone, looked up from its coordinates at build time with `geo-tz`
 * (the time-zone boundaries of OpenStreetMap). Most of Arizona is America/Phoenix all year; the
 * Navajo Nation keeps daylight saving time (America/Denver), the Hopi lands within it do not.
 * The server gets one small map, never the boundary data.
 */
export function cityTimeZonesPlugin(): Plugin {
	return {
		name: 'city-time-zones',
		resolveId(source) {
			return source === ID ? RESOLVED : undefined
		},
		load(id) {
			if (id !== RESOLVED) return undefined
			const require = createRequire(import.meta.url)
			const { find } = require('geo-tz') as { find: (lat: number, lng: number) => string[] }
			const file = 'data/cities.json'
			this.addWatchFile(file)
			const { cities } = JSON.parse(readFileSync(file, 'utf8')) as CitiesFile
			const zones = Object.fromEntries(
				cities.map((city) => {
					const zone = find(city.lat, city.lng)[0]
					if (!zone) throw new Error(`${file}: ${city.slug}: no time zone found at ${city.lat}, ${city.lng}`)
					return [city.slug, zone]
				}),
			)
			return `export default ${JSON.stringify(zones)}`
		},
	}
}
