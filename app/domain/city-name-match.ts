/**
 * The city search, one rule for both search boxes and /search/, forgiving the
 * ways people type a place: first the SPEC's trimmed, case-insensitive
 * substring match; then the same text without what is typed around a name (the
 * state, punctuation, a ZIP code, a county); a county alone opens its largest
 * listed city. A ZIP code anywhere in the text (`zipIn`) and a typo-tolerant
 * match (`./city-fuzzy.ts`) come after, where the caller has them. When the
 * name and a ZIP disagree ("Tucson 85004"), the name wins: it is what the
 * visitor read and typed, a ZIP is more often mistyped.
 *
 * A search from a Spanish page (`lang` 'es') also forgives accents ("Tucsón") and takes off the
 * Spanish words typed around a name ("flores a domicilio en Mesa", "florería Tucson", "condado de
 * Pima"); an English search is read exactly as before.
 */

import type { Lang } from '#app/words/locale.ts'
import { SPANISH_FILLER } from '#app/domain/spanish-filler.ts'

type Searchable = { name: string; county?: string; population?: number }

/** Text this long or longer, one letter short of a name, is that name misspelled ("prescot"), not the start of a longer one. */
const WHOLE_NAME_MIN_LENGTH = 4

/**
 * Trimmed, case-insensitive substring match on city names (SPEC §5), the name typed whole first
 * ("Prescott" opens Prescott, not Prescott Valley), then a name the text misses by one letter
 * ("prescot" opens Prescott too), then names that begin with the text, then the rest, each group
 * in list order.
 */
export function matchCities<T extends { name: string }>(cities: readonly T[], text: string): T[] {
	const needle = text.trim().toLowerCase()
	if (!needle) return []
	const nearlyWhole = (name: string) => needle.length >= WHOLE_NAME_MIN_LENGTH && name.length - needle.length === 1
	const rank = (name: string) => (name === needle ? 0 : nearlyWhole(name) ? 1 : name.startsWith(needle) ? 2 : 3)
	return cities
		.filter((city) => city.name.toLowerCase().includes(needle))
		.map((city, index) => ({ city, index, rank: rank(city.name.toLowerCase()) }))
		.sort((a, b) => a.rank - b.rank || a.index - b.index)
		.map(({ city }) => city)
}

/** A five-digit ZIP code anywhere in the text, e.g. "Sedona AZ 86336". */
export function zipIn(text: string): string | undefined {
	return /(?:^|\D)(\d{5})(?:-\d{4})?(?!\d)/.exec(text)?.[1]
}

const STATE = /\b(?:arizona|ariz|az)\b\.?/gi

/** Text in lower case without its accents ("Florería" is "floreria", "cumpleaños" "cumpleanos"), as a Spanish search reads it. */
function withoutAccents(text: string): string {
	return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * The Spanish words typed before or after a place (accents already off): what is sent, how, and
 * where to ("flores a domicilio en", "floreria", "entrega el mismo dia en", "envio de flores a"),
 * the search's own (`SPANISH_FILLER`), spaces optional between words ("eeuu").
 */
const SPANISH_AROUND = [...SPANISH_FILLER, 'a']
	.sort((a, b) => b.length - a.length)
	.map((words) => words.replace(/ /g, ' ?'))
	.join('|')
const SPANISH_BEFORE = new RegExp(`^ (?:${SPANISH_AROUND}) `)
const SPANISH_AFTER = new RegExp(` (?:${SPANISH_AROUND}) $`)

/** Cleaned Spanish text without the words around the place. */
function withoutSpanishWords(cleaned: string): string {
	let text = ` ${cleaned} `
	let previous
	do {
		previous = text
		text = text.replace(SPANISH_BEFORE, ' ').replace(SPANISH_AFTER, ' ')
	} while (text !== previous)
	return text.trim()
}

/** What a Spanish search says of a place, the Spanish words around it taken off ("flores a domicilio en Mesa" is "mesa"). */
export function spanishPlaceText(text: string): string {
	return withoutSpanishWords(cleanQuery(text, 'es'))
}

/** The text without the state, punctuation and ZIP codes, spaces collapsed, lower case; in Spanish also without accents. */
export function cleanQuery(text: string, lang: Lang = 'en'): string {
	return (
		(lang === 'es' ? withoutAccents(text) : text)
			.toLowerCase()
			.replace(/\d{5}(?:-\d{4})?/g, ' ')
			.replace(STATE, ' ')
			.replace(/\busa?\b\.?/g, ' ')
			// Every mark but a hyphen inside a name: "tempe!", "Tempe." and "(tempe)" are Tempe.
			.replace(/[^\p{L}\p{N}\s-]+/gu, ' ')
			.replace(/(?<!\p{L})-+|-+(?!\p{L})/gu, ' ')
			.replace(/\s+/g, ' ')
			.trim()
	)
}

/** The county named in cleaned text ("coconino county", "pima co"; in Spanish also "condado de pima"), and the text without it. */
function withoutCounty(cleaned: string, counties: readonly string[], lang: Lang): { name: string; county?: string } {
	for (const county of counties) {
		const name = county.toLowerCase()
		const patterns = [new RegExp(`\\b${name}\\s+(?:county|co)\\b`), ...(lang === 'es' ? [new RegExp(`\\bcondado de ${name}\\b`)] : [])]
		for (const pattern of patterns) if (pattern.test(cleaned)) return { name: cleaned.replace(pattern, ' ').replace(/\s+/g, ' ').trim(), county }
	}
	return { name: cleaned.replace(/\s+county$/, '').trim() }
}

/**
 * The cities the text names, best first, by every step of the rule but the ZIP and the typo
 * match; `name` is the cleaned text those later steps work on.
 */
export function findCities<T extends Searchable>(cities: readonly T[], text: string, lang: Lang = 'en'): { cities: T[]; name: string } {
	const exact = matchCities(cities, text)
	if (exact.length > 0) return { cities: exact, name: text.trim().toLowerCase() }
	const counties = [...new Set(cities.flatMap((city) => (city.county ? [city.county] : [])))]
	const { name: rest, county } = withoutCounty(cleanQuery(text, lang), counties, lang)
	const name = lang === 'es' ? withoutSpanishWords(rest) : rest
	const cleaned = name.length >= 2 ? matchCities(cities, name) : []
	if (cleaned.length > 0 || !county) return { cities: cleaned, name }
	// A county alone: its cities, the largest first.
	const inCounty = cities.filter((city) => city.county === county).sort((a, b) => (b.population ?? 0) - (a.population ?? 0))
	return { cities: inCounty, name }
}
