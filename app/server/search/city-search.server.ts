import { flowersAndColoursIn, type Wanted } from '#app/domain/agent-words.ts'
import { fuzzyCities } from '#app/domain/city-fuzzy.ts'
import { findCities, matchCities, spanishPlaceText, zipIn } from '#app/domain/city-name-match.ts'
import type { Lang } from '#app/words/locale.ts'
import {
	acrossTheBorder,
	exonymIn,
	occasionIn,
	plainText,
	sectionIn,
	withoutFiller,
	withoutSection,
	type AskedOccasion,
	type TownSection,
} from '#app/domain/search-words.ts'
import type { ZipAnswer } from '#app/domain/zip-search.ts'
import { getAllCities, getCityContent, getSpanishCategory } from '#app/server/catalog-data.server.ts'
import { findListedTown, findPlace, findZip } from '#app/server/search/zip-codes.server.ts'

/** Where a search leads: a city (with the ZIP it was found by, when that city does not list it), outside Arizona, or nowhere of ours. */
export type SearchAnswer =
	/** A listed town; `section` is the part of its page the words point to ("hospital flowers tucson"). */
	| { kind: 'city'; slug: string; zip?: string; section?: TownSection }
	/** An Arizona place without a page of its own: the nearest listed town, which says so. */
	| { kind: 'place'; slug: string; place: string }
	| { kind: 'outside'; zip: string }
	/** A town across the Mexican border, and the listed Arizona town across the line. */
	| { kind: 'border'; slug: string; town: string }
	/** Arrangements with a flower or a colour ("red roses", "girasoles"), from the occasions' lists. */
	| { kind: 'arrangements'; flower?: Wanted; colour?: Wanted }
	| { kind: 'none' }

/** An occasion named in everyday words; `asked` where the site serves it with the nearest list (a quinceañera, the birthday list). */
export type OccasionAnswer = { kind: 'occasion'; slug: string; asked?: AskedOccasion }

/**
 * The occasion a Spanish text names, if it names one that has a Spanish page (the longest of the
 * occasions' words found whole in the text), and what the text says besides, in case that names a town.
 */
export function spanishOccasionIn(text: string): { slug: string; rest: string } | undefined {
	const found = occasionIn(plainText(text), 'es')
	return found && getSpanishCategory(found.slug) ? { slug: found.slug, rest: spanishPlaceText(found.rest) } : undefined
}

function fromZip(answer: ZipAnswer): SearchAnswer {
	if (answer.kind === 'outside') return { kind: 'outside', zip: answer.zip }
	return { kind: 'city', slug: answer.city.slug, ...(answer.kind === 'nearest' ? { zip: answer.zip } : {}) }
}

/** A listed town, at the section of its page the words point to, where its page has that section. */
function town(slug: string, plain: string): SearchAnswer {
	const section = sectionIn(plain)
	const facts = getCityContent(slug).facts
	const has =
		section === 'hospitals' ? (facts?.hospitals.length ?? 0) > 0 : section === 'funerals' ? (facts?.cemeteries.length ?? 0) > 0 || !!facts?.funeralNote : false
	return { kind: 'city', slug, ...(section && has ? { section } : {}) }
}

/** The text without every word that names an occasion or a section, in either language: what may name a place. */
function placeWords(plain: string): string {
	let rest = withoutSection(plain)
	for (const lang of ['en', 'es'] as const) for (let found = occasionIn(rest, lang); found; found = occasionIn(rest, lang)) rest = found.rest
	return withoutFiller(rest)
}

/** The listed town a place text is exactly, by name or by another name ("fénix"). */
function townNamed(place: string): string | undefined {
	if (!place) return undefined
	const exonym = exonymIn(place)
	if (exonym && exonym.rest === '') return exonym.slug
	return findListedTown(place)?.slug
}

/**
 * The whole search rule, the same for /search/, both search boxes and Enter, in both languages
 * (accents and case forgiven): a ZIP typed alone; a town across the border; the names of
 * `app/domain/city-name-match.ts`; an Arizona place the site knows, named exactly; a town named among
 * other words ("hospital flowers tucson", "delivery de flores en chandler"), at the section they
 * point to; an occasion in everyday words ("mom", "quinceañera"); flowers and colours ("rosas
 * rojas"); a ZIP anywhere in the text; then the typo-tolerant match, which never turns a
 * multi-word name into a town that shares only a common word with it ("Star Valley" is not San
 * Tan Valley). Text that names nothing the site knows is `none`: the partner's Arizona page.
 */
export function searchCity(text: string, lang: Lang = 'en'): SearchAnswer | OccasionAnswer {
	const typedZip = findZip(text)
	if (typedZip) return fromZip(typedZip)
	const plain = plainText(text)
	const border = acrossTheBorder(plain)
	if (border) return { kind: 'border', ...border }
	const cities = getAllCities()
	const [whole] = matchCities(cities, text)
	if (whole) return town(whole.slug, plain)
	// A place named exactly wins over any reading of its words ("Arizona City" is no city named "City").
	const exactPlace = findPlace(plain)
	if (exactPlace) return { kind: 'place', slug: exactPlace.city.slug, place: exactPlace.slug }
	const byName = findCities(cities, text, lang)
	if (byName.cities[0]) return town(byName.cities[0].slug, plain)
	const place = placeWords(plain)
	const named = townNamed(place)
	if (named) return town(named, plain)
	const wanted = flowersAndColoursIn(withoutFiller(plain))
	if (wanted) return { kind: 'arrangements', ...wanted }
	const zip = zipIn(text)
	const byZip = zip ? findZip(zip) : undefined
	if (byZip) return fromZip(byZip)
	const among = findPlace(place || byName.name)
	if (among) return { kind: 'place', slug: among.city.slug, place: among.slug }
	const [typo] = place ? fuzzyCities(cities, place) : []
	if (typo) return town(typo.slug, plain)
	const occasion = occasionIn(plain, lang) ?? occasionIn(plain, lang === 'en' ? 'es' : 'en')
	return occasion ? { kind: 'occasion', slug: occasion.slug, ...(occasion.asked ? { asked: occasion.asked } : {}) } : { kind: 'none' }
}
