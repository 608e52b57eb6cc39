import { expect, test } from 'vitest'
import { buildCityPage } from '~/domain/city-page.ts'

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

test('defaults from the spec when the city file is empty', () => {
	const page = buildCityPage(city, {}, [])
	expect(page.title).toBe('Flower Delivery Lake Havasu City, AZ | Same-Day Lake Havasu City Florist')
	expect(page.description).toMatch(/fresh, hand-delivered flowers in Lake Havasu City, AZ/)
	expect(page.whyChoose).toHaveLength(2)
	expect(page.faq.map((item) => item.question)).toEqual([
		'Do you offer same-day flower delivery in Lake Havasu City?',
		'Where do you deliver in Lake Havasu City?',
		'How do flowers hold up in the Arizona heat?',
	])
	expect(page.zipCodes).toEqual(['86403', '86404'])
	expect(page.geo).toEqual({ lat: 34.4839, lng: -114.3225 })
	expect(page.services.map((service) => service.title)).toEqual(['Same Day Delivery', 'Birthday Flowers', 'Sympathy & Funeral', 'Wedding Flowers'])
})

test('overrides from the city file win; the first four categories describe the services', () => {
	const page = buildCityPage(
		city,
		{
			seoTitle: 'Custom',
			geoCoordinates: { lat: '34.5', lng: '-114.3' },
			categories: ['A', 'B'],
			faqOverrides: [{ question: 'Q', answer: 'A' }],
		},
		[{ ...city, slug: 'kingman', name: 'Kingman' }],
	)
	expect(page.title).toBe('Custom')
	expect(page.geo).toEqual({ lat: 34.5, lng: -114.3 })
	expect(page.services.map((service) => service.description).slice(0, 2)).toEqual(['A', 'B'])
	expect(page.services[2]?.description).toContain('Lake Havasu City')
	expect(page.faq).toEqual([{ question: 'Q', answer: 'A' }])
	expect(page.nearby).toEqual([{ name: 'Kingman', slug: 'kingman' }])
})
