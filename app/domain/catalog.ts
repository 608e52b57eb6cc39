import { z } from 'zod'
import {
	categorySchema,
	categoriesFileSchema,
	citiesFileSchema,
	cityContentSchema,
	partnerFileSchema,
	placesFileSchema,
	type CitiesFile,
	type Category,
	type City,
	type CityContent,
	type PartnerFile,
} from '#app/domain/catalog-schema.ts'
import { categorySlug, citySlug } from '#app/domain/slugs.ts'
import { distanceKm, NEARBY_MAX_KM } from '#app/domain/geo.ts'
import { overlayTranslation } from '#app/domain/translations.ts'

export type Catalog = {
	cities: CitiesFile
	cityContent: Map<string, CityContent>
	/** The same content with its prose in Spanish (data/es/cities/<slug>.json laid over the English file). */
	spanishCityContent: Map<string, CityContent>
	/** Each occasion in Spanish, by its English slug. */
	spanishCategories: Map<string, SpanishCategory>
	may10: MothersDayMay10
	categories: Category[]
	partner: PartnerFile
}

/** A data file that does not match its schema, naming the file and every bad field. */
export class DataFileError extends Error {
	readonly problems: string[]
	constructor(problems: string[]) {
		super(`Invalid data files:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
		this.name = 'DataFileError'
		this.problems = problems
	}
}

const CITY_CONTENT_PATTERN = /^data\/cities\/([a-z0-9-]+)\.json$/

/** The prose of a city file, the only fields its Spanish file holds; everything else is fact and comes from the English file. */
const CITY_PROSE = [
	'seoTitle',
	'seoDescription',
	'heroIntroOverride',
	'whyChooseOverride',
	'faqOverrides',
	'floristNetworkOverride',
	'deliveryOnTime',
	'professionalFloral',
	'categories',
	'facts.reachNote',
	'facts.setting',
	'facts.funeralNote',
	'facts.hospitalNote',
	'facts.weather',
	'facts.faq',
	'facts.hospitals.*.note',
	'facts.militaryBases.*.note',
] as const

/** The prose of an occasion, the only fields data/es/categories.json holds beside the slugs that pair it. */
const CATEGORY_PROSE = [
	'name',
	'title',
	'description',
	'heroText',
	'serviceType',
	'services',
	'seoTitle',
	'seoDescription',
	'guidance',
	'checklist',
	'assortments.*.label',
] as const

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** An occasion in Spanish: the English category with its prose in Spanish, and its own slug. */
export type SpanishCategory = Category & { esSlug: string }

/**
 * The Día de las Madres, 10 May: an occasion of the Spanish pages alone. It shows the partner's
 * Mother's Day list, so it is the Mother's Day category with its own words, slug and questions.
 */
export type MothersDayMay10 = SpanishCategory & { faq: { question: string; answer: string }[] }

const faqSchema = z
	.array(z.strictObject({ question: z.string().min(1), answer: z.string().min(1) }))
	.min(2)
	.max(6)
const guidanceSchema = z
	.array(z.strictObject({ title: z.string().min(1), paragraphs: z.array(z.string().min(1)).min(1) }))
	.min(2)
	.max(4)
const may10Schema = z.strictObject({
	esSlug: z.string().regex(SLUG_PATTERN),
	name: z.string().min(1),
	title: z.string().min(1),
	description: z.string().min(1),
	heroText: z.string().min(1),
	serviceType: z.string().min(1),
	services: z.array(z.string().min(1)).length(3),
	seoTitle: z.string().min(1).max(60),
	seoDescription: z.string().min(1).max(160),
	guidance: guidanceSchema,
	faq: faqSchema,
})

/** Each occasion's Spanish prose over its English entry, paired by `slug`, with a Spanish slug of its own. */
function spanishCategories(files: Record<string, unknown>, categories: readonly Category[], problems: string[]) {
	const file = 'data/es/categories.json'
	const entries = files[file]
	const spanish = new Map<string, SpanishCategory>()
	if (!Array.isArray(entries)) {
		problems.push(`${file}: (file): must list every occasion, as data/categories.json does`)
		return spanish
	}
	const seen = new Set<string>()
	categories.forEach((category, index) => {
		const entry: unknown = entries.find(
			(candidate: unknown) => typeof candidate === 'object' && candidate !== null && 'slug' in candidate && candidate.slug === category.slug,
		)
		if (typeof entry !== 'object' || entry === null) {
			problems.push(`${file}: ${index}: missing the occasion "${category.slug}"`)
			return
		}
		const { slug: _slug, esSlug, ...prose } = entry as Record<string, unknown>
		if (typeof esSlug !== 'string' || !SLUG_PATTERN.test(esSlug) || seen.has(esSlug)) {
			problems.push(`${file}: ${index}.esSlug: must be a slug of its own (lower-case letters, digits and hyphens)`)
			return
		}
		seen.add(esSlug)
		const translated = check(`${file}: ${index}`, categorySchema, overlayTranslation(`${file}: ${index}`, category, prose, CATEGORY_PROSE, problems), problems)
		if (translated) spanish.set(category.slug, { ...translated, esSlug })
	})
	if (entries.length !== categories.length) problems.push(`${file}: (file): has ${entries.length} occasions; data/categories.json has ${categories.length}`)
	return spanish
}

/** The 10 May page: its own words over the Mother's Day category (its products, codes and icon). */
function may10(files: Record<string, unknown>, categories: readonly Category[], problems: string[]): MothersDayMay10 | undefined {
	const file = 'data/es/dia-de-las-madres.json'
	const words = check(file, may10Schema, files[file], problems)
	const mothersDay = categories.find((category) => category.slug === 'mothers-day')
	if (!mothersDay) problems.push('data/categories.json: (file): the 10 May page shows the "mothers-day" occasion’s list, which is missing')
	if (!words || !mothersDay) return undefined
	const { assortments: _assortments, checklist: _checklist, partnerCodeNote: _note, ...shown } = mothersDay
	return { ...shown, ...words, slug: 'dia-de-las-madres' }
}

/** The names a city file lists; a Spanish file may give one a Spanish form where the English describes rather than names it. */
const CITY_NAMES = [
	'facts.hospitals.*.name',
	'facts.neighborhoods',
	'facts.landmarks',
	'facts.cemeteries',
	'facts.colleges',
	'facts.seniorCommunities',
	'facts.militaryBases.*.name',
] as const

/** Small words a proper name may hold ('Museum of History and Arts'); any other lower-case word describes ('statue', 'campus'). */
const NAME_WORDS = new Set(['of', 'the', 'and', 'at', 'in', 'on', 'for', 'to', 'by', 'a', 'de', 'del', 'la', 'las', 'los', 'el', 'y'])

/** The English names of a city's lists that describe a place ('Cochise College, Douglas campus'): each needs its Spanish form. */
function describingNames(content: CityContent): { path: string; name: string }[] {
	const facts = content.facts
	if (!facts) return []
	const lists: [string, readonly (string | { name: string })[]][] = [
		['hospitals', facts.hospitals],
		['neighborhoods', facts.neighborhoods],
		['landmarks', facts.landmarks],
		['cemeteries', facts.cemeteries],
		['colleges', facts.colleges],
		['seniorCommunities', facts.seniorCommunities],
		['militaryBases', facts.militaryBases],
	]
	return lists.flatMap(([list, entries]) =>
		entries.flatMap((entry, index) => {
			const name = typeof entry === 'string' ? entry : entry.name
			const describing = (name.match(/(?<![\p{L}'’-])[a-z]+(?![\p{L}-])/gu) ?? []).some((word) => !NAME_WORDS.has(word))
			const path = typeof entry === 'string' ? `facts.${list}.${index}` : `facts.${list}.${index}.name`
			return describing ? [{ path, name }] : []
		}),
	)
}

/** Every city's Spanish prose over its English file, checked against the schema as the English file is. */
function spanishCities(files: Record<string, unknown>, cityContent: ReadonlyMap<string, CityContent>, problems: string[]): Map<string, CityContent> {
	const spanish = new Map<string, CityContent>()
	for (const [slug, english] of cityContent) {
		const file = `data/es/cities/${slug}.json`
		if (!(file in files)) {
			problems.push(`${file}: (file): missing (every city page has its Spanish twin)`)
			continue
		}
		const content = check(file, cityContentSchema, overlayTranslation(file, english, files[file], CITY_PROSE, problems, CITY_NAMES), problems)
		if (!content) continue
		const read = (value: unknown, path: string) => path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value)
		for (const { path, name } of describingNames(english)) {
			if (read(content, path) === name) problems.push(`${file}: ${path}: "${name}" describes a place in English words; give its Spanish form`)
		}
		spanish.set(slug, content)
	}
	for (const file of Object.keys(files)) {
		const slug = /^data\/es\/cities\/([a-z0-9-]+)\.json$/.exec(file)?.[1]
		if (slug && !(`data/cities/${slug}.json` in files)) problems.push(`${file}: (file): no English city file data/cities/${slug}.json`)
	}
	return spanish
}

function fieldPath(path: readonly PropertyKey[]): string {
	return path.length === 0 ? '(file)' : path.map(String).join('.')
}

function check<S extends z.ZodType>(file: string, schema: S, value: unknown, problems: string[]) {
	const result = schema.safeParse(value)
	if (result.success) return result.data
	for (const issue of result.error.issues) problems.push(`${file}: ${fieldPath(issue.path)}: ${issue.message}`)
	return undefined
}

function checkCities(cities: CitiesFile, problems: string[]) {
	const known = new Set<string>()
	cities.cities.forEach((city: City, index) => {
		if (known.has(city.slug)) problems.push(`data/cities.json: cities.${index}.slug: duplicate slug "${city.slug}"`)
		if (citySlug(city.name) !== city.slug) {
			problems.push(`data/cities.json: cities.${index}.slug: "${city.slug}" does not match the name (expected "${citySlug(city.name)}")`)
		}
		known.add(city.slug)
	})
	for (const list of ['featured', 'home'] as const) {
		cities[list].forEach((slug, index) => {
			if (!known.has(slug)) problems.push(`data/cities.json: ${list}.${index}: unknown city "${slug}"`)
		})
	}
	for (const slug of cities.home) {
		const city = cities.cities.find((entry) => entry.slug === slug)
		if (city && (!city.description || !city.features)) {
			problems.push(`data/cities.json: cities.${cities.cities.indexOf(city)}.description: a home city needs description and features`)
		}
	}
	return known
}

function checkCategories(categories: Category[], problems: string[]) {
	categories.forEach((category, index) => {
		const expected = categorySlug(category.name)
		if (category.slug !== expected) {
			problems.push(`data/categories.json: ${index}.slug: "${category.slug}" does not follow the slug rule (expected "${expected}")`)
		}
	})
}

/**
 * Validates every data file (keyed by its path from the project root) and the
 * links between them. Throws one DataFileError listing every problem.
 */
export function validateCatalog(files: Record<string, unknown>): Catalog {
	const problems: string[] = []
	const need = (file: string) => {
		if (!(file in files)) problems.push(`${file}: (file): missing`)
		return files[file]
	}
	const cities = check('data/cities.json', citiesFileSchema, need('data/cities.json'), problems)
	const categories = check('data/categories.json', categoriesFileSchema, need('data/categories.json'), problems)
	const partner = check('data/partner.json', partnerFileSchema, need('data/partner.json'), problems)
	const places = check('data/places.json', placesFileSchema, need('data/places.json'), problems)
	const known = cities ? checkCities(cities, problems) : new Set<string>()
	places?.places.forEach((place, index) =>
		place.namedOn.forEach((slug, at) => {
			if (cities && !known.has(slug)) problems.push(`data/places.json: places.${index}.namedOn.${at}: unknown city "${slug}"`)
		}),
	)
	if (categories) checkCategories(categories, problems)

	const cityContent = new Map<string, CityContent>()
	for (const [file, value] of Object.entries(files)) {
		const slug = CITY_CONTENT_PATTERN.exec(file)?.[1]
		if (!slug) continue
		if (cities && !known.has(slug)) problems.push(`${file}: (file): no city "${slug}" in data/cities.json`)
		const content = check(file, cityContentSchema, value, problems)
		if (!content) continue
		const origin = cities?.cities.find((city) => city.slug === slug)
		content.nearbyCities?.forEach((nearby, index) => {
			if (cities && !known.has(nearby)) problems.push(`${file}: nearbyCities.${index}: unknown city "${nearby}"`)
			const place = cities?.cities.find((city) => city.slug === nearby)
			if (origin && place && distanceKm(origin, place) > NEARBY_MAX_KM) {
				problems.push(
					`${file}: nearbyCities.${index}: "${nearby}" is ${Math.round(distanceKm(origin, place))} km away (nearby means at most ${NEARBY_MAX_KM} km)`,
				)
			}
		})
		if (!content.facts) problems.push(`${file}: facts: missing (every city page is written from its facts; see data/cities/sierra-vista.json)`)
		cityContent.set(slug, content)
	}
	for (const slug of known) if (!(`data/cities/${slug}.json` in files)) problems.push(`data/cities/${slug}.json: (file): missing`)

	const spanishCityContent = spanishCities(files, cityContent, problems)
	const spanishCategoryMap = categories ? spanishCategories(files, categories, problems) : new Map<string, SpanishCategory>()
	const may10Page = categories ? may10(files, categories, problems) : undefined

	if (problems.length > 0 || !cities || !categories || !partner || !may10Page) throw new DataFileError(problems)
	return { cities, cityContent, spanishCityContent, categories, spanishCategories: spanishCategoryMap, may10: may10Page, partner }
}
