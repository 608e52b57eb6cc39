import { readFileSync } from 'node:fs'
import { parse } from 'node-html-parser'
import { beforeAll, expect, test } from 'vitest'
import { auditPages, listedCities, mainText, report, tokenize, type PageReading } from '#scripts/operations/content-audit.ts'
import { pageProblems } from '#scripts/ci/content-rules.ts'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

/**
 * Every city page as a crawler receives it, with products in its sliders (the REST stand-in):
 * each must be worth its own address, agree with itself about same-day delivery, fit its title,
 * be linked from another city page and render no empty section.
 */
const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }), browser: false })
const cities = listedCities()
const pages = new Map<string, string>()

beforeAll(async () => {
	for (const city of cities) {
		const response = await fetch(`${site.server.url}/cities/${city.slug}/`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })
		expect(response.status, city.slug).toBe(200)
		pages.set(city.slug, await response.text())
	}
}, 120_000)

function reach(slug: string): string {
	return (JSON.parse(readFileSync(`data/cities/${slug}.json`, 'utf8')) as { facts: { reach: string } }).facts.reach
}

test('the content audit: every city page has 150 words of its own, no two are 0.40 alike, no two show the same cards in the same order', () => {
	const readings: PageReading[] = cities.map((city) => {
		const { text, cards } = mainText(pages.get(city.slug) ?? '')
		return { slug: city.slug, words: tokenize(text, city, cities), cards }
	})
	const result = auditPages(readings)
	console.info(report(result))
	expect(result.problems).toEqual([])
	expect(result.figures).toHaveLength(70)
	// The sliders are filled: the card-order rule has cards to compare.
	for (const row of result.figures) expect(row.cards, row.slug).toBeGreaterThanOrEqual(20)
})

test('every city page keeps the page rules: promises that fit its reach, headings over what they name, each question, sentence and number once', () => {
	const problems = cities.flatMap((city) => pageProblems(pages.get(city.slug) ?? '', city))
	expect(problems).toEqual([])
})

test('a remote town says so in its header, its first service card and its structured data; a metro town keeps the spec’s words', () => {
	const tuba = parse(pages.get('tuba-city') ?? '')
	expect(tuba.querySelector('header')?.text).toContain('Delivery with a Day’s Notice')
	expect(tuba.querySelector('header')?.text).not.toContain('Same Day Delivery Available')
	expect(tuba.querySelector('section[aria-labelledby="services-title"] h3')?.text).toBe('Delivery with a Day’s Notice')
	const phoenix = parse(pages.get('phoenix') ?? '')
	expect(phoenix.querySelector('header')?.text).toContain('Same Day Delivery Available')
	expect(phoenix.querySelector('section[aria-labelledby="services-title"] h3')?.text).toBe('Same Day Delivery')
	for (const html of [pages.get('tuba-city') ?? '', pages.get('phoenix') ?? '']) expect(html).not.toMatch(/"LocalBusiness"|"Florist"|priceRange/)
})

test('no city page contradicts itself about same-day delivery; a remote town promises none', () => {
	for (const city of cities) {
		const { text } = mainText(pages.get(city.slug) ?? '')
		const promisesEverywhere = /delivery today anywhere|deliver the same day (to|in) (all|every)|same-day delivery anywhere/i.test(text)
		const advisesDayAhead = /(order|ordering) (at least )?a day ahead/i.test(text)
		expect(promisesEverywhere && advisesDayAhead, city.slug).toBe(false)
		if (reach(city.slug) === 'remote') {
			expect(text, city.slug).not.toMatch(/delivery today anywhere|Same-day delivery when you order before|deliver the same day when you order/i)
			expect(parse(pages.get(city.slug) ?? '').querySelector('title')?.text, city.slug).not.toMatch(/same-day/i)
		}
	}
})

