import { expect, test } from 'vitest'
import type { CityFacts } from '#app/domain/catalog-schema.ts'
import {
	article,
	buildCityPage as buildIn,
	cityEmphasis,
	compassDirection as compassIn,
	defaultCityTitle as titleIn,
	milesBetween,
	TITLE_MAX,
	type CityDerived,
} from '#app/domain/city-page.ts'
import type { City, CityContent } from '#app/domain/catalog-schema.ts'
import { hoursAheadOfArizona } from '#app/domain/delivery.ts'
import { reachAt } from '#app/domain/reach.ts'
import { deadlineHour } from '#app/domain/reach-words.ts'
import { checkDelivery as checkIn } from '#app/domain/delivery-check.ts'
import type { CalendarDate } from '#app/domain/calendar-date.ts'
import type { Reach } from '#app/domain/reach.ts'
import { cityPage } from '#app/words/city-page-words.server.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { cityPageWords } from '#app/server/page-words.server.ts'

/** The page in English, as the English pages build it. */
const buildCityPage = (city: City, content: CityContent, nearby: readonly City[], derived?: CityDerived) =>
	buildIn(city, content, nearby, cityPageWords('en'), derived)
const defaultCityTitle = (name: string, reach?: Reach, florist?: CityFacts['florist']) => titleIn(name, cityPage.en, reach, florist)
const compassDirection = (from: { lat: number; lng: number }, to: { lat: number; lng: number }) => compassIn(from, to, cityPage.en.compass)
/** A day's cut-off at a place, as the English pages write it. */
const cutoffLabel = (date: CalendarDate, place: { name: string; timeZone: string }) =>
	deadlineHour(reachAt({ ...place, townReach: 'remote' }, new Date(Date.UTC(date.year, date.month - 1, date.day, 17))).cutoff, place, delivery.en)
const checkDelivery = (input: Omit<Parameters<typeof checkIn>[0], 'words'>) => checkIn({ ...input, words: delivery.en })

const city = {
	slug: 'lake-havasu-city',
	name: 'Lake Havasu City',
	county: 'Mohave',
	region: 'Western Arizona',
	population: 57144,
	zipCodes: ['86403', '86404'],
	lat: 34.4839,
	lng: -114.3225,
}
const phoenix = { ...city, slug: 'phoenix', name: 'Phoenix', county: 'Maricopa', lat: 33.4484, lng: -112.074, zipCodes: ['85004'] }
const tucson = { ...city, slug: 'tucson', name: 'Tucson', county: 'Pima', lat: 32.2217, lng: -110.9265, zipCodes: ['85701'] }

const facts: CityFacts = {
	reach: 'remote',
	reachNote: 'The florist drives out along the highway.',
	florist: 'drives-in',
	elevationFt: 735,
	setting: 'A lake town on the Colorado River.',
	neighborhoods: ['Desert Hills'],
	landmarks: ['London Bridge'],
	hospitals: [{ name: 'Havasu Regional Medical Center', note: 'give the room number' }],
	colleges: [],
	cemeteries: [],
	seniorCommunities: [],
	militaryBases: [],
	weather: { summer: 'Very hot.', winter: 'Mild.' },
	faq: [
		{ question: 'Q1?', answer: 'A1.' },
		{ question: 'Q2?', answer: 'A2.' },
	],
	sources: [{ covers: ['hospitals', 'neighborhoods'], title: 'A source', url: 'https://example.org/lake-town', checked: '2026-11-27' }],
}

test('titles fit in 60 characters, name the city and flower delivery, and promise same-day only where the reach allows', () => {
	expect(defaultCityTitle('Mesa')).toBe('Flower Delivery Mesa, AZ | Same-Day Local Florists')
	expect(defaultCityTitle('Lake Havasu City')).toBe('Flower Delivery Lake Havasu City, AZ | Same-Day Delivery')
	expect(defaultCityTitle('Ajo', 'remote')).toBe('Flower Delivery Ajo, AZ | Order a Day Ahead')
	// No "Eloy florist" where no florist is based in Eloy.
	expect(defaultCityTitle('Eloy', 'regional', 'drives-in')).toBe('Flower Delivery Eloy, AZ | Same-Day Delivery')
	for (const name of ['Catalina Foothills', 'Sun City West', 'Lake Havasu City', 'Apache Junction'])
		for (const reach of ['metro', 'regional', 'remote'] as const) {
			const title = defaultCityTitle(name, reach)
			expect(title.length, title).toBeLessThanOrEqual(TITLE_MAX)
			expect(title).toContain(name)
			expect(title).toMatch(/Flower Delivery/)
			if (reach === 'remote') expect(title).not.toMatch(/same-day/i)
		}
})

