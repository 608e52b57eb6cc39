import type { FeedItem, SitePage } from '#app/domain/feeds.ts'
import { alternatesFor } from '#app/server/twins.server.ts'
import { pagePath } from '#app/domain/paths.ts'
import { getAllCities, getCategories, getCityContent, getCitiesUpdated, getSpanishCategory, occasionPath } from '#app/server/catalog-data.server.ts'
import { defaultCityDescription, defaultCityTitle } from '#app/domain/city-page.ts'
import { cityPageMessages } from '#app/server/page-words.server.ts'
import { POLICY_DAY } from '#app/content/legal.ts'

/** The day the About page's text last changed (app/routes/about.tsx): change it with the text. */
const ABOUT_DAY = '2026-11-25'
/** The day the Contact page's text last changed (app/routes/contact.tsx): change it with the text. */
const CONTACT_DAY = '2026-11-22'

/**
 * Every indexable page in both languages, for the sitemap: each English page, then the Spanish
 * twins (paired with their English pages by `alternates`), then the Spanish pages of their own.
 */
export function getSitemapPages(): SitePage[] {
	const english = getSitePages().map(({ path, updated }) => ({ path, updated, alternates: alternatesFor(path) }))
	const twins = english.flatMap((page) => (page.alternates ? [{ path: page.alternates.es, updated: page.updated, alternates: page.alternates }] : []))
	const may10 = getSpanishCategory('dia-de-las-madres')
	return [...english, ...twins, ...(may10 ? [{ path: occasionPath('es', may10.slug), updated: may10.updated }] : [])]
}

/**
 * Every indexable page of the site: six static pages, nine categories, every city; each dated by
 * the data it is made from (the city list and the categories for the home page, the city list for
 * the index, a category's own entry, a city's own file and the city list), the policies, About and Contact by the day their text last changed.
 */
export function getSitePages(): FeedItem[] {
	const categories = getCategories()
	const citiesUpdated = getCitiesUpdated()
	const latest = (...days: string[]) => days.reduce((last, day) => (day > last ? day : last))
	return [
		{
			title: 'Arizona Flower Delivery',
			path: pagePath('/'),
			description: 'Flower delivery across Arizona through partner florists, the same day in most cities.',
			updated: latest(citiesUpdated, ...categories.map((category) => category.updated)),
		},
		{
			title: 'Arizona Cities',
			path: pagePath('/cities'),
			description: 'Every Arizona city we list for flower delivery, with ZIP codes.',
			updated: citiesUpdated,
		},
		{ title: 'About Us', path: pagePath('/about'), description: 'Who we are and how our Arizona florist network works.', updated: ABOUT_DAY },
		{ title: 'Contact Us', path: pagePath('/contact'), description: 'Questions about sending flowers in Arizona? Get in touch.', updated: CONTACT_DAY },
		{ title: 'Privacy Policy', path: pagePath('/privacy-policy'), description: 'How this site handles your information.', updated: POLICY_DAY },
		{ title: 'Terms of Service', path: pagePath('/terms'), description: 'The terms for using this site.', updated: POLICY_DAY },
		...categories.map((category) => ({
			title: category.title,
			path: pagePath('/categories/:slug', { slug: category.slug }),
			description: category.seoDescription,
			updated: category.updated,
		})),
		...getAllCities().map((city) => {
			const content = getCityContent(city.slug)
			const { reach, florist } = content.facts ?? {}
			return {
				title: content.seoTitle ?? defaultCityTitle(city.name, cityPageMessages('en'), reach, florist),
				path: pagePath('/cities/:slug', { slug: city.slug }),
				description: content.seoDescription ?? defaultCityDescription(city.name, cityPageMessages('en'), reach, florist),
				updated: latest(content.updated, citiesUpdated),
			}
		}),
	]
}
