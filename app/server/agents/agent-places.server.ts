import type { Category, City } from '#app/domain/catalog-schema.ts'
import { occasionByName } from '#app/domain/agent-words.ts'
import { floristNetworkOf, reachPlaceOf } from '#app/domain/city-page.ts'
import { fill, type Lang } from '#app/words/locale.ts'
import { agent } from '#app/words/agent-answer-words.server.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { cityPageMessages } from '#app/server/page-words.server.ts'
import { reachPromise, type Reach } from '#app/domain/reach.ts'
import { clockSentences, promiseWords } from '#app/domain/reach-words.ts'
import type { PlaceAnswer } from '#app/domain/zip-search.ts'
import { localPath } from '#app/domain/paths.ts'
import { occasionIn, plainText, type AskedOccasion } from '#app/domain/search-words.ts'
import { settleWithin } from '#app/server/settle-within.server.ts'
import { absoluteUrl } from '#app/domain/structured-data.ts'
import type { PartnerLinks } from '#app/domain/partner-links.ts'
import { getCategories, getCity, getListedZipCodes, getLocalCityContent, getSpanishCategory } from '#app/server/catalog-data.server.ts'
import { getCityDerived } from '#app/server/city-facts.server.ts'
import { searchCity, spanishOccasionIn } from '#app/server/search/city-search.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'
import { findPlace, zipPlace, zipPlaceAnswer } from '#app/server/search/zip-codes.server.ts'

/**
 * What every agent's answer stands on: the place asked about (an Arizona town, place or ZIP, and the
 * listed town that serves it), the occasion in everyday words, the town's facts in the language
 * asked, how long a tool waits for the florist network, and the `town_notes` answer. A question the
 * site cannot answer is an `AgentInputError` whose message is a sentence the agent can pass on.
 */
export class AgentInputError extends Error {
	override name = 'AgentInputError'
}

/** The longest place or occasion an agent may send; anything longer is no place name. */
export const MAX_TEXT = 100

/** A resolved question: the town whose page answers it, the ZIP the network is asked about, and the place without a page it stands in for. */
export type ResolvedPlace = { city: City; zip: string; asked: string; note?: string; near?: PlaceAnswer }

/**
 * An Arizona city, town, place or ZIP as an agent names it, and the listed town that serves it. In
 * Spanish the text is read as the Spanish search box reads it ("flores en Nogales"); an occasion
 * named without a town is no place.
 */
export function resolvePlace(text: string, links: PartnerLinks, lang: Lang): ResolvedPlace {
	const said = agent[lang].place
	const asked = text.trim()
	if (asked === '' || asked.length > MAX_TEXT) throw new AgentInputError(fill(said.tooLong, { max: MAX_TEXT }))
	const answer = searchCity(asked, lang)
	if (answer.kind === 'outside') throw new AgentInputError(fill(said.outside, { zip: answer.zip, url: links.orderNow() }))
	if (answer.kind === 'none' || answer.kind === 'occasion' || answer.kind === 'arrangements') throw new AgentInputError(fill(said.unknown, { asked }))
	const city = getCity(answer.slug)
	if (!city) throw new AgentInputError(fill(said.unmatched, { asked }))
	const listedZip = getListedZipCodes(city)[0] ?? ''
	if (answer.kind === 'border') return { city, zip: listedZip, asked, note: fill(said.border, { town: answer.town, city: city.name, listedZip }) }
	if (answer.kind === 'place') {
		const near = findPlace(answer.place)
		return {
			city,
			zip: listedZip,
			asked,
			near,
			note: near ? fill(said.near, { place: near.place, city: city.name, miles: near.miles, listedZip }) : undefined,
		}
	}
	// Any other Arizona ZIP is answered from its nearest town: the florist network is asked only about places the pages ask about.
	if (answer.zip)
		return {
			city,
			zip: listedZip,
			asked,
			near: zipPlaceAnswer(answer.zip),
			note: fill(said.zip, { zip: answer.zip, place: zipPlace(answer.zip) ?? 'Arizona', city: city.name, listedZip }),
		}
	return { city, zip: listedZip, asked }
}