test('titles are at most 60 characters and name the city and flower delivery; US spelling, "an" before a vowel', () => {
	for (const city of cities) {
		const html = pages.get(city.slug) ?? ''
		const title = parse(html).querySelector('title')?.text ?? ''
		expect(title.length, title).toBeLessThanOrEqual(60)
		expect(title, city.slug).toContain(city.name)
		expect(title, city.slug).toMatch(/flower delivery/i)
		const { text } = mainText(html)
		// ('Centre' stays where it is a name: Hale Centre Theatre.)
		expect(text, city.slug).not.toMatch(/neighbourhood|colour/i)
		expect(text, city.slug).not.toMatch(/\ba (Eloy|Ajo|Avondale|Anthem|Apache Junction|El Mirage|Oro Valley|Eagar)\b/)
	}
})

test('every city page is linked from another city page, and a remote town lists its nearest towns with the distance', () => {
	const linkedFrom = new Map<string, string[]>()
	for (const city of cities) {
		const area = parse(pages.get(city.slug) ?? '').querySelector('section[aria-labelledby="area-title"]')
		const links = area?.querySelectorAll('a[href^="/cities/"]').map((link) => link.getAttribute('href') ?? '') ?? []
		expect(links.length, city.slug).toBeGreaterThanOrEqual(3)
		expect(area?.text, city.slug).toMatch(/\d+ mi/)
		for (const href of links) {
			const target = /^\/cities\/([a-z0-9-]+)\/$/.exec(href)?.[1] ?? ''
			linkedFrom.set(target, [...(linkedFrom.get(target) ?? []), city.slug])
		}
	}
	const orphans = cities.filter((city) => (linkedFrom.get(city.slug) ?? []).filter((from) => from !== city.slug).length === 0).map((city) => city.slug)
	expect(orphans).toEqual([])
})

test('no section of a city page is rendered empty', () => {
	for (const city of cities) {
		const main = parse(pages.get(city.slug) ?? '').querySelector('main')
		for (const section of main?.querySelectorAll('section') ?? []) {
			const heading = section.querySelector('h2, h3')?.text.trim() ?? ''
			const body = section.text.replace(heading, '').trim()
			expect(body.length, `${city.slug}: "${heading}"`).toBeGreaterThan(0)
		}
	}
})

test("the Navajo Nation's clock comes from the coordinates: Tuba City names the cut-off on both clocks, Page and Flagstaff keep Arizona time", () => {
	expect(mainText(pages.get('tuba-city') ?? '').text).toContain('the 2:00 PM Arizona order deadline (the day before delivery) is 3:00 PM in Tuba City')
	for (const slug of ['page', 'flagstaff', 'phoenix']) expect(mainText(pages.get(slug) ?? '').text, slug).not.toMatch(/keeps daylight saving time/)
})

test('a hospital heading stands only over a hospital that admits patients: a town with emergency departments alone says emergency care', () => {
	const headings = new Map<string, string[]>()
	for (const city of cities) {
		const { facts } = JSON.parse(readFileSync(`data/cities/${city.slug}.json`, 'utf8')) as { facts: { hospitals: { emergencyOnly?: boolean }[] } }
		const heading =
			parse(pages.get(city.slug) ?? '')
				.querySelector('#hospitals h3, #hospitals h2')
				?.text.trim() ?? ''
		const kind = facts.hospitals.some((hospital) => !hospital.emergencyOnly) ? 'hospital' : facts.hospitals.length > 0 ? 'emergency' : 'none'
		headings.set(kind, [...(headings.get(kind) ?? []), city.slug])
		if (kind === 'hospital') expect(heading, city.slug).toMatch(/^Sending flowers to an? .+ hospital$/)
		if (kind === 'emergency') expect(heading, city.slug).toBe(`Emergency care and hospitals near ${city.name}`)
		if (kind === 'none' && heading) expect(heading, city.slug).toBe(`Hospitals near ${city.name}`)
	}
	expect(headings.get('emergency')?.sort()).toEqual(['avondale', 'buckeye', 'douglas', 'sedona', 'vail'])
	expect(headings.get('hospital')?.length).toBeGreaterThan(40)
})
