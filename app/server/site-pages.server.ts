import type { FeedItem } from '~/domain/feeds.ts'
import { getAllCities, getCategories, getCityContent } from './catalog.server.ts'
import { defaultCityDescription, defaultCityTitle } from '~/domain/city-page.ts'

const STATIC_PAGES: readonly FeedItem[] = [
	{ title: 'Arizona Flower Delivery', path: '/', description: 'Same-day flower delivery across Arizona from local florists.' },
	{ title: 'Arizona Cities', path: '/cities/', description: 'Every Arizona city we deliver flowers to, with ZIP codes.' },
	{ title: 'About Us', path: '/about/', description: 'Who we are and how our Arizona florist network works.' },
	{ title: 'Contact Us', path: '/contact/', description: 'Questions about sending flowers in Arizona? Get in touch.' },
	{ title: 'Privacy Policy', path: '/privacy-policy/', description: 'How this site handles your information.' },
	{ title: 'Terms of Service', path: '/terms/', description: 'The terms for using this site.' },
]

/** Every indexable page of the site: six static pages, nine categories, every city. */
export function getSitePages(): FeedItem[] {
	return [
		...STATIC_PAGES,
		...getCategories().map((category) => ({
			title: category.title,
			path: `/categories/${category.slug}/`,
			description: category.seoDescription,
		})),
		...getAllCities().map((city) => {
			const content = getCityContent(city.slug)
			return {
				title: content.seoTitle ?? defaultCityTitle(city.name),
				path: `/cities/${city.slug}/`,
				description: content.seoDescription ?? defaultCityDescription(city.name),
			}
		}),
	]
}