/** An occasion's words without "flowers" and "and": "Sympathy & Funeral Flowers" -> "sympathy funeral". */
function occasionWords(value: string): string[] {
	return value
		.toLowerCase()
		.replace(/&/g, ' ')
		.replace(/['’]/g, '')
		.split(/[^a-z0-9]+/)
		.filter((word) => word && word !== 'flowers' && word !== 'flower' && word !== 'and')
}

/**
 * An occasion by its slug ("birthday-flowers"), its name ("Birthday", "Sympathy & Funeral"), the
 * everyday words the site's search understands in English and Spanish ("mom", "día de las madres",
 * "cumpleaños", "wedding", "gracias", "quinceañera": `occasionIn`, which says when the nearest list
 * serves it), one word of its name ("funeral"), or another name for it; anything else is an error
 * listing the occasions (in Spanish, by their Spanish names, each of which is understood), never
 * ignored.
 */
export function resolveOccasion(text: string, lang: Lang): ResolvedOccasion {
	const asked = occasionWords(text.slice(0, MAX_TEXT))
	const categories = getCategories()
	const same = (words: string[]) => words.length === asked.length && words.every((word, index) => word === asked[index])
	const exact = categories.find(
		(category) => category.slug === text.trim().toLowerCase() || [category.slug, category.name, category.title].some((name) => same(occasionWords(name))),
	)
	if (exact) return { category: exact }
	// Everyday words as the site's search reads them ("mom", "boda", "thank you"), in the language asked, then the other.
	const plain = plainText(text.slice(0, MAX_TEXT))
	const everyday = occasionIn(plain, lang) ?? occasionIn(plain, lang === 'en' ? 'es' : 'en')
	// The 10 de mayo shows Mother's Day's arrangements.
	const everydayCategory = everyday && categories.find((category) => category.slug === (everyday.slug === 'dia-de-las-madres' ? 'mothers-day' : everyday.slug))
	if (everyday && everydayCategory) return { category: everydayCategory, ...(everyday.asked ? { asked: everyday.asked } : {}) }
	const partial = categories.filter((category) => asked.length > 0 && asked.every((word) => occasionWords(`${category.slug} ${category.name}`).includes(word)))
	const named = occasionByName(
		text.slice(0, MAX_TEXT),
		categories.map((category) => category.slug),
	)
	const found = partial.length === 1 ? partial[0] : categories.find((category) => category.slug === named)
	if (!found) {
		const choices = categories.map((category) => (lang === 'en' ? category.slug : (getSpanishCategory(category.slug)?.name ?? category.slug)))
		throw new AgentInputError(fill(agent[lang].occasion.unknown, { asked: text.slice(0, MAX_TEXT), choices: choices.join(', ') }))
	}
	return { category: found }
}

/** An occasion's list, and what was asked for where the florist network has no list of that name (a wedding: the anniversary list). */
export type ResolvedOccasion = { category: Category; asked?: AskedOccasion }

/**
 * An occasion's title in the answer's language. A Spanish "día de las madres" is the 10 May one, as
 * the Spanish search reads it; its arrangements are Mother's Day's.
 */
export function occasionTitle(category: Category, text: string, lang: Lang): string {
	if (lang === 'en') return category.title
	const may10 = category.slug === 'mothers-day' && spanishOccasionIn(text.slice(0, MAX_TEXT))?.slug === 'dia-de-las-madres'
	return getSpanishCategory(may10 ? 'dia-de-las-madres' : category.slug)?.title ?? category.title
}

/**
 * What an answer knows of the place, in the language asked: the town's own facts, and the place
 * the rule of reach is asked about (the town, or the place without a page it stands in for), with
 * its promise and clock in words. The same functions as the town's page, without building it.
 */
export function townFacts(resolved: ResolvedPlace, lang: Lang) {
	const { city } = resolved
	const content = getLocalCityContent(city.slug, lang)
	const derived = getCityDerived(city)
	const place = reachPlaceOf(city, content, derived, resolved.near)
	const promise = reachPromise(place)
	const words = delivery[lang]
	return {
		place,
		promise,
		rule: promiseWords(promise, place, words).rule,
		clock: clockSentences(place, words),
		floristNetwork: resolved.near ? [] : floristNetworkOf(city, content, cityPageMessages(lang), derived),
		facts: content.facts,
	}
}

/** A town's page on `siteUrl`, in the language asked. */
export function townPageUrl(siteUrl: string, place: ResolvedPlace, lang: Lang): string {
	return absoluteUrl(siteUrl, localPath(lang, '/cities/:slug', { slug: place.city.slug }))
}

/**
 * How long a tool waits for the florist network, from its start: what the network (or the pages'
 * stored copy) gives within it is used; past it, a tool answers without it (dates by the network's
 * usual calendar, list prices) or says that the network is slow. So a tool answers within 3 s,
 * whatever the network does; what was asked runs on and fills the caches for the next call.
 */
export const PARTNER_WAIT_MS = 2_500

/** A Date.now() time by which the florist network's answers must be in hand. */
export type Until = number

/** The network's answer if it comes by `until`; undefined if it fails or comes later. */
export async function inTime<T>(promise: Promise<T> | null | undefined, until: Until): Promise<T | undefined> {
	if (!promise) return undefined
	const answered = await settleWithin(
		promise.catch(() => undefined),
		until - Date.now(),
	)
	return answered.settled ? answered.value : undefined
}

export type TownNotesAnswer = {
	town: string
	county: string
	note: string | null
	reach: Reach
	deliveryRule: string
	florist: string
	timeZone: string
	clock: string[]
	/** `emergencyOnly`: an emergency department that admits no one. */
	hospitals: { name: string; note?: string; emergencyOnly?: true }[]
	hospitalNote: string | null
	cemeteries: string[]
	funeralNote: string | null
	weather: { summer: string; winter: string; monsoon: string | null } | null
	pageUrl: string
}

/**
 * What to know when sending flowers to a town: hospitals, funerals, weather, its clock, from the
 * town's own facts, in `language` (English by default; in Spanish, its Spanish page's prose); its
 * page on `siteUrl`, in that language.
 */
export function townNotes(partner: Pick<PartnerServices, 'links'>, input: { place: string; language?: Lang }, siteUrl: string): TownNotesAnswer {
	const lang = input.language ?? 'en'
	const place = resolvePlace(input.place, partner.links, lang)
	const town = townFacts(place, lang)
	const { facts } = town
	return {
		town: place.city.name,
		county: fill(agent[lang].county, { county: place.city.county }),
		note: place.note ?? null,
		reach: town.promise.reach,
		deliveryRule: town.rule,
		florist: town.floristNetwork.join(' '),
		timeZone: town.place.timeZone,
		clock: town.clock,
		hospitals: facts?.hospitals ?? [],
		hospitalNote: facts?.hospitalNote ?? null,
		cemeteries: facts?.cemeteries ?? [],
		funeralNote: facts?.funeralNote ?? null,
		weather: facts ? { summer: facts.weather.summer, winter: facts.weather.winter, monsoon: facts.weather.monsoon ?? null } : null,
		pageUrl: townPageUrl(siteUrl, place, lang),
	}
}
