import type { Category, City } from '#app/domain/catalog-schema.ts'
import { colourWords, flowerWords, mentions, occasionByName } from '#app/domain/agent-words.ts'
import { buildCityPage } from '#app/domain/city-page.ts'
import { formatDate, isoDate } from '#app/domain/calendar-date.ts'
import { delivery } from '#app/messages/delivery.server.ts'
import { cityPageWords } from '#app/server/page-words.server.ts'
import { ARIZONA_TIME_ZONE } from '#app/domain/delivery.ts'
import { reachAt, type Reach } from '#app/domain/reach.ts'
import type { PlaceAnswer } from '#app/domain/zip-search.ts'
import { pagePath } from '#app/domain/paths.ts'
import { photoUrl } from '#app/domain/photos.ts'
import { deliveredPrice, type PriceQuote } from '#app/domain/price-quote.ts'
import { priceOf } from '#app/domain/product-view.ts'
import { absoluteUrl } from '#app/domain/structured-data.ts'
import type { PartnerLinks } from '#app/domain/partner-links.ts'
import { categoryPartnerLink, getCategories, getCity, getCityContent, getListedZipCodes, getNearbyCities } from '#app/server/catalog.server.ts'
import { getCityDerived } from '#app/server/city-facts.server.ts'
import { searchCity } from '#app/server/city-search.server.ts'
import type { PartnerServices } from '#app/server/partner-services.server.ts'
import { findPlace, zipPlace, zipPlaceAnswer } from '#app/server/zip-codes.server.ts'

/**
 * What the site answers an AI agent that shops for a person: the same data, caches and rules as
 * the pages (a town's reach, the partner's products and totals, its delivery dates), as plain
 * values. A question the site cannot answer is an `AgentInputError` whose message is a sentence
 * the agent can pass on.
 */
export class AgentInputError extends Error {
	override name = 'AgentInputError'
}

/** The longest place or occasion an agent may send; anything longer is no place name. */
const MAX_TEXT = 100

/** A resolved question: the town whose page answers it, the ZIP the network is asked about, and the place without a page it stands in for. */
type ResolvedPlace = { city: City; zip: string; asked: string; note?: string; near?: PlaceAnswer }

