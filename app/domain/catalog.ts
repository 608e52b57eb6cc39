import type { z } from 'zod'
import {
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

export type Catalog = {
	cities: CitiesFile
	cityContent: Map<string, CityContent>
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

	if (problems.length > 0 || !cities || !categories || !partner) throw new DataFileError(problems)
	return { cities, cityContent, categories, partner }
}