test('"an" before a vowel sound', () => {
	expect(['Eloy', 'Ajo', 'Avondale', 'Oro Valley', 'Yuma', 'Mesa'].map((name) => `${article(name)} ${name}`)).toEqual([
		'an Eloy',
		'an Ajo',
		'an Avondale',
		'an Oro Valley',
		'a Yuma',
		'a Mesa',
	])
	const page = buildCityPage({ ...city, name: 'Eloy', slug: 'eloy' }, { updated: '2026-11-25', facts }, [])
	expect(page.services[1]?.description).toContain('an Eloy birthday')
})

test('a remote town never promises same-day delivery anywhere on its page', () => {
	const page = buildCityPage(city, { updated: '2026-11-25', facts }, [], { timeZone: 'America/Phoenix', hubs: [phoenix, tucson], zipPlaces: new Map() })
	const text = JSON.stringify(page)
	expect(text).not.toMatch(/delivery today anywhere|deliver the same day|same-day flower delivery from local/i)
	expect(page.title).not.toMatch(/same-day/i)
	expect(page.services[0]).toMatchObject({ title: 'Delivery with a Day’s Notice' })
	expect(page.services[0]?.description).toMatch(/the day before/)
	expect(page.promise).toMatchObject({ sameDay: false, headerNote: 'Delivery with a Day’s Notice' })
	expect(page.heroIntro).toMatch(/order a day ahead/)
	expect(page.floristNetworkTitle).toBe('The florist who delivers to Lake Havasu City')
	expect(text).not.toMatch(/local florist/i)
})

test('a town without a hospital gets no hospital heading of its own; far neighbours are the nearest towns, not a service area', () => {
	const page = buildCityPage(city, { updated: '2026-11-25', facts: { ...facts, hospitals: [], hospitalNote: 'Patients go to Kingman.' } }, [
		{ ...city, slug: 'kingman', name: 'Kingman', lat: 35.1894, lng: -114.053 },
	])
	expect(page.local[0]).toMatchObject({ id: 'hospitals', title: 'Hospitals near Lake Havasu City', items: [] })
	expect(page.nearbyTitle).toBe('Nearest towns to Lake Havasu City')
	const withoutNote = buildCityPage(city, { updated: '2026-11-25', facts: { ...facts, hospitals: [] } }, [])
	expect(withoutNote.local.map((section) => section.id)).not.toContain('hospitals')
})

test('each question once: a later question that asks what an earlier one asked is left out', () => {
	const page = buildCityPage(
		{ ...city, name: 'Tuba City', slug: 'tuba-city' },
		{
			updated: '2026-11-25',
			faqOverrides: [{ question: 'What time zone applies to Tuba City, and how should I address a delivery?', answer: 'A.' }],
			facts: {
				...facts,
				faq: [
					{ question: 'What time zone applies to a Tuba City delivery?', answer: 'B.' },
					{ question: 'Can flowers reach Moenkopi?', answer: 'C.' },
				],
			},
		},
		[],
	)
	expect(page.faq.map((item) => item.answer)).toEqual(['A.', 'C.'])
})

test('the page is written from the facts: its own sections, FAQ and the hub it lies from', () => {
	const page = buildCityPage(city, { updated: '2026-11-25', facts, faqOverrides: [{ question: 'Q0?', answer: 'A0.' }] }, [], {
		timeZone: 'America/Phoenix',
		hubs: [phoenix, tucson],
		zipPlaces: new Map([['86403', 'Lake Havasu City']]),
	})
	expect(page.whyChoose).toEqual(['A lake town on the Colorado River.'])
	expect(page.floristNetwork[0]).toBe('The florist drives out along the highway.')
	expect(page.floristNetwork[1]).toBe('Lake Havasu City lies about 147 miles northwest of Phoenix in a straight line (237 km); the road is longer.')
	expect(page.faq.map((item) => item.question)).toEqual(['Q0?', 'Q1?', 'Q2?'])
	expect(page.local.map((section) => section.id)).toEqual(['hospitals', 'weather', 'places'])
	expect(page.local[1]?.title).toBe('Weather and delivery at 735 feet')
	expect(page.zipPlaces).toEqual([
		{ zip: '86403', place: 'Lake Havasu City' },
		{ zip: '86404', place: undefined },
	])
})

