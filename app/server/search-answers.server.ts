import { mentions, type Wanted } from '#app/domain/agent-words.ts'
import { fill, type Lang } from '#app/domain/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import { plainText } from '#app/domain/search-words.ts'
import { searchAnswers } from '#app/messages/search-answers.server.ts'
import { getCategories, getCategory, getCity, getSpanishCategory, occasionPath } from '#app/server/catalog.server.ts'
import type { OccasionAnswer, SearchAnswer } from '#app/server/city-search.server.ts'
import { STREAM_BUDGET_MS } from '#app/server/page-timing.server.ts'
import type { PartnerServices } from '#app/server/partner-services.server.ts'
import { settleWithin } from '#app/server/settle-within.server.ts'

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
	const lists = getCategories().map((category) => partner.products.getCategoryProducts(category).catch(() => ({ products: [] as ShownProduct[] })))
	const read = await Promise.all(lists.map((list) => settleWithin(list, STREAM_BUDGET_MS).catch(() => ({ settled: false as const }))))
	const seen = new Set<string>()
	return read
		.flatMap((list) => (list.settled ? list.value.products : []))
		.filter((product) => {
			const text = `${product.title} ${product.description ?? ''}`
			if (seen.has(product.url) || (flower && !mentions(text, flower.stems)) || (colour && !mentions(text, colour.stems))) return false
			seen.add(product.url)
			return true
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
	}
}
