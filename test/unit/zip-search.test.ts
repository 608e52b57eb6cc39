import { expect, test } from 'vitest'
import { nearestListed, placeKey, placeNote, resolveZip, zipNote, type ZipPlace } from '#app/domain/zip-search.ts'
import { cityPage } from '#app/words/city-page-words.server.ts'

const cities = [
	{ slug: 'phoenix', name: 'Phoenix', zipCodes: ['85004'], lat: 33.4484, lng: -112.074 },
	{ slug: 'tucson', name: 'Tucson', zipCodes: ['85701'], lat: 32.2226, lng: -110.9747 },
]
const arizona = new Map<string, ZipPlace>([
	['85004', { zip: '85004', place: 'Phoenix', lat: 33.4557, lng: -112.0686 }],
	['85638', { zip: '85638', place: 'Tombstone', lat: 31.7129, lng: -110.0676 }],
	['85383', { zip: '85383', place: 'Peoria', lat: 33.7175, lng: -112.3167 }],
])

test('a listed ZIP opens its city; another Arizona ZIP the nearest listed city; any other ZIP is outside Arizona', () => {
	expect(resolveZip('85004', cities, arizona)).toEqual({ kind: 'listed', zip: '85004', city: { slug: 'phoenix', name: 'Phoenix' } })
	expect(resolveZip('85638', cities, arizona)).toEqual({ kind: 'nearest', zip: '85638', place: 'Tombstone', city: { slug: 'tucson', name: 'Tucson' } })
	expect(resolveZip('85383', cities, arizona)).toMatchObject({ kind: 'nearest', city: { slug: 'phoenix' } })
	expect(resolveZip('10001', cities, arizona)).toEqual({ kind: 'outside', zip: '10001' })
})

test('the note names the ZIP, its place and the city it is served from', () => {
	const answer = resolveZip('85638', cities, arizona)
	if (answer.kind !== 'nearest') throw new Error('expected the nearest city')
	expect(zipNote(answer, cityPage.en.notes)).toBe('ZIP 85638 (Tombstone) is served from Tucson, the nearest city we list.')
})

test('an Arizona place without a page is written as people type it, and the nearest listed town stands in, saying so', () => {
	expect(placeKey('St. Johns')).toBe(placeKey('Saint Johns'))
	expect(placeKey('Ft Mohave')).toBe(placeKey('Fort Mohave'))
	const towns = [
		{ slug: 'eagar', name: 'Eagar', zipCodes: ['85925'], lat: 34.1112, lng: -109.2932 },
		{ slug: 'show-low', name: 'Show Low', zipCodes: ['85901'], lat: 34.2542, lng: -110.0298 },
	]
	const answer = nearestListed({ zip: '85936', place: 'Saint Johns', lat: 34.5058, lng: -109.3609 }, towns)
	expect(answer).toEqual({
		place: 'Saint Johns',
		slug: 'st-johns',
		city: { slug: 'eagar', name: 'Eagar' },
		miles: 28,
		timeZone: 'America/Phoenix',
		lat: 34.5058,
		lng: -109.3609,
	})
	expect(answer && placeNote(answer, cityPage.en.notes)).toBe(
		'Saint Johns has no page of its own here. Eagar, about 28 miles away, is the nearest town we list: order below with the full Saint Johns address and ZIP code.',
	)
})
