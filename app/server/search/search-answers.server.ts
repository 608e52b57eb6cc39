import { mentions, type Wanted } from '#app/domain/agent-words.ts'
import { fill, type Lang } from '#app/words/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import { plainText } from '#app/domain/search-words.ts'
import { searchAnswers } from '#app/words/search-answers-words.server.ts'
import { getCategory, getCity, getSpanishCategory, occasionPath } from '#app/server/catalog-data.server.ts'
import { searchCity, type OccasionAnswer, type SearchAnswer } from '#app/server/search/city-search.server.ts'
import { findPlace } from '#app/server/search/zip-codes.server.ts'
import { search as searchMessages } from '#app/words/search-box-words.server.ts'
import { everyOccasionsArrangements } from '#app/server/offers/occasion-arrangements.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'

/** The page of the site an answer is, in the page's language; undefined for an answer the search page says itself. */
export function answerPath(answer: SearchAnswer | OccasionAnswer, lang: Lang): string | undefined {
	if (answer.kind === 'occasion') return answer.asked ? undefined : occasionPath(lang, answer.slug)
	if (answer.kind !== 'city' && answer.kind !== 'place') return undefined
	const path = localPath(lang, '/cities/:slug', { slug: answer.slug })
	if (answer.kind === 'place') return `${path}?near=${answer.place}`
	return answer.zip ? `${path}?zip=${answer.zip}` : `${path}${answer.section ? `#${answer.section}` : ''}`
}

/** The most arrangements a search's answer lists. */
const MOST_ARRANGEMENTS = 24

/** An answer the search page shows itself, in the page's language: a heading, what it means, and where to go next. */
export type SearchAnswerPage = {
	title: string
	text: string
	/** The site's page that answers, and what its link says. */
	next: { path: string; label: string }
	/** The partner's own list, where the site has none (Christmas). */
	partner?: { code: string; label: string }
	products?: ShownProduct[]
	/** The heading over the arrangements, where there are any. */
	productsHeading?: string
}

/** The words of the visitor's text that name the flower and colour asked for, as typed ("rosas rojas", "orquídeas"). */
function wantedAsTyped(text: string, wanted: readonly (Wanted | undefined)[]): string {
	const said = new Set(wanted.flatMap((entry) => (entry ? [entry.said] : [])))
	return text
		.trim()
		.split(/\s+/)
		.filter((word) => said.has(plainText(word)))
		.join(' ')
}

/**
 * The arrangements of every occasion's list whose own name or description holds the flower and the
 * colour asked for, each once. Lists not at hand within the page's budget are left out: the answer
 * says how many it found among those it read.
 */
async function arrangementsWith(partner: PartnerServices, flower: Wanted | undefined, colour: Wanted | undefined): Promise<ShownProduct[]> {
	const { products } = await everyOccasionsArrangements(partner)
	return products
		.filter((product) => {
			const text = `${product.title} ${product.description ?? ''}`
			return (!flower || mentions(text, flower.stems)) && (!colour || mentions(text, colour.stems))
		})
		.slice(0, MOST_ARRANGEMENTS)
}

/** An occasion page's title in the page's language. */
function occasionTitle(slug: string, lang: Lang): string {
	return (lang === 'es' ? getSpanishCategory(slug)?.title : undefined) ?? getCategory(slug)?.title ?? slug
}

/**
 * The page the search shows for an answer that needs words (an occasion served by the nearest
 * list, a town across the border, arrangements with a flower or colour); undefined for an answer
 * that is a page of the site already (a town, a place, an occasion by its own name).
 */
export async function searchAnswerPage(
	answer: SearchAnswer | OccasionAnswer,
	text: string,
	lang: Lang,
	partner: PartnerServices,
): Promise<SearchAnswerPage | undefined> {
	const words = searchAnswers[lang]
	if (answer.kind === 'occasion' && answer.asked) {
		const list = occasionTitle(answer.slug, lang)
		const asked = words.asked[answer.asked]
		return {
			title: asked.title,
			text: fill(asked.text, { list }),
			next: { path: occasionPath(lang, answer.slug), label: fill(words.openList, { list }) },
			...(answer.asked === 'christmas' ? { partner: { code: 'cm', label: words.partnerChristmas } } : {}),
		}
	}
	if (answer.kind === 'border') {
		const city = getCity(answer.slug)?.name ?? answer.slug
		const values = { town: answer.town, city }
		return {
			title: fill(words.border.title, values),
			text: fill(words.border.text, values),
			next: { path: localPath(lang, '/cities/:slug', { slug: answer.slug }), label: fill(words.border.open, values) },
		}
	}
	if (answer.kind !== 'arrangements') return undefined
	const wanted = wantedAsTyped(text, [answer.colour, answer.flower]) || text.trim()
	const products = await arrangementsWith(partner, answer.flower, answer.colour)
	const said = words.arrangements
	return {
		title: fill(said.title, { wanted }),
		text: fill(products.length === 0 ? said.none : products.length === 1 ? said.one : said.found, { count: products.length, wanted }),
		next: { path: `${localPath(lang, '/')}#categories`, label: said.occasions },
		products,
		productsHeading: said.heading,
	}
}

/** What the search boxes' list suggests for a text: the page Enter opens, what it is called, and a word on what it is. */
export type SearchSuggestion = { path: string; name: string; detail?: string }

/**
 * The search's answer as one suggestion of the boxes' list, in the page's language, so the list
 * offers what Enter does: a town (at its section), a place with its town, an occasion, or the
 * search's own answer page (an occasion served by the nearest list, a town across the border,
 * arrangements with a flower or colour). Null for text that names nothing of the site's, and for a
 * ZIP outside Arizona, which the list says in its own words.
 */
export function searchSuggestion(text: string, lang: Lang): SearchSuggestion | null {
	const answer = searchCity(text, lang)
	const words = searchAnswers[lang]
	const own = `${localPath(lang, '/search')}?q=${encodeURIComponent(text.trim())}`
	switch (answer.kind) {
		case 'city':
			return {
				path: answerPath(answer, lang) ?? own,
				name: getCity(answer.slug)?.name ?? answer.slug,
				...(answer.section ? { detail: words.section[answer.section] } : {}),
			}
		case 'place': {
			const found = findPlace(answer.place)
			if (!found) return null
			return {
				path: answerPath(answer, lang) ?? own,
				name: found.place,
				detail: fill(searchMessages[lang].suggestion.milesFrom, { miles: found.miles, city: found.city.name }),
			}
		}
		case 'occasion':
			return answer.asked
				? { path: own, name: words.asked[answer.asked].title, detail: words.occasion }
				: { path: answerPath(answer, lang) ?? own, name: occasionTitle(answer.slug, lang), detail: words.occasion }
		case 'border':
			return { path: own, name: fill(words.border.title, { town: answer.town }), detail: getCity(answer.slug)?.name }
		case 'arrangements':
			return { path: own, name: fill(words.arrangements.title, { wanted: wantedAsTyped(text, [answer.colour, answer.flower]) || text.trim() }) }
		default:
			return null
	}
}
