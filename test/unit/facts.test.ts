import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

type CityRecord = { slug: string; population: number; zipCodes: string[]; lat: number; lng: number }
type CitiesFile = { populationSource: string; cities: CityRecord[] }
type CityFile = { zipCodes?: string[]; nearbyCities?: string[] }

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T

const citiesFile = readJson<CitiesFile>('data/cities.json')
const bySlug = new Map(citiesFile.cities.map((city) => [city.slug, city]))
const cityFiles = readdirSync('data/cities')
	.filter((name) => name.endsWith('.json'))
	.map((name) => ({ slug: name.slice(0, -'.json'.length), content: readJson<CityFile>(join('data/cities', name)) }))

/** Great-circle distance in km (haversine, earth radius 6371 km). */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
	const rad = (degrees: number) => (degrees * Math.PI) / 180
	const dLat = rad(b.lat - a.lat)
	const dLng = rad(b.lng - a.lng)
	const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2
	return 2 * 6371 * Math.asin(Math.sqrt(h))
}

/** PO-box-only or unique (single-organisation) ZIP codes: flowers cannot be delivered there. */
const nonDeliveryZips = [
	// Phoenix
	'85001',
	'85002',
	'85005',
	'85010',
	'85011',
	'85026',
	'85030',
	'85036',
	'85038',
	'85046',
	'85097',
	'85098',
	// Tucson (85721 is the University of Arizona's unique ZIP)
	'85702',
	'85703',
	'85709',
	'85717',
	'85721',
	'85722',
	'85725',
	'85726',
	'85728',
	'85733',
	'85734',
	'85740',
	// Mesa, Chandler, Gilbert
	'85211',
	'85214',
	'85216',
	'85274',
	'85275',
	'85277',
	'85244',
	'85246',
	'85299',
	// Scottsdale, Tempe (85287 is Arizona State University's unique ZIP)
	'85252',
	'85261',
	'85267',
	'85271',
	'85280',
	'85285',
	'85287',
	// Glendale, Peoria, Yuma
	'85311',
	'85312',
	'85318',
	'85380',
	'85385',
	'85366',
	'85369',
	// Flagstaff (86011 is Northern Arizona University's unique ZIP), Sedona, Prescott
	'86002',
	'86003',
	'86011',
	'86339',
	'86340',
	'86341',
	'86302',
	'86304',
	'86313',
	// Green Valley
	'85622',
]

/** Every ZIP list: data/cities.json's and any data/cities/{slug}.json override. */
const zipLists = [
	...citiesFile.cities.map((city) => ({ where: `data/cities.json ${city.slug}`, zipCodes: city.zipCodes })),
	...cityFiles.flatMap(({ slug, content }) => (content.zipCodes ? [{ where: `data/cities/${slug}.json`, zipCodes: content.zipCodes }] : [])),
]

function filesUnder(directory: string): string[] {
	return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
		const path = join(directory, entry.name)
		return entry.isDirectory() ? filesUnder(path) : [path]
	})
}

describe('populations are the 2020 U.S. Census counts', () => {
	test('the source is named once, without a second vintage', () => {
		expect(citiesFile.populationSource).toBe('2020 U.S. Census')
	})

	test('Phoenix has its April 1 2020 count, not the 2019 estimate', () => {
		expect(bySlug.get('phoenix')?.population).toBe(1608139)
	})

	test('the featured cities have their 2020 counts', () => {
		const census2020: Record<string, number> = {
			phoenix: 1608139,
			tucson: 542629,
			mesa: 504258,
			chandler: 275987,
			gilbert: 267918,
			glendale: 248325,
			scottsdale: 241361,
			peoria: 190985,
			tempe: 180587,
			surprise: 143148,
			yuma: 95548,
			flagstaff: 76831,
		}
		for (const [slug, population] of Object.entries(census2020)) {
			expect(bySlug.get(slug)?.population, slug).toBe(population)
		}
	})
})

describe('ZIP codes are street-delivery ZIPs', () => {
	test('Phoenix is featured and queried with its downtown street ZIP 85004', () => {
		expect(bySlug.get('phoenix')?.zipCodes[0]).toBe('85004')
		expect(bySlug.get('tucson')?.zipCodes[0]).toBe('85701')
		expect(bySlug.get('mesa')?.zipCodes[0]).toBe('85201')
		expect(bySlug.get('scottsdale')?.zipCodes[0]).toBe('85251')
		expect(bySlug.get('glendale')?.zipCodes[0]).toBe('85301')
	})

	test('no ZIP list holds a PO-box-only or unique ZIP, and none is empty', () => {
		expect(zipLists.length).toBeGreaterThanOrEqual(citiesFile.cities.length)
		for (const { where, zipCodes } of zipLists) {
			expect(zipCodes.length, where).toBeGreaterThan(0)
			for (const zip of zipCodes) expect(zip, where).toMatch(/^\d{5}$/)
			expect(
				zipCodes.filter((zip) => nonDeliveryZips.includes(zip)),
				where,
			).toEqual([])
		}
	})
})

describe('nearby cities are really near', () => {
	test('the distance function agrees with a known distance (Phoenix to Tucson is about 174 km)', () => {
		const phoenix = bySlug.get('phoenix')
		const tucson = bySlug.get('tucson')
		if (!phoenix || !tucson) throw new Error('Phoenix and Tucson must be in data/cities.json')
		expect(distanceKm(phoenix, tucson)).toBeGreaterThan(165)
		expect(distanceKm(phoenix, tucson)).toBeLessThan(180)
	})

	test('every nearbyCities entry is a known city within 80 km of its city', () => {
		let checked = 0
		for (const { slug, content } of cityFiles) {
			const city = bySlug.get(slug)
			expect(city, `data/cities/${slug}.json has no entry in data/cities.json`).toBeDefined()
			if (!city) continue
			for (const nearby of content.nearbyCities ?? []) {
				const other = bySlug.get(nearby)
				expect(other, `${slug} -> ${nearby}`).toBeDefined()
				if (!other) continue
				const km = distanceKm(city, other)
				expect(km, `${slug} -> ${nearby} is ${km.toFixed(1)} km`).toBeLessThanOrEqual(80)
				checked++
			}
		}
		expect(checked).toBeGreaterThan(100)
	})
})

describe('institution names are current', () => {
	test('no data file mentions Yuma Regional Medical Center (Onvida Health since 2024)', () => {
		const files = filesUnder('data')
		expect(files.length).toBeGreaterThan(70)
		for (const file of files) {
			expect(readFileSync(file, 'utf8'), file).not.toContain('Yuma Regional Medical Center')
		}
		expect(readFileSync('data/cities/yuma.json', 'utf8')).toContain('Onvida Health')
	})
})
