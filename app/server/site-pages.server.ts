import type { FeedItem } from '~/domain/feeds.ts'
import { pagePath } from '~/domain/paths.ts'
import { getAllCities, getCategories, getCityContent } from './catalog.server.ts'
import { defaultCityDescription, defaultCityTitle } from '~/domain/city-page.ts'

const STATIC_PAGES: readonly FeedItem[] = [
	{ title: 'Arizona Flower Delivery', path: pagePath('/'), description: 'Same-day flower delivery across Arizona from local florists.' },
	{ title: 'Arizona Cities', path: pagePath('/cities'), description: 'Every Arizona city we deliver flowers to, with ZIP codes.' },
	{ title: 'About Us', path: pagePath('/about'), description: 'Who we are and how our Arizona florist network works.' },
	{ title: 'Contact Us', path: pagePath('/contact'), description: 'Questions about sending flowers in Arizona? Get in touch.' },
	{ title: 'Privacy Policy', path: pagePath('/privacy-policy'), description: 'How this site handles your information.' },
	{ title: 'Terms of Service', path: pagePath('/terms'), description: 'The terms for using this site.' },
]

/** Every indexable page of the site: six static pages, nine categories, every city. */
export function getSitePages(): FeedItem[] {
	return [
		...STATIC_PAGES,
		...getCategories().map((category) => ({
			title: category.title,
			path: pagePath('/categories/:slug', { slug: category.slug }),
			description: category.seoDescription,
		})),
		...getAllCities().map((city) => {
			const content = getCityContent(city.slug)
			return {
				title: content.seoTitle ?? defaultCityTitle(city.name, content.facts?.reach),
				path: pagePath('/cities/:slug', { slug: city.slug }),
				description: content.seoDescription ?? defaultCityDescription(city.name, content.facts?.reach),
			}
		}),
	]
}
