import { validateCatalog, type Catalog, type MothersDayMay10, type SpanishCategory } from '#app/domain/catalog.ts'
import { localPath, pagePath } from '#app/domain/paths.ts'
import type { Category, City, CityContent } from '#app/domain/catalog-schema.ts'
import { nearestPlaces } from '#app/domain/geo.ts'
import { partnerUrl, seasonalCode, type PartnerLinks } from '#app/domain/partner-links.ts'
import { ARIZONA_TIME_ZONE, arizonaNow } from '#app/domain/delivery.ts'
import { reachOf } from '#app/domain/reach.ts'
import { log } from '#app/server/log.server.ts'
import { fillEvery, type Lang } from '#app/words/locale.ts'
import { cutoffValues } from '#app/domain/reach-words.ts'
import { delivery } from '#app/words/delivery-words.server.ts'

// Bundled into the server build; validated once when the server starts, so a
// malformed file stops start-up (and the build) naming the file and field.
const cityFiles = import.meta.glob<unknown>(['/data/cities/*.json', '/data/es/cities/*.json'], { eager: true, import: 'default' })
const rootFiles = import.meta.glob<unknown>(['/data/*.json', '/data/es/*.json'], { eager: true, import: 'default' })

function loadCatalog(): Catalog {
	const files: Record<string, unknown> = {}
	for (const [path, value] of Object.entries({ ...rootFiles, ...cityFiles })) files[path.replace(/^\//, '')] = value
	return validateCatalog(files)
}

/**
 * The catalog with the rule's cut-off written into every town's and occasion's prose: the files
 * say `{cutoffTime}` ('2:00 PM Arizona time') and `{cutoffHour}` ('2:00 PM'), never the hour itself.
 */
function withCutoff(loaded: Catalog): Catalog {
	const filledIn = <T>(words: T, lang: Lang) => fillEvery(words, cutoffValues(delivery[lang])) as T
	const filled = <T>(contents: ReadonlyMap<string, T>, lang: Lang) => new Map([...contents].map(([slug, content]) => [slug, filledIn(content, lang)]))
	return {
		...loaded,
		cityContent: filled(loaded.cityContent, 'en'),
		spanishCityContent: filled(loaded.spanishCityContent, 'es'),
		categories: loaded.categories.map((category) => filledIn(category, 'en')),
		spanishCategories: filled(loaded.spanishCategories, 'es'),
		may10: filledIn(loaded.may10, 'es'),
	}
}

const catalog = withCutoff(loadCatalog())
const citiesBySlug = new Map(catalog.cities.cities.map((city) => [city.slug, city]))
const categoriesBySlug = new Map(catalog.categories.map((category) => [category.slug, category]))

export function getAllCities(): readonly City[] {
	return catalog.cities.cities
}

export function getCity(slug: string): City | undefined {
	return citiesBySlug.get(slug)
}

/** The day data/cities.json last changed. */
export function getCitiesUpdated(): string {
	return catalog.cities.updated
}

/** How many towns have pages, and how many of them the rule of reach promises same-day delivery (`reachOf`). */
export function getTownCounts(): { cities: number; sameDay: number } {
	const cities = catalog.cities.cities
	const sameDay = cities.filter((city) => {
		const townReach = catalog.cityContent.get(city.slug)?.facts?.reach ?? 'metro'
		return reachOf({ name: city.name, townReach, timeZone: ARIZONA_TIME_ZONE }) !== 'remote'
	})
	return { cities: cities.length, sameDay: sameDay.length }
}

/** Per-city content; a city without a file gets an empty object (every field falls back). */
export function getCityContent(slug: string): CityContent {
	const content = catalog.cityContent.get(slug)
	if (!content) log.info({ slug }, 'No city data found; using defaults')
	return content ?? { updated: catalog.cities.updated }
}

/** Per-city content with its prose in the page's language. */
export function getLocalCityContent(slug: string, lang: Lang): CityContent {
	return (lang === 'es' ? catalog.spanishCityContent.get(slug) : undefined) ?? getCityContent(slug)
}

/** The ZIP codes a city's page lists: its own file's, else the catalog's. */
export function getListedZipCodes(city: City): readonly string[] {
	return getCityContent(city.slug).zipCodes ?? city.zipCodes
}

/** Where the populations come from, for the label beside them ('2020 U.S. Census'). */
export function getPopulationSource(): string {
	return catalog.cities.populationSource
}

export function getFeaturedCities(list: 'featured' | 'home'): City[] {
	return catalog.cities[list].flatMap((slug) => citiesBySlug.get(slug) ?? [])
}

/**
 * Nearby cities: the city's file's list, else the nearest within 80 km; either way filled up to
 * six with the nearest others whatever the distance, so a remote town still lists its neighbors
 * and every town is linked from another.
 */
export function getNearbyCities(city: City, content: CityContent): City[] {
	const listed = content.nearbyCities?.flatMap((slug) => citiesBySlug.get(slug) ?? []) ?? []
	const near = listed.length > 0 ? listed : nearestPlaces(city, catalog.cities.cities, 6)
	const fill = nearestPlaces(city, catalog.cities.cities, 6, Number.POSITIVE_INFINITY).filter((place) => !near.includes(place))
	return [...near, ...fill].slice(0, 6)
}

export function getCategories(): readonly Category[] {
	return catalog.categories
}

/** An occasion in Spanish, by its English slug (the 10 May page by 'dia-de-las-madres'). */
export function getSpanishCategory(slug: string): SpanishCategory | undefined {
	return slug === catalog.may10.slug ? catalog.may10 : catalog.spanishCategories.get(slug)
}

/** The occasion a Spanish address names, by its Spanish slug. */
export function getCategoryBySpanishSlug(esSlug: string): SpanishCategory | MothersDayMay10 | undefined {
	if (esSlug === catalog.may10.esSlug) return catalog.may10
	return [...catalog.spanishCategories.values()].find((category) => category.esSlug === esSlug)
}

/** The Spanish occasions in the English order, then the 10 May page. */
export function getSpanishCategories(): readonly SpanishCategory[] {
	return [...catalog.spanishCategories.values(), catalog.may10]
}

/** An occasion's page in a language, by its English slug ('dia-de-las-madres' has only a Spanish page; in English, Mother's Day's). */
export function occasionPath(lang: Lang, slug: string): string {
	if (lang === 'en') return pagePath('/categories/:slug', { slug: slug === catalog.may10.slug ? 'mothers-day' : slug })
	return localPath('es', '/categories/:slug', { slug: getSpanishCategory(slug)?.esSlug ?? slug })
}

export function getCategory(slug: string): Category | undefined {
	return categoriesBySlug.get(slug)
}

/** The partner link templates of data/partner.json (what `npm run check:partner` follows). */
export function getPartnerTemplates() {
	return catalog.partner.links
}

type CategoryCodes = Pick<Category, 'partnerCode' | 'fallbackCode'>

/** The partner code a category uses today, its seasonal fallback applied. */
export function categoryCode(category: CategoryCodes, now = new Date()): string {
	return seasonalCode(category.partnerCode, category.fallbackCode, arizonaNow(now).today)
}

/** The other categories that show the same partner list as this one today (Graduation and Just Because: the all-occasion list). */
export function categoriesSharingList(category: CategoryCodes & Pick<Category, 'slug'>, now = new Date()): Category[] {
	const code = categoryCode(category, now)
	return catalog.categories.filter((other) => other.slug !== category.slug && categoryCode(other, now) === code)
}

/** The category's page on the partner, with the affiliate parameters (for visitors). */
export function categoryPartnerLink(links: PartnerLinks, category: CategoryCodes & Pick<Category, 'partnerTemplate'>, now = new Date()): string {
	return links.category(categoryCode(category, now), category.partnerTemplate)
}

/** The category's page on the partner at `partnerBaseUrl`, without affiliate parameters (what the crawler fetches). */
export function categoryPageUrl(category: CategoryCodes & Pick<Category, 'partnerTemplate'>, partnerBaseUrl: string, now = new Date()): string {
	return partnerUrl(category.partnerTemplate ?? catalog.partner.links.category, { code: categoryCode(category, now) }, partnerBaseUrl)
}

/**
 * A city page's partner links: its order button opens the city's own page on the partner when its
 * data file names one on the partner's domain (else the partner's city search for its first ZIP),
 * all with the affiliate parameters.
 */
export function cityPartnerLinks(links: PartnerLinks, city: City, content: CityContent, zip: string) {
	const cityLink = links.city({ slug: city.slug, name: city.name, zip })
	const own = content.floristoneUrl ? links.partnerPage(content.floristoneUrl) : undefined
	return {
		order: own ?? cityLink,
		arizonaCity: cityLink,
		categories: links.arizona(),
	}
}
