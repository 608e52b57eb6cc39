import { fuzzyCities } from '#app/domain/city-fuzzy.ts'
import { findCities, spanishPlaceText, withoutAccents, zipIn } from '#app/domain/city-search.ts'
import type { Lang } from '#app/domain/locale.ts'
import type { ZipAnswer } from '#app/domain/zip-search.ts'
import { getAllCities, getSpanishCategory } from '#app/server/catalog.server.ts'
import { findPlace, findZip } from '#app/server/zip-codes.server.ts'

/** Where a search leads: a city (with the ZIP it was found by, when that city does not list it), outside Arizona, or nowhere of ours. */
export type SearchAnswer =
	| { kind: 'city'; slug: string; zip?: string }
	/** An Arizona place without a page of its own: the nearest listed town, which says so. */
	| { kind: 'place'; slug: string; place: string }
	| { kind: 'outside'; zip: string }
	| { kind: 'none' }

/** A Spanish search may also name an occasion: its page, by the occasion's English slug (the 10 May page's is 'dia-de-las-madres'). */
export type OccasionAnswer = { kind: 'occasion'; slug: string }

/**
 * What Spanish searches call each occasion, accents off, by the occasion's English slug. "Día de
 * las madres" is the 10 May one, the Mexican date; the US date only when the search says so.
 */
const SPANISH_OCCASIONS: readonly (readonly [slug: string, words: readonly string[]])[] = [
	['dia-de-las-madres', ['10 de mayo', 'diez de mayo', 'dia de las madres', 'dia de la madre', 'dia de madres']],
	['mothers-day', ['dia de las madres ee uu', 'dia de las madres eeuu', 'dia de las madres estados unidos', 'dia de la madre ee uu', 'dia de la madre eeuu']],
	['birthday-flowers', ['cumpleanos', 'cumple']],
	['sympathy-funeral', ['funeral', 'funerales', 'funeraria', 'funebre', 'funebres', 'pesame', 'condolencias', 'velorio', 'sepelio', 'luto']],
	['anniversary', ['aniversario', 'aniversarios']],
	['valentines-day', ['san valentin', 'dia del amor y la amistad', 'dia del amor', 'dia de los enamorados']],
	['new-baby', ['recien nacido', 'recien nacida', 'nacimiento', 'bebe']],
	['graduation', ['graduacion', 'graduaciones']],
	['get-well-soon', ['pronta recuperacion', 'recuperacion', 'mejorate', 'que te mejores', 'que se mejore']],
	['just-because', ['porque si', 'solo porque si', 'sin motivo']],
]

/**
 * The occasion a Spanish search names, if it names one (the longest of the occasions' words found
 * whole in the text), and what the text says besides, in case that names a town.
 */
export function spanishOccasionIn(text: string): { slug: string; rest: string } | undefined {
	const words = ` ${withoutAccents(text)
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim()} `
	let best: { slug: string; name: string } | undefined
	for (const [slug, names] of SPANISH_OCCASIONS) {
		for (const name of names) {
			if (words.includes(` ${name} `) && name.length > (best?.name.length ?? 0) && getSpanishCategory(slug)) best = { slug, name }
		}
	}
	return best ? { slug: best.slug, rest: spanishPlaceText(words.replace(` ${best.name} `, ' ')) } : undefined
}

/** The town a Spanish search names beside an occasion ("flores de cumpleaños en Mesa"): the town's page says who delivers there. */
function townBeside(rest: string) {
	return rest.length >= 3 ? findCities(getAllCities(), rest, 'es').cities[0] : undefined
}

function fromZip(answer: ZipAnswer): SearchAnswer {
	if (answer.kind === 'outside') return { kind: 'outside', zip: answer.zip }
	return { kind: 'city', slug: answer.city.slug, ...(answer.kind === 'nearest' ? { zip: answer.zip } : {}) }
}

/**
 * The whole search rule of `app/domain/city-search.ts`, with the steps only the server has: a ZIP
 * typed alone, the names, a ZIP anywhere in the text, an Arizona place the site has no page for,
 * then the typo-tolerant match. A search from a Spanish page reads the text in Spanish (accents and
 * the words around a name forgiven), and after the names tries the occasions, whose Spanish pages it
 * opens ("cumpleaños", "funeral", "10 de mayo"), unless the text names a town beside the occasion.
 */
export function searchCity(text: string): SearchAnswer
export function searchCity(text: string, lang: Lang): SearchAnswer | OccasionAnswer
export function searchCity(text: string, lang: Lang = 'en'): SearchAnswer | OccasionAnswer {
	const typedZip = findZip(text)
	if (typedZip) return fromZip(typedZip)
	const cities = getAllCities()
	const byName = findCities(cities, text, lang)
	if (byName.cities[0]) return { kind: 'city', slug: byName.cities[0].slug }
	const occasion = lang === 'es' ? spanishOccasionIn(text) : undefined
	if (occasion) {
		const town = townBeside(occasion.rest)
		return town ? { kind: 'city', slug: town.slug } : { kind: 'occasion', slug: occasion.slug }
	}
	const zip = zipIn(text)
	const byZip = zip ? findZip(zip) : undefined
	if (byZip) return fromZip(byZip)
	const place = findPlace(byName.name)
	if (place) return { kind: 'place', slug: place.city.slug, place: place.slug }
	const [typo] = fuzzyCities(cities, byName.name)
	return typo ? { kind: 'city', slug: typo.slug } : { kind: 'none' }
}