/** An Arizona city, town, place or ZIP as an agent names it, and the listed town that serves it. */
function resolvePlace(text: string, links: PartnerLinks): ResolvedPlace {
	const asked = text.trim()
	if (asked === '' || asked.length > MAX_TEXT) throw new AgentInputError(`Name an Arizona city, town or ZIP code in at most ${MAX_TEXT} characters.`)
	const answer = searchCity(asked)
	if (answer.kind === 'outside')
		throw new AgentInputError(
			`ZIP ${answer.zip} is outside Arizona. This site covers Arizona only; Florist One delivers across the United States at ${links.orderNow()}.`,
		)
	if (answer.kind === 'none')
		throw new AgentInputError(
			`"${asked}" is not a city, town or ZIP code in Arizona that this site knows. It covers Arizona only; try a town name such as Phoenix or Flagstaff, or a five-digit ZIP code.`,
		)
	const city = getCity(answer.slug)
	if (!city) throw new AgentInputError(`"${asked}" could not be matched to a town.`)
	const listedZip = getListedZipCodes(city)[0] ?? ''
	if (answer.kind === 'place') {
		const near = findPlace(answer.place)
		return {
			city,
			zip: listedZip,
			asked,
			near,
			note: near ? `${near.place} has no page of its own; ${city.name}, about ${near.miles} miles away, is the nearest listed town.` : undefined,
		}
	}
	// Any other Arizona ZIP is answered from its nearest town: the florist network is asked only about places the pages ask about.
	if (answer.zip)
		return {
			city,
			zip: listedZip,
			asked,
			near: zipPlaceAnswer(answer.zip),
			note: `ZIP ${answer.zip} (${zipPlace(answer.zip) ?? 'Arizona'}) is served from ${city.name}, the nearest listed town; the florist network's dates and totals are those of ${city.name}'s ZIP ${listedZip}.`,
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
 * An occasion by its slug ("birthday-flowers"), its name ("Birthday", "Sympathy & Funeral"), one word
 * of it ("funeral"), or another name for it in English or Spanish ("Mother's Day", "día de las
 * madres", "cumpleaños"); anything else is an error listing the occasions, never ignored.
 */
function resolveOccasion(text: string): Category {
	const asked = occasionWords(text.slice(0, MAX_TEXT))
	const categories = getCategories()
	const same = (words: string[]) => words.length === asked.length && words.every((word, index) => word === asked[index])
	const exact = categories.find(
		(category) => category.slug === text.trim().toLowerCase() || [category.slug, category.name, category.title].some((name) => same(occasionWords(name))),
	)
	const partial = categories.filter((category) => asked.length > 0 && asked.every((word) => occasionWords(`${category.slug} ${category.name}`).includes(word)))
	const named = occasionByName(
		text.slice(0, MAX_TEXT),
		categories.map((category) => category.slug),
	)
	const found = exact ?? (partial.length === 1 ? partial[0] : categories.find((category) => category.slug === named))
	if (!found)
		throw new AgentInputError(`Unknown occasion "${text.slice(0, MAX_TEXT)}". Choose one of: ${categories.map((category) => category.slug).join(', ')}.`)
	return found
}

/** The page that answers for the place: the town's own, or the town's standing in for a place without a page, with its reach. */
function townFacts(place: ResolvedPlace) {
	const { city } = place
	const content = getCityContent(city.slug)
	const page = buildCityPage(city, content, getNearbyCities(city, content), cityPageWords('en'), getCityDerived(city), place.near)
	return { page, facts: content.facts }
}

type Arrangement = {
	title: string
	price: number | null
	deliveredPrice: number | null
	photoUrl: string | null
	orderUrl: string
}

export type ArrangementsAnswer = {
	town: string
	zip: string
	occasion: string
	note: string | null
	reach: Reach
	deliveryRule: string
	arrangements: Arrangement[]
	/** With a flower or colour asked for: how many of the list's arrangements name it. */
	filterNote: string | null
	/** What the delivered price includes, and whose figures they are. */
	priceNote: string
	browseUrl: string
	pageUrl: string
}

/**
 * Arrangements for an occasion delivered to a town, from the partner's live list (through the
 * same page cache as the pages), optionally at most `maxPrice` and cheapest first, each with the
 * whole delivered price for the town's ZIP where the partner's totals are at hand. Links to this
 * site are absolute, on `siteUrl`.
 */
export async function findArrangements(
	partner: PartnerServices,
	input: {
		place: string
		occasion: string
		maxPrice?: number
		sort?: 'price' | 'partner'
		limit?: number
		flower?: string
		color?: string
	},
	siteUrl: string,
): Promise<ArrangementsAnswer> {
	const place = resolvePlace(input.place, partner.links)
	const category = resolveOccasion(input.occasion)
	const flower = input.flower === undefined ? undefined : flowerWords(input.flower)
	if (input.flower !== undefined && !flower)
		throw new AgentInputError(
			`"${input.flower.slice(0, MAX_TEXT)}" is not a flower this site can look for. Try one of: roses, lilies, sunflowers, tulips, orchids, carnations, daisies, gerberas, hydrangeas, lavender, peonies (or their Spanish names).`,
		)
	const colour = input.color === undefined ? undefined : colourWords(input.color)
	if (input.color !== undefined && !colour)
		throw new AgentInputError(
			`"${input.color.slice(0, MAX_TEXT)}" is not a colour this site can look for. Try one of: red, pink, white, yellow, purple, orange, blue (or their Spanish names).`,
		)
	const { page } = townFacts(place)
	const browseUrl = categoryPartnerLink(partner.links, category)
	let shown
	try {
		shown = await partner.products.getCategoryProducts(category)
	} catch {
		throw new AgentInputError(
			`The florist network's list of ${category.title} cannot be read right now. The person can browse and order it on Florist One: ${browseUrl}`,
		)
	}
	const quote: PriceQuote | null = (await partner.priceQuotes?.get(place.zip, shown.products).catch(() => null)) ?? null
	// Only what the partner's own names and descriptions say: an arrangement is never guessed to hold a flower or colour.
	const wanted = shown.products.filter((product) => {
		const text = `${product.title} ${product.description ?? ''}`
		return (!flower || mentions(text, flower)) && (!colour || mentions(text, colour))
	})
	let items = wanted.map((product) => {
		const price = priceOf(product) ?? null
		return {
			title: product.title,
			price,
			deliveredPrice: price !== null && quote ? deliveredPrice(price, quote) : null,
			photoUrl: product.photo ? absoluteUrl(siteUrl, photoUrl(product.photo, 480)) : null,
			orderUrl: product.url,
		}
	})
	if (input.maxPrice !== undefined) {
		const limit = input.maxPrice
		items = items.filter((item) => (item.deliveredPrice ?? item.price) !== null && (item.deliveredPrice ?? item.price ?? Infinity) <= limit)
	}
	if (input.sort === 'price') items = [...items].sort((a, b) => (a.deliveredPrice ?? a.price ?? Infinity) - (b.deliveredPrice ?? b.price ?? Infinity))
	return {
		town: page.place.name,
		zip: place.zip,
		occasion: category.title,
		note: place.note ?? null,
		reach: page.reach,
		deliveryRule: page.promise.rule,
		arrangements: items.slice(0, input.limit ?? 10),
		filterNote:
			flower || colour
				? `${wanted.length} of the ${shown.products.length} arrangements in the list name ${[input.color, input.flower].filter(Boolean).join(' ')} in their name or description.`
				: null,
		priceNote: quote
			? `Delivered prices are Florist One's own service charge ($${quote.serviceCharge.toFixed(2)}) and tax for ZIP ${quote.zip} added to each price, as quoted on ${formatDate(quote.date, delivery.en.dates)}; its checkout has the final total. A budget applies to the delivered price.`
			: 'Prices exclude Florist One’s service charge and tax, which its checkout adds; a budget applies to the listed price.',
		browseUrl,
		pageUrl: absoluteUrl(siteUrl, pagePath('/cities/:slug', { slug: place.city.slug })),
	}
}

export type DeliveryDatesAnswer = {
	town: string
	zip: string
	note: string | null
	reach: Reach
	sameDayPossibleNow: boolean
	cutoff: string
	clock: string[]
	arizonaTimeNow: string
	deliveryRule: string
	earliestDate: string | null
	deliveryDates: string[]
	partnerDatesKnown: boolean
	orderUrl: string
}

/** How many orderable dates an answer lists. */
const DATES_LISTED = 14

/**
 * The dates flowers can still be ordered for a ZIP, town or place, and by when: the one rule of
 * reach (`reachAt`) over the partner's dates for the ZIP, as the page's checker answers.
 */
export async function deliveryDatesFor(partner: PartnerServices, input: { place: string }, now = new Date()): Promise<DeliveryDatesAnswer> {
	const place = resolvePlace(input.place, partner.links)
	const { page } = townFacts(place)
	const dates = (await partner.deliveryDates?.get(place.zip).catch(() => null)) ?? null
	const answer = reachAt(page.place, now, delivery.en, dates?.dates)
	return {
		town: page.place.name,
		zip: place.zip,
		note: place.note ?? null,
		reach: answer.reach,
		sameDayPossibleNow: answer.sameDayNow,
		cutoff: `${answer.cutoff.includes('Arizona time') ? answer.cutoff : `${answer.cutoff} Arizona time`}, ${answer.sameDay ? 'for delivery the same day' : 'on the day before delivery'}`,
		clock: page.clock,
		arizonaTimeNow: new Intl.DateTimeFormat('en-US', { timeZone: ARIZONA_TIME_ZONE, dateStyle: 'full', timeStyle: 'short' }).format(now),
		deliveryRule: answer.rule,
		earliestDate: answer.earliest ? isoDate(answer.earliest) : null,
		deliveryDates: answer.dates.slice(0, DATES_LISTED).map(isoDate),
		partnerDatesKnown: answer.partnerDatesKnown,
		orderUrl: partner.links.arizona(),
	}
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
	hospitals: { name: string; note?: string }[]
	hospitalNote: string | null
	cemeteries: string[]
	funeralNote: string | null
	weather: { summer: string; winter: string; monsoon: string | null } | null
	pageUrl: string
}

/** What to know when sending flowers to a town: hospitals, funerals, weather, its clock, from the town's own facts; its page on `siteUrl`. */
export function townNotes(partner: Pick<PartnerServices, 'links'>, input: { place: string }, siteUrl: string): TownNotesAnswer {
	const place = resolvePlace(input.place, partner.links)
	const { page, facts } = townFacts(place)
	return {
		town: place.city.name,
		county: `${place.city.county} County`,
		note: place.note ?? null,
		reach: page.reach,
		deliveryRule: page.promise.rule,
		florist: page.floristNetwork.join(' '),
		timeZone: page.timeZone,
		clock: page.clock,
		hospitals: facts?.hospitals ?? [],
		hospitalNote: facts?.hospitalNote ?? null,
		cemeteries: facts?.cemeteries ?? [],
		funeralNote: facts?.funeralNote ?? null,
		weather: facts ? { summer: facts.weather.summer, winter: facts.weather.winter, monsoon: facts.weather.monsoon ?? null } : null,
		pageUrl: absoluteUrl(siteUrl, pagePath('/cities/:slug', { slug: place.city.slug })),
	}
}
