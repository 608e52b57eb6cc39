import { describe, expect, test } from 'vitest'
import { categorySlug, citySlug, sortCategoriesForCards, titleFromSlug } from '#app/domain/slugs.ts'
import { matchCities } from '#app/domain/city-name-match.ts'
import { CATEGORY_CARD_ORDER } from '#test/support/spec.ts'

describe('category slug rule', () => {
	test.each([
		["Valentine's Day", 'valentines-day'],
		['Birthday Flowers', 'birthday-flowers'],
		["Mother's Day", 'mothers-day'],
		['Sympathy & Funeral', 'sympathy-funeral'],
		['New Baby', 'new-baby'],
		['Graduation', 'graduation'],
		['Get Well Soon', 'get-well-soon'],
		['Anniversary', 'anniversary'],
		['Just Because', 'just-because'],
		['Cats & Dogs', 'cats-and-dogs'],
		['Mother’s  Day', 'mothers-day'],
	])('%s -> %s', (title, slug) => {
		expect(categorySlug(title)).toBe(slug)
	})
})

test('city slugs: lowercased, non-alphanumerics to hyphens', () => {
	expect(citySlug('Lake Havasu City')).toBe('lake-havasu-city')
	expect(citySlug('St. Johns')).toBe('st-johns')
	expect(citySlug('  Sun City West ')).toBe('sun-city-west')
})

test('unknown slugs become titles: dashes to spaces, words capitalised', () => {
	expect(titleFromSlug('spring-tulips')).toBe('Spring Tulips')
	expect(titleFromSlug('')).toBe('')
})

test("category cards: Mother's Day and Valentine's Day go to the end, the rest keep their order", () => {
	const order = [
		'valentines-day',
		'birthday-flowers',
		'mothers-day',
		'sympathy-funeral',
		'new-baby',
		'graduation',
		'get-well-soon',
		'anniversary',
		'just-because',
	]
	const sorted = sortCategoriesForCards(order.map((slug) => ({ slug }))).map((category) => category.slug)
	expect(sorted).toEqual(CATEGORY_CARD_ORDER)
})

test('city search: trimmed, case-insensitive substring on names', () => {
	const cities = [{ name: 'Scottsdale' }, { name: 'Mesa' }, { name: 'Sun City West' }]
	expect(matchCities(cities, '  SCOT ')).toEqual([{ name: 'Scottsdale' }])
	expect(matchCities(cities, 'city')).toEqual([{ name: 'Sun City West' }])
	expect(matchCities(cities, '   ')).toEqual([])
	expect(matchCities(cities, 'zzzz')).toEqual([])
})
