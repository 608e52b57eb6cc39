import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { fuzzyCities } from '#app/domain/city-fuzzy.ts'
import { cleanQuery, findCities, matchCities, zipIn } from '#app/domain/city-name-match.ts'
import { MUST_MATCH, MUST_NOT_MATCH } from '#test/support/search-table.ts'

type City = { slug: string; name: string; county: string; population: number; zipCodes: string[] }
const cities = (JSON.parse(readFileSync('data/cities.json', 'utf8')) as { cities: City[] }).cities

/** The rule as the server runs it, but a ZIP: names, then a listed city's ZIP in the text, then the typo match. */
function search(text: string): string | undefined {
	const byName = findCities(cities, text)
	if (byName.cities[0]) return byName.cities[0].slug
	const zip = zipIn(text)
	const byZip = zip ? cities.find((city) => city.zipCodes.includes(zip)) : undefined
	if (byZip) return byZip.slug
	return fuzzyCities(cities, byName.name)[0]?.slug
}

test('the table holds at least 40 inputs each way, and every featured city has a misspelling in it', () => {
	expect(MUST_MATCH.length).toBeGreaterThanOrEqual(40)
	expect(MUST_NOT_MATCH.length).toBeGreaterThanOrEqual(MUST_MATCH.length)
	const featured = (JSON.parse(readFileSync('data/cities.json', 'utf8')) as { featured: string[] }).featured
	const misspelled = new Set(MUST_MATCH.filter(([text, slug]) => !text.toLowerCase().includes(slug.replace(/-/g, ' '))).map(([, slug]) => slug))
	for (const slug of featured) expect(misspelled, slug).toContain(slug)
})

test.each(MUST_MATCH)('"%s" opens %s', (text, slug) => {
	expect(search(text)).toBe(slug)
})

test.each(MUST_NOT_MATCH)('"%s" names no city', (text) => {
	expect(search(text)).toBeUndefined()
})

test('the SPEC’s substring match comes first, in list order', () => {
	expect(matchCities(cities, '  SAN ').map((city) => city.slug)).toEqual(findCities(cities, '  SAN ').cities.map((city) => city.slug))
	expect(findCities(cities, 'mesa').cities[0]?.slug).toBe('mesa')
})

test('what is typed around a name is taken off: the state, punctuation, ZIP codes', () => {
	expect(cleanQuery('Sedona, AZ 86336')).toBe('sedona')
	expect(cleanQuery('Phoenix, Arizona, USA')).toBe('phoenix')
	expect(zipIn('Sedona AZ 86336')).toBe('86336')
	expect(zipIn('Yuma 85364-1234')).toBe('85364')
	expect(zipIn('call 5205551234')).toBeUndefined()
})

test('a name typed whole comes before longer names that contain it, in the list the box shows too', () => {
	for (const text of ['Prescott', 'prescott', 'Prescott, AZ', 'Prescott az', 'Prescott, Arizona'])
		expect(
			findCities(cities, text)
				.cities.map((city) => city.slug)
				.slice(0, 2),
			text,
		).toEqual(['prescott', 'prescott-valley'])
	expect(matchCities(cities, 'sun city').map((city) => city.slug)).toEqual(['sun-city', 'sun-city-west'])
	// A name one letter short is that name misspelled: Prescott first, in the box's list too.
	expect(
		findCities(cities, 'prescot')
			.cities.map((city) => city.slug)
			.slice(0, 2),
	).toEqual(['prescott', 'prescott-valley'])
	// Names that begin with the text come before names that merely contain it.
	expect(matchCities(cities, 'san').map((city) => city.slug)[0]).toMatch(/^san-/)
})
