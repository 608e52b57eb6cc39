import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

const ID = 'virtual:arizona-zip-codes'
const RESOLVED = `\0${ID}`

type ZipRecord = { zip: string; latitude: number; longitude: number; city: string; state: string }

/**
 * Arizona's ZIP codes, cut at build time from the `zipcodes` package (every
 * US ZIP with its place and coordinates): the server gets about 570 rows as
 * `[zip, place, lat, lng]`, never the whole country.
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
			const rows = Object.values(codes)
				.filter((code) => code.state === 'AZ' && /^\d{5}$/.test(code.zip))
				.sort((a, b) => a.zip.localeCompare(b.zip))
				.map((code) => [code.zip, code.city, Number(code.latitude.toFixed(4)), Number(code.longitude.toFixed(4))])
			if (rows.length < 400) throw new Error(`zipcodes: only ${rows.length} Arizona ZIP codes found; the package's data has changed shape`)
			return `export default ${JSON.stringify(rows)}`
		},
	}
}
