import { colourWords, flowerWords, mentions } from '#app/domain/agent-words.ts'
import { formatDate, isoDate, parseIsoDate } from '#app/domain/calendar-date.ts'
import { fill, type Lang } from '#app/words/locale.ts'
import { agent } from '#app/words/agent-answer-words.server.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { reachAt, type Reach, type ReachAnswer } from '#app/domain/reach.ts'
import { photoUrl } from '#app/domain/photo-urls.ts'
import { deliveredPrice, type PriceQuote } from '#app/domain/price-quote.ts'
import { priceOf } from '#app/domain/product-view.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import { productCodeOf } from '#app/domain/clicks.ts'
import { everyOccasionsArrangements } from '#app/server/offers/occasion-arrangements.server.ts'
import { absoluteUrl } from '#app/domain/structured-data.ts'
import { categoryPartnerLink, getCategories, getSpanishCategory } from '#app/server/catalog-data.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'
import {
	AgentInputError,
	inTime,
	MAX_TEXT,
	occasionTitle,
	PARTNER_WAIT_MS,
	resolveOccasion,
	resolvePlace,
	townFacts,
	townPageUrl,
	type ResolvedPlace,
	type Until,
} from '#app/server/agents/agent-places.server.ts'
import { dateAnswer, type DateAnswer } from '#app/server/agents/agent-dates.server.ts'

/**
 * What the site answers an AI agent that shops for a person, arrangement by arrangement
 * (`find_arrangements`, `arrangement_details`): the same data, caches and rules as the pages (the
 * partner's products and totals, a town's reach), as plain values, in the language asked for
 * (English unless told otherwise: its sentences in app/words/agent-answer-words.server.ts). The
 * place and the dates are agent-places and agent-dates.
 */
/** US dollars as the answers write them, in either language: '$39.95'. */
export const dollars = (amount: number) => `$${amount.toFixed(2)}`

export type Arrangement = {
	/** The partner's code for it ('BD01'), which arrangement_details takes. */
	code: string | null
	title: string
	/** The partner's description, as it sends it. */
	description: string | null
	/** The partner's statement of its size ('Approximately 15" W x 16" H'), when it gives one. */
	size: string | null
	price: number | null
	deliveredPrice: number | null
	/** The place the delivered price was quoted for ('Sierra Vista, AZ 85635'): the town whose ZIP the partner was asked about. */
	deliveredTo: string | null
	/** YYYY-MM-DD: the earliest delivery to the place that can be ordered now. */
	earliestDate: string | null
	photoUrl: string | null
	orderUrl: string
}

/** What the florist network says of a place now: its delivered prices, and the rule of reach over its dates. */
type PlaceQuote = { quote: PriceQuote | null; reach: ReachAnswer; deliveredTo: string }

/** The partner's totals and dates for the place's ZIP, through the pages' caches, and the rule of reach over them. */
async function quotePlace(
	partner: PartnerServices,
	place: ResolvedPlace,
	town: ReturnType<typeof townFacts>,
	products: readonly ShownProduct[],
	now: Date,
	until: Until,
): Promise<PlaceQuote> {
	const [quote = null, dates = null] = await Promise.all([
		inTime(partner.priceQuotes?.get(place.zip, products), until),
		inTime(partner.deliveryDates?.get(place.zip), until),
	])
	return { quote, reach: reachAt(town.place, now, dates?.dates), deliveredTo: `${place.city.name}, AZ ${quote?.zip ?? place.zip}` }
}

/** An arrangement as the agents' answers give it, priced for the place where its figures are at hand. */
function arrangementOf(product: ShownProduct, at: PlaceQuote | undefined, siteUrl: string): Arrangement {
	const price = priceOf(product) ?? null
	const delivered = price !== null && at?.quote ? deliveredPrice(price, at.quote) : null
	return {
		code: productCodeOf(product.url) ?? null,
		title: product.title,
		description: product.description ?? null,
		size: product.dimension ?? null,
		price,
		deliveredPrice: delivered,
		deliveredTo: delivered === null ? null : (at?.deliveredTo ?? null),
		earliestDate: at?.reach.earliest ? isoDate(at.reach.earliest) : null,
		photoUrl: product.photo ? absoluteUrl(siteUrl, photoUrl(product.photo, 480)) : null,
		orderUrl: product.url,
	}
}

