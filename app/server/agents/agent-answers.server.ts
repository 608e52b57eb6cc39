import type { Category, City } from '#app/domain/catalog-schema.ts'
import { colourWords, flowerWords, mentions, occasionByName } from '#app/domain/agent-words.ts'
import { floristNetworkOf, reachPlaceOf } from '#app/domain/city-page.ts'
import { addDays, daysBetween, formatDate, isoDate, parseIsoDate, weekday, type CalendarDate } from '#app/domain/calendar-date.ts'
import type { NetworkHoliday } from '#app/domain/delivery-calendar.ts'
import { fill, LOCALE, type Lang } from '#app/words/locale.ts'
import { agent } from '#app/words/agent-answer-words.server.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { cityPageMessages } from '#app/server/page-words.server.ts'
import { ARIZONA_TIME_ZONE, formatSlot } from '#app/domain/delivery.ts'
import { reachAt, reachPromise, type Deadline, type Reach, type ReachAnswer, type Refusal } from '#app/domain/reach.ts'
import { servicePlan, type ServicePlan } from '#app/domain/service-plan.ts'
import { clockSentences, cutoffClause, deadlineHour, deadlineWords, promiseWords, refusalWords, serviceSentences } from '#app/domain/reach-words.ts'
import type { PlaceAnswer } from '#app/domain/zip-search.ts'
import { localPath } from '#app/domain/paths.ts'
import { photoUrl } from '#app/domain/photo-urls.ts'
import { deliveredPrice, type PriceQuote } from '#app/domain/price-quote.ts'
import { priceOf } from '#app/domain/product-view.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import { productCodeOf } from '#app/domain/clicks.ts'
import { occasionIn, plainText, type AskedOccasion } from '#app/domain/search-words.ts'
import { everyOccasionsArrangements } from '#app/server/offers/occasion-arrangements.server.ts'
import { settleWithin } from '#app/server/settle-within.server.ts'
import { absoluteUrl } from '#app/domain/structured-data.ts'
import type { PartnerLinks } from '#app/domain/partner-links.ts'
import { categoryPartnerLink, getCategories, getCity, getListedZipCodes, getLocalCityContent, getSpanishCategory } from '#app/server/catalog-data.server.ts'
import { getCityDerived } from '#app/server/city-facts.server.ts'
import { searchCity, spanishOccasionIn } from '#app/server/search/city-search.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'
import { findPlace, zipPlace, zipPlaceAnswer } from '#app/server/search/zip-codes.server.ts'
import { peakDaysIn } from '#app/server/peak-days-ahead.server.ts'
import type { PeakDay } from '#app/domain/peak-days.ts'

/**
 * What the site answers an AI agent that shops for a person: the same data, caches and rules as
 * the pages (a town's reach, the partner's products and totals, its delivery dates), as plain
 * values, in the language asked for (English unless told otherwise: its sentences in
 * app/words/agent-answer-words.server.ts, a town's in its page's words and prose). A question the site cannot
 * answer is an `AgentInputError` whose message is a sentence the agent can pass on.
 */
export class AgentInputError extends Error {
	override name = 'AgentInputError'
}

/** The longest place or occasion an agent may send; anything longer is no place name. */
const MAX_TEXT = 100

/** A resolved question: the town whose page answers it, the ZIP the network is asked about, and the place without a page it stands in for. */
type ResolvedPlace = { city: City; zip: string; asked: string; note?: string; near?: PlaceAnswer }

/**
 * An Arizona city, town, place or ZIP as an agent names it, and the listed town that serves it. In
 * Spanish the text is read as the Spanish search box reads it ("flores en Nogales"); an occasion
 * named without a town is no place.
 */