test('distances and directions come from the coordinates', () => {
	expect(milesBetween(phoenix, tucson)).toBe(108)
	expect(compassDirection(phoenix, tucson)).toBe('southeast')
	expect(compassDirection(tucson, phoenix)).toBe('northwest')
})

test("a city's facts choose the occasions its sliders lead with", () => {
	expect(cityEmphasis(facts)).toEqual(['get-well-soon'])
	expect(cityEmphasis({ ...facts, hospitals: [], colleges: ['A', 'B'], seniorCommunities: ['C'] })).toEqual(['graduation', 'sympathy-funeral'])
	expect(cityEmphasis({ ...facts, hospitals: [] })).toEqual([])
})

test('on the Navajo Nation the cut-off is named on both clocks in summer, once in winter', () => {
	const summer = { year: 2027, month: 7, day: 15 }
	const winter = { year: 2027, month: 1, day: 15 }
	const tubaCity = { name: 'Tuba City', timeZone: 'America/Denver' }
	expect(hoursAheadOfArizona('America/Denver', summer)).toBe(1)
	expect(hoursAheadOfArizona('America/Denver', winter)).toBe(0)
	expect(cutoffLabel(summer, tubaCity)).toBe('2:00 PM Arizona time (3:00 PM in Tuba City)')
	expect(cutoffLabel(winter, tubaCity)).toBe('2:00 PM')
	// 10:00 AM Arizona time on each day.
	const summerMorning = new Date(Date.UTC(2027, 6, 15, 17))
	const winterMorning = new Date(Date.UTC(2027, 0, 15, 17))
	expect(
		checkDelivery({ now: summerMorning, date: summer, slotHour: 16, place: { name: 'Tuba City', townReach: 'metro', timeZone: 'America/Denver' } })?.message,
	).toBe('Yes! Order before 2:00 PM Arizona time (3:00 PM in Tuba City) today for delivery by 4:00 PM in Tuba City.')
	expect(
		checkDelivery({ now: winterMorning, date: winter, slotHour: 16, place: { name: 'Tuba City', townReach: 'metro', timeZone: 'America/Denver' } })?.message,
	).toBe('Yes! Order before 2:00 PM today for delivery by 4:00 PM in Tuba City.')
})

test('overrides from the city file win; the first four categories describe the services', () => {
	const page = buildCityPage(
		city,
		{
			updated: '2026-11-25',
			seoTitle: 'Custom',
			geoCoordinates: { lat: '34.5', lng: '-114.3' },
			categories: ['A', 'B'],
			faqOverrides: [{ question: 'Q', answer: 'A' }],
			facts: {
				...facts,
				faq: [
					{ question: 'Q', answer: 'A' },
					{ question: 'Q3?', answer: 'A3.' },
				],
			},
		},
		[{ ...city, slug: 'kingman', name: 'Kingman', lat: 35.1894, lng: -114.053 }],
	)
	expect(page.title).toBe('Custom')
	expect(page.geo).toEqual({ lat: 34.5, lng: -114.3 })
	expect(page.services.map((service) => service.description).slice(0, 2)).toEqual(['A', 'B'])
	expect(page.services[2]?.description).toContain('Lake Havasu City')
	expect(page.faq).toEqual([
		{ question: 'Q', answer: 'A' },
		{ question: 'Q3?', answer: 'A3.' },
	])
	expect(page.nearby).toEqual([{ name: 'Kingman', slug: 'kingman', miles: 51 }])
})

test('no town title calls the site a florist: local florists deliver, the site sends senders to them', async () => {
	const { readdirSync, readFileSync } = await import('node:fs')
	const { cityPage } = await import('#app/words/city-page-words.server.ts')
	const titles = ['data/cities', 'data/es/cities'].flatMap((folder) =>
		readdirSync(folder).flatMap((name) => {
			const title = (JSON.parse(readFileSync(`${folder}/${name}`, 'utf8')) as { seoTitle?: string }).seoTitle
			return title ? [title] : []
		}),
	)
	const templates = (['en', 'es'] as const).flatMap((lang) => Object.values(cityPage[lang].title).flat())
	expect(titles.length).toBeGreaterThan(20)
	for (const title of [...titles, ...templates]) expect(title).not.toMatch(/\b(Florist|Florería)\b/)
})