export type ArrangementsAnswer = {
	town: string
	zip: string
	occasion: string
	/** Where the occasion asked for has no list of its own: which list answers it. */
	listNote: string | null
	note: string | null
	reach: Reach
	deliveryRule: string
	/** YYYY-MM-DD: the earliest delivery to the place that can be ordered now. */
	earliestDate: string | null
	/** The delivery date asked about, when one was. */
	delivery: DateAnswer | null
	arrangements: Arrangement[]
	/** With a flower or colour asked for: how many of the list's arrangements name it. */
	filterNote: string | null
	/** What the delivered price includes, and whose figures they are. */
	priceNote: string
	browseUrl: string
	pageUrl: string
}

/**
 * Arrangements delivered to a town for an occasion, or for any occasion (every occasion's list
 * together, each arrangement once), from the partner's live lists (through the same page cache as
 * the pages), optionally with a flower or colour, at most `maxPrice` and cheapest first, each with
 * the whole delivered price for the town's ZIP where the partner's totals are at hand and the
 * earliest date it can arrive; with `date`, whether that date can be ordered. Links to this site
 * are absolute, on `siteUrl`; its sentences are in `language` (English by default), the partner's
 * product names and descriptions as it sends them.
 */
export async function findArrangements(
	partner: PartnerServices,
	input: {
		place: string
		occasion?: string | undefined
		maxPrice?: number | undefined
		sort?: 'price' | 'partner' | undefined
		limit?: number | undefined
		flower?: string | undefined
		color?: string | undefined
		date?: string | undefined
		language?: Lang | undefined
	},
	siteUrl: string,
	now = new Date(),
	until: Until = Date.now() + PARTNER_WAIT_MS,
): Promise<ArrangementsAnswer> {
	const lang = input.language ?? 'en'
	const said = agent[lang]
	const place = resolvePlace(input.place, partner.links, lang)
	const resolved = input.occasion === undefined ? undefined : resolveOccasion(input.occasion, lang)
	const category = resolved?.category
	const occasion = category && input.occasion !== undefined ? occasionTitle(category, input.occasion, lang) : said.occasion.every
	const flower = input.flower === undefined ? undefined : flowerWords(input.flower)
	if (input.flower !== undefined && !flower) throw new AgentInputError(fill(said.filter.flower, { asked: input.flower.slice(0, MAX_TEXT) }))
	const colour = input.color === undefined ? undefined : colourWords(input.color)
	if (input.color !== undefined && !colour) throw new AgentInputError(fill(said.filter.colour, { asked: input.color.slice(0, MAX_TEXT) }))
	if (input.date !== undefined && !parseIsoDate(input.date)) throw new AgentInputError(fill(said.date.bad, { date: input.date.slice(0, MAX_TEXT) }))
	const town = townFacts(place, lang)
	const browseUrl = category ? categoryPartnerLink(partner.links, category) : partner.links.arizona()
	const products = category
		? (await inTime(partner.products.getCategoryProducts(category), until))?.products
		: await everyOccasionsArrangements(partner, until - Date.now()).then((every) => (every.read > 0 ? every.products : undefined))
	if (!products) throw new AgentInputError(fill(said.listUnavailable, { occasion, url: browseUrl }))
	const at = await quotePlace(partner, place, town, products, now, until)
	// Only what the partner's own names and descriptions say: an arrangement is never guessed to hold a flower or colour.
	const wanted = products.filter((product) => {
		const text = `${product.title} ${product.description ?? ''}`
		return (!flower || mentions(text, flower)) && (!colour || mentions(text, colour))
	})
	let items = wanted.map((product) => arrangementOf(product, at, siteUrl))
	if (input.maxPrice !== undefined) {
		const limit = input.maxPrice
		items = items.filter((item) => (item.deliveredPrice ?? item.price) !== null && (item.deliveredPrice ?? item.price ?? Infinity) <= limit)
	}
	if (input.sort === 'price') items = [...items].sort((a, b) => (a.deliveredPrice ?? a.price ?? Infinity) - (b.deliveredPrice ?? b.price ?? Infinity))
	const asked = { color: input.color ?? '', flower: input.flower ?? '' }
	const list = category ? (lang === 'es' ? (getSpanishCategory(category.slug)?.title ?? category.title) : category.title) : ''
	return {
		town: town.place.name,
		zip: place.zip,
		occasion,
		listNote: resolved?.asked ? fill(said.occasion.nearest[resolved.asked], { list, url: partner.links.category('cm') }) : null,
		note: place.note ?? null,
		reach: town.promise.reach,
		deliveryRule: town.rule,
		earliestDate: at.reach.earliest ? isoDate(at.reach.earliest) : null,
		delivery: input.date === undefined ? null : dateAnswer(input.date, at.reach, lang),
		arrangements: items.slice(0, input.limit ?? 10),
		filterNote:
			flower || colour
				? fill(said.filter.note, {
						wanted: wanted.length,
						total: products.length,
						words: fill(flower && colour ? said.filter.both : flower ? said.filter.flowerOnly : said.filter.colourOnly, asked),
					})
				: null,
		priceNote: priceNoteOf(at.quote, lang),
		browseUrl,
		pageUrl: townPageUrl(siteUrl, place, lang),
	}
}