function resolvePlace(text: string, links: PartnerLinks, lang: Lang): ResolvedPlace {
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
function resolveOccasion(text: string, lang: Lang): ResolvedOccasion {
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
type ResolvedOccasion = { category: Category; asked?: AskedOccasion }

/**
 * An occasion's title in the answer's language. A Spanish "día de las madres" is the 10 May one, as
 * the Spanish search reads it; its arrangements are Mother's Day's.
 */
function occasionTitle(category: Category, text: string, lang: Lang): string {
	if (lang === 'en') return category.title
	const may10 = category.slug === 'mothers-day' && spanishOccasionIn(text.slice(0, MAX_TEXT))?.slug === 'dia-de-las-madres'
	return getSpanishCategory(may10 ? 'dia-de-las-madres' : category.slug)?.title ?? category.title
}

/**
 * What an answer knows of the place, in the language asked: the town's own facts, and the place
 * the rule of reach is asked about (the town, or the place without a page it stands in for), with
 * its promise and clock in words. The same functions as the town's page, without building it.
 */
function townFacts(resolved: ResolvedPlace, lang: Lang) {
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
function townPageUrl(siteUrl: string, place: ResolvedPlace, lang: Lang): string {
	return absoluteUrl(siteUrl, localPath(lang, '/cities/:slug', { slug: place.city.slug }))
}

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

/** A delivery date asked about: whether it can be ordered for the place now, by when, or why not. */
type DateAnswer = {
	date: string
	weekday: string
	deliverable: boolean
	reason: Refusal['reason'] | 'past' | null
	holiday?: NetworkHoliday
	/** YYYY-MM-DDTHH:MM, Arizona time: the last moment to order for the date. */
	orderBy: string | null
	sentence: string
}

/**
 * How long a tool waits for the florist network, from its start: what the network (or the pages'
 * stored copy) gives within it is used; past it, a tool answers without it (dates by the network's
 * usual calendar, list prices) or says that the network is slow. So a tool answers within 3 s,
 * whatever the network does; what was asked runs on and fills the caches for the next call.
 */
const PARTNER_WAIT_MS = 2_500

/** A Date.now() time by which the florist network's answers must be in hand. */
type Until = number

/** The network's answer if it comes by `until`; undefined if it fails or comes later. */
async function inTime<T>(promise: Promise<T> | null | undefined, until: Until): Promise<T | undefined> {
	if (!promise) return undefined
	const answered = await settleWithin(
		promise.catch(() => undefined),
		until - Date.now(),
	)
	return answered.settled ? answered.value : undefined
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

/** Whether a delivery date can be ordered for the place now, as the page's checker answers, in the language asked. */
function dateAnswer(text: string, reach: ReachAnswer, lang: Lang): DateAnswer {
	const day = parseIsoDate(text)
	if (!day) throw new AgentInputError(fill(agent[lang].date.bad, { date: text.slice(0, MAX_TEXT) }))
	const words = delivery[lang]
	const said = agent[lang].date
	// The year where it is not this year's: a past date, or next year's Mother's Day.
	const values = { place: reach.place.name, date: formatDate(day, words.dates, { year: day.year !== reach.today.year }) }
	const base = { date: isoDate(day), weekday: WEEKDAYS[weekday(day)] ?? '' }
	const refused: Refusal | 'past' | undefined = daysBetween(reach.today, day) < 0 ? 'past' : reach.refusal(day)
	if (!refused) {
		const deadline = reach.deadline(day)
		return {
			...base,
			deliverable: true,
			reason: null,
			orderBy: atArizona(deadline),
			sentence: fill(said.can, { ...values, deadline: deadlineWords(deadline, reach.today, reach.place, words) }),
		}
	}
	const reason = refused === 'past' ? said.past : refusalWords(refused, words)
	const earliest = reach.earliest ? fill(said.earliest, { earliest: formatDate(reach.earliest, words.dates) }) : said.none
	return {
		...base,
		deliverable: false,
		reason: refused === 'past' ? 'past' : refused.reason,
		...(refused !== 'past' && refused.reason === 'holiday' ? { holiday: refused.holiday } : {}),
		orderBy: null,
		sentence: `${fill(said.cannot, { ...values, reason })} ${earliest}`,
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
	/** Each listed date with its weekday. */
	deliveryDays: { date: string; weekday: string }[]
	/** The last day the answer speaks for: the last listed date. */
	listedThrough: string | null
	/** The days from today through `listedThrough` that cannot be ordered, each with its reason. */
	refusedDates: { date: string; weekday: string; reason: Refusal['reason']; holiday?: NetworkHoliday }[]
	partnerDatesKnown: boolean
	/** The funeral question, when a service's date and time were given. */
	service: ServiceAnswer | null
	/** The peak days of the next 45 days (Valentine's Day, Mother's Day, the 10 de mayo, Christmas), for this place. */
	peakDays: PeakDayAnswer[]
	orderUrl: string
}

type PeakDayAnswer = {
	peak: PeakDay
	date: string
	weekday: string
	closed: 'sunday' | NetworkHoliday | null
	deliverOn: string
	deliverOnWeekday: string
	orderableNow: boolean
	orderBy: string | null
	sentences: string[]
}

/** The peak days ahead as agents read them: ISO dates, English weekdays, the deadline in Arizona time. */
function peakDayAnswers(answer: ReachAnswer, lang: Lang, now: Date): PeakDayAnswer[] {
	return peakDaysIn(answer, lang, now).map(({ plan, orderable, deadline, sentences }) => ({
		peak: plan.peak,
		date: isoDate(plan.day),
		weekday: WEEKDAYS[weekday(plan.day)] ?? '',
		closed: plan.closed ? (plan.closed.reason === 'holiday' ? plan.closed.holiday : 'sunday') : null,
		deliverOn: isoDate(plan.deliverOn),
		deliverOnWeekday: WEEKDAYS[weekday(plan.deliverOn)] ?? '',
		orderableNow: orderable,
		orderBy: deadline ? atArizona(deadline) : null,
		sentences,
	}))
}

type ServiceAnswer = {
	answer: ServicePlan['kind']
	deliverOn: string | null
	bySlot: string | null
	orderBy: string | null
	serviceDayRefused: string | null
	homeDelivery: { date: string; orderBy: string } | null
	sentences: string[]
}

/** A deadline as agents read it: 'YYYY-MM-DDTHH:MM', Arizona time. */
const atArizona = (deadline: Deadline) => `${isoDate(deadline.date)}T${String(deadline.hour).padStart(2, '0')}:${String(deadline.minute).padStart(2, '0')}`

/** The funeral question for a service on `date` at `time` ('HH:MM' on the town's clock), as facts and sentences. */
function serviceAnswer(answer: ReachAnswer, date: string, time: string, lang: Lang): ServiceAnswer {
	const day = parseIsoDate(date)
	if (!day) throw new AgentInputError(fill(agent[lang].service.badDate, { date: date.slice(0, MAX_TEXT) }))
	const [hour = 0, minute = 0] = time.split(':').map(Number)
	const service = { date: day, hour, minute }
	const plan = servicePlan(answer, service)
	const words = delivery[lang]
	const refused = plan.kind === 'past' ? undefined : plan.serviceDay
	return {
		answer: plan.kind,
		deliverOn: plan.kind === 'in-time' ? isoDate(plan.deliverOn) : null,
		bySlot: plan.kind === 'in-time' && plan.bySlot !== undefined ? fill(agent[lang].service.bySlot, { slot: formatSlot(plan.bySlot, words) }) : null,
		orderBy: plan.kind === 'in-time' ? atArizona(plan.deadline) : null,
		serviceDayRefused: refused ? (refused.reason === 'holiday' ? refused.holiday : refused.reason) : null,
		homeDelivery: plan.kind === 'too-late' && plan.home ? { date: isoDate(plan.home.date), orderBy: atArizona(plan.home.deadline) } : null,
		sentences: serviceSentences(plan, service, answer.place, answer.today, words),
	}
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** The days from today through `through` that `refusal` keeps out, as facts. */
function refusedDays(today: CalendarDate, through: CalendarDate | undefined, refusal: (date: CalendarDate) => Refusal | undefined) {
	const days: DeliveryDatesAnswer['refusedDates'] = []
	for (let date = today; through && daysBetween(date, through) >= 0; date = addDays(date, 1)) {
		const refused = refusal(date)
		if (refused)
			days.push({
				date: isoDate(date),
				weekday: WEEKDAYS[weekday(date)] ?? '',
				reason: refused.reason,
				...(refused.reason === 'holiday' ? { holiday: refused.holiday } : {}),
			})
	}
	return days
}

/** How many orderable dates an answer lists. */
const DATES_LISTED = 14

/**
 * The dates flowers can still be ordered for a ZIP, town or place, and by when: the one rule of
 * reach (`reachAt`) over the partner's dates for the ZIP, as the page's checker answers, in
 * `language` (English by default).
 */
export async function deliveryDatesFor(
	partner: PartnerServices,
	input: { place: string; language?: Lang; serviceDate?: string | undefined; serviceTime?: string | undefined },
	now = new Date(),
	until: Until = Date.now() + PARTNER_WAIT_MS,
): Promise<DeliveryDatesAnswer> {
	const lang = input.language ?? 'en'
	const words = delivery[lang]
	const place = resolvePlace(input.place, partner.links, lang)
	const town = townFacts(place, lang)
	const dates = await inTime(partner.deliveryDates?.get(place.zip), until)
	const answer = reachAt(town.place, now, dates?.dates)
	// Today's cut-off with its zone: '2:00 PM Arizona time', or both clocks where the place's differs.
	const cutoff = answer.cutoff.placeHoursAhead === 0 ? cutoffClause(words) : deadlineHour(answer.cutoff, town.place, words)
	const listed = answer.dates.slice(0, DATES_LISTED)
	const through = listed.at(-1)
	return {
		town: town.place.name,
		zip: place.zip,
		note: place.note ?? null,
		reach: answer.reach,
		sameDayPossibleNow: answer.sameDayNow,
		cutoff: fill(answer.sameDay ? agent[lang].cutoff.sameDay : agent[lang].cutoff.dayBefore, { cutoff }),
		clock: town.clock,
		arizonaTimeNow: new Intl.DateTimeFormat(LOCALE[lang], { timeZone: ARIZONA_TIME_ZONE, dateStyle: 'full', timeStyle: 'short' })
			.format(now)
			// The site writes 'a. m.' and 'p. m.', as Spanish style guides do; the Intl data writes 'a.m.'.
			.replace(/\b([ap])\.\s?m\./g, '$1. m.'),
		deliveryRule: town.rule,
		earliestDate: answer.earliest ? isoDate(answer.earliest) : null,
		deliveryDates: listed.map(isoDate),
		deliveryDays: listed.map((date) => ({ date: isoDate(date), weekday: WEEKDAYS[weekday(date)] ?? '' })),
		listedThrough: through ? isoDate(through) : null,
		refusedDates: refusedDays(answer.today, through, answer.refusal),
		partnerDatesKnown: answer.partnerDatesKnown,
		service: input.serviceDate && input.serviceTime ? serviceAnswer(answer, input.serviceDate, input.serviceTime, lang) : null,
		peakDays: peakDayAnswers(answer, lang, now),
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
