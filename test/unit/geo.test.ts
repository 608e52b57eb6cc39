import { expect, test } from 'vitest'
import { distanceKm, nearestPlaces } from '#app/domain/geo.ts'
import { validateCatalog } from '#app/domain/catalog.ts'
import { readDataFiles } from '#vite-plugins/read-data-files.ts'

const catalog = validateCatalog(readDataFiles(process.cwd()))
const city = (slug: string) => {
	const found = catalog.cities.cities.find((entry) => entry.slug === slug)
	if (!found) throw new Error(`no ${slug}`)
	return found
}

test('distance between Phoenix and Tucson is about 165 km', () => {
	expect(distanceKm(city('phoenix'), city('tucson'))).toBeGreaterThan(150)
	expect(distanceKm(city('phoenix'), city('tucson'))).toBeLessThan(180)
})

test('the 6 nearest places, nearest first, never the city itself', () => {
	const nearest = nearestPlaces(city('tempe'), catalog.cities.cities, 6).map((place) => place.slug)
	expect(nearest).toHaveLength(6)
	expect(nearest).not.toContain('tempe')
	expect(nearest.slice(0, 3)).toEqual(expect.arrayContaining(['mesa']))
	expect(nearest).toEqual(expect.arrayContaining(['phoenix', 'scottsdale', 'chandler']))
	const remote = nearestPlaces(city('ajo'), catalog.cities.cities, 6).map((place) => place.slug)
	expect(remote).not.toContain('flagstaff')
})

test('nearby means near: at most 80 km in a straight line, so a remote town lists fewer than six', () => {
	for (const slug of ['page', 'tuba-city', 'ajo', 'phoenix']) {
		for (const place of nearestPlaces(city(slug), catalog.cities.cities, 6)) expect(distanceKm(city(slug), place)).toBeLessThanOrEqual(80)
	}
	expect(nearestPlaces(city('page'), catalog.cities.cities, 6).length).toBeLessThan(6)
	expect(nearestPlaces(city('phoenix'), catalog.cities.cities, 6)).toHaveLength(6)
})