/** What the delivered prices include and whose figures they are, or that there are none. */
function priceNoteOf(quote: PriceQuote | null, lang: Lang): string {
	const said = agent[lang].prices
	return quote ? fill(said.quoted, { charge: dollars(quote.serviceCharge), zip: quote.zip, date: formatDate(quote.date, delivery[lang].dates) }) : said.listed
}

export type ArrangementDetailsAnswer = {
	/** The place asked about, when one was. */
	town: string | null
	zip: string | null
	note: string | null
	deliveryRule: string | null
	arrangement: Arrangement
	/** The occasions whose lists hold it, in the language asked. */
	occasions: string[]
	priceNote: string
}

/**
 * One arrangement by the partner's code ('BD01') or its order link as find_arrangements gave it,
 * from the occasions' lists the pages keep (the partner is asked only for a list not at hand), with
 * the delivered price and the earliest date for a place when one is named.
 */
export async function arrangementDetails(
	partner: PartnerServices,
	input: { arrangement: string; place?: string | undefined; language?: Lang | undefined },
	siteUrl: string,
	now = new Date(),
	until: Until = Date.now() + PARTNER_WAIT_MS,
): Promise<ArrangementDetailsAnswer> {
	const lang = input.language ?? 'en'
	const said = agent[lang]
	const asked = input.arrangement.trim()
	const code = (/^https?:/i.test(asked) ? productCodeOf(asked) : asked)?.toUpperCase()
	const place = input.place === undefined ? undefined : resolvePlace(input.place, partner.links, lang)
	const lists = await Promise.all(
		getCategories().map(async (category) => ({
			category,
			products: (await inTime(partner.products.getCategoryProducts(category), until))?.products,
		})),
	)
	const holding = lists.filter((list) => list.products?.some((product) => productCodeOf(product.url)?.toUpperCase() === code))
	const product = holding[0]?.products?.find((item) => productCodeOf(item.url)?.toUpperCase() === code)
	// Not in the lists at hand: unknown, or in a list the network has not given in time.
	const unread = lists.some((list) => !list.products)
	if (!code || !product) throw new AgentInputError(fill(unread ? said.details.slow : said.details.notFound, { asked: asked.slice(0, MAX_TEXT) }))
	const town = place && townFacts(place, lang)
	const at = place && town ? await quotePlace(partner, place, town, [product], now, until) : undefined
	return {
		town: town ? town.place.name : null,
		zip: place?.zip ?? null,
		note: place ? (place.note ?? null) : said.details.noPlace,
		deliveryRule: town?.rule ?? null,
		arrangement: arrangementOf(product, at, siteUrl),
		occasions: holding.map(({ category }) => (lang === 'es' ? (getSpanishCategory(category.slug)?.title ?? category.title) : category.title)),
		priceNote: priceNoteOf(at?.quote ?? null, lang),
	}
}
