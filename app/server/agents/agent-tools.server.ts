import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { arrangementDetails, dollars, findArrangements, type Arrangement } from '#app/server/agents/agent-answers.server.ts'
import { deliveryDatesFor } from '#app/server/agents/agent-dates.server.ts'
import { AgentInputError, townNotes } from '#app/server/agents/agent-places.server.ts'
import { getCategories } from '#app/server/catalog-data.server.ts'
import { fill, type Lang } from '#app/words/locale.ts'
import { agent } from '#app/words/agent-answer-words.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'
import { log } from '#app/server/log.server.ts'

/**
 * A tool's arguments, refusing any it does not take: an unknown argument (a `budget` where the tool
 * takes `maxPrice`) is named in the error with the valid ones, never silently ignored.
 */
function toolArguments<Shape extends z.ZodRawShape>(shape: Shape) {
	const valid = Object.keys(shape).join(', ')
	return z.strictObject(shape, {
		error: (issue) =>
			issue.code === 'unrecognized_keys'
				? `unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}; this tool takes ${valid}`
				: undefined,
	})
}

const place = z
	.string()
	.min(1)
	.max(100)
	.describe('An Arizona city, town or five-digit ZIP code, as a person would say it: "Flagstaff", "Sun City West", "85004", "St. Johns".')

const language = z
	.enum(['en', 'es'])
	.optional()
	.describe(
		'The language of the answer’s sentences: "en" (English, the default) or "es" (Spanish). The text and every sentence of the structured content (notes, rules, titles, errors) are in that language, and links go to the site’s pages in it; the florist network’s product names stay as it sends them.',
	)

const arrangement = z.object({
	code: z.string().nullable().describe('The florist network’s code for the arrangement ("BD01"): what arrangement_details takes.'),
	title: z.string(),
	description: z.string().nullable().describe('The florist network’s own description, as it sends it.'),
	size: z.string().nullable().describe('The arrangement’s size as the florist network states it, when it does.'),
	price: z.number().nullable().describe('The partner’s listed price in US dollars, before its service charge and tax.'),
	deliveredPrice: z
		.number()
		.nullable()
		.describe('The whole price delivered to the ZIP (service charge and tax included), where the partner’s totals are at hand.'),
	deliveredTo: z
		.string()
		.nullable()
		.describe('The place the delivered price was quoted for, "Town, AZ ZIP": the listed town whose ZIP the florist network was asked about.'),
	earliestDate: z.string().nullable().describe('YYYY-MM-DD: the earliest delivery to the place that can be ordered now.'),
	photoUrl: z.string().nullable(),
	orderUrl: z.string().describe('The partner’s order page for this arrangement, with the site’s affiliate id.'),
})

const deliveryOnDate = z
	.object({
		date: z.string(),
		weekday: z.string(),
		deliverable: z.boolean().describe('Whether delivery on the date can be ordered for the place now.'),
		reason: z
			.enum(['past', 'past-cutoff', 'days-notice', 'not-offered-by-network', 'beyond-window', 'sunday', 'holiday'])
			.nullable()
			.describe(
				'Why not: the day has passed, past today’s cut-off, a day’s notice needed, not offered by the florist network, not open yet, a Sunday or a holiday.',
			),
		holiday: z.enum(['new-years-day', 'thanksgiving', 'christmas-day']).optional(),
		orderBy: z.string().nullable().describe('The last moment to order for the date: YYYY-MM-DDTHH:MM in Arizona time (America/Phoenix).'),
		sentence: z.string().describe('The same in the language asked, with the earliest date that can be ordered when the date cannot.'),
	})
	.nullable()
	.describe('The delivery date asked about (input date), or null.')

const reach = z
	.enum(['metro', 'regional', 'remote'])
	.describe('metro: same-day on normal days; regional: same-day for most addresses in town; remote: order a day ahead.')

/** An arrangement's lines in an answer's text: its name, code and prices, its description and size, and its order link. */
function arrangementLines(item: Arrangement, lang: Lang): string[] {
	const said = agent[lang].text.arrangements
	const price = item.price === null ? said.priceOnPage : dollars(item.price)
	const delivered = item.deliveredPrice === null ? '' : fill(said.delivered, { amount: dollars(item.deliveredPrice), place: item.deliveredTo ?? '' })
	const code = item.code ? ` (${fill(said.code, { code: item.code })})` : ''
	const about = [item.description ?? '', item.size ? fill(said.size, { size: item.size }) : ''].filter(Boolean).join(' ')
	return [`- ${item.title}${code}: ${price}${delivered}.${about ? ` ${about}` : ''} ${fill(said.order, { url: item.orderUrl })}`]
}

/** find_arrangements' answer as readable text, line by line. */
function arrangementsText(found: Awaited<ReturnType<typeof findArrangements>>, maxPrice: number | undefined, lang: Lang): string {
	const said = agent[lang].text.arrangements
	const under = maxPrice ? fill(said.under, { amount: `$${maxPrice}` }) : ''
	return [
		withNote(fill(said.heading, { occasion: found.occasion, town: found.town, zip: found.zip }), found.note),
		...(found.listNote ? [found.listNote] : []),
		found.deliveryRule,
		...(found.delivery ? [found.delivery.sentence] : []),
		...(found.earliestDate ? [fill(said.earliest, { place: found.town, date: found.earliestDate })] : []),
		...(found.filterNote ? [found.filterNote] : []),
		found.arrangements.length > 0
			? found.arrangements.flatMap((item) => arrangementLines(item, lang)).join('\n')
			: fill(said.none, { under, url: found.browseUrl }),
		found.priceNote,
		agent[lang].disclosure,
	].join('\n')
}

/** arrangement_details' answer as readable text, line by line. */
function detailsText(found: Awaited<ReturnType<typeof arrangementDetails>>, lang: Lang): string {
	const said = agent[lang].text.arrangements
	const item = found.arrangement
	return [
		...(found.town && found.zip ? [withNote(fill(said.heading, { occasion: item.title, town: found.town, zip: found.zip }), found.note)] : []),
		...(!found.town && found.note ? [found.note] : []),
		...(found.deliveryRule ? [found.deliveryRule] : []),
		...(item.earliestDate && found.town ? [fill(said.earliest, { place: found.town, date: item.earliestDate })] : []),
		...arrangementLines(item, lang),
		...(found.occasions.length > 0 ? [fill(said.lists, { list: found.occasions.join(', ') })] : []),
		found.priceNote,
		agent[lang].disclosure,
	].join('\n')
}

/** A line and the note that follows it, each ending in one full stop. */
function withNote(line: string, note: string | null): string {
	const stop = (text: string) => `${text.replace(/[.\s]+$/, '')}.`
	return note ? `${stop(line)} ${stop(note)}` : stop(line)
}

/** A tool's answer: readable text for the agent and the same facts as structured content. */
/** A list line of the town's notes ('Hospitals: A (note); B.'), or nothing for an empty list. */
function listed(line: string, places: readonly { name: string; note?: string }[]): string {
	if (places.length === 0) return ''
	return fill(line, { list: places.map((place) => (place.note ? `${place.name} (${place.note})` : place.name)).join('; ') })
}

function answer<T extends Record<string, unknown>>(text: string, structured: T) {
	return { content: [{ type: 'text' as const, text }], structuredContent: structured }
}

/** A question the site cannot answer, as a sentence the agent can pass on; anything else is logged and said plainly, in the language asked. */
function toolError(error: unknown, lang: Lang) {
	if (!(error instanceof AgentInputError)) log.warn({ err: error }, 'agent tool failed')
	const text = error instanceof AgentInputError ? error.message : agent[lang].failed
	return { isError: true, content: [{ type: 'text' as const, text }] }
}

/** Each tool's title, description and schemas, built once: a server per request only refers to them. */
const FIND_ARRANGEMENTS = {
	title: 'Find flower arrangements for an Arizona town',
	description: `Arrangements the florist network delivers to an Arizona city, town or ZIP, for an occasion or for any (every occasion’s list together), optionally with a flower or colour, under a budget and cheapest first, and whether a date can be delivered. One call answers a sender’s whole question. Each arrangement has its code, description, size, price, the whole delivered price for the place (and the place it was quoted for), the earliest date it can arrive, a photo and the order link. Occasions: ${getCategories()
		.map((category) => category.slug)
		.join(', ')}, and everyday words for others (a wedding, thanks, Christmas, a quinceañera), answered from the nearest list with a note saying which.`,
	inputSchema: toolArguments({
		place,
		occasion: z
			.string()
			.min(1)
			.max(100)
			.optional()
			.describe(
				'The occasion, by slug ("birthday-flowers"), name ("Sympathy & Funeral") or in everyday words, English or Spanish ("mom", "día de las madres", "wedding", "gracias", "quinceañera"). Without it, every occasion’s arrangements.',
			),
		maxPrice: z
			.number()
			.positive()
			.max(10_000)
			.optional()
			.describe('The most the person wants to pay, in US dollars, delivered where the delivered price is known.'),
		sort: z.enum(['price', 'partner']).optional().describe('"price": cheapest first; "partner": the florist network’s own order (default).'),
		limit: z.number().int().min(1).max(24).optional().describe('How many arrangements to return (default 10).'),
		flower: z
			.string()
			.min(2)
			.max(40)
			.optional()
			.describe('A flower the arrangements should have, in English or Spanish ("roses", "girasoles"), as the partner’s names and descriptions say.'),
		color: z.string().min(2).max(40).optional().describe('A colour, in English or Spanish ("pink", "rojo"), as the partner’s names and descriptions say.'),
		language,
		date: z
			.string()
			.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
			.optional()
			.describe('A delivery date, YYYY-MM-DD: the answer says whether it can be ordered for the place now, by when, or why not.'),
	}),
	outputSchema: z.object({
		town: z.string(),
		zip: z.string(),
		occasion: z.string(),
		listNote: z.string().nullable().describe('Where the occasion asked for has no list of its own: which list answers it.'),
		note: z.string().nullable(),
		reach,
		deliveryRule: z.string(),
		earliestDate: z.string().nullable().describe('YYYY-MM-DD: the earliest delivery to the place that can be ordered now.'),
		delivery: deliveryOnDate,
		arrangements: z.array(arrangement),
		filterNote: z.string().nullable(),
		priceNote: z.string(),
		browseUrl: z.string(),
		pageUrl: z.string(),
	}),
	annotations: { readOnlyHint: true, openWorldHint: false },
}

const serviceDate = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
	.optional()
	.describe('For flowers before a funeral or memorial service: the date of the service, YYYY-MM-DD. Give serviceTime with it.')
const serviceTime = z
	.string()
	.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM, 24-hour')
	.optional()
	.describe('The time of the service on the town’s own clock, HH:MM on a 24-hour clock ("10:00", "14:30").')

const DELIVERY_DATES = {
	title: 'Delivery dates and cut-off for an Arizona town',
	description:
		'The delivery dates that can still be ordered for an Arizona ZIP, town or place (the earliest first), today’s order cut-off in Arizona time (Arizona keeps no daylight saving time; the Navajo Nation does), and whether same-day delivery is possible there now. With serviceDate and serviceTime, also the funeral question: by when to order so flowers arrive at least an hour before the service, or, when that is too late, the earliest delivery to the family’s home.',
	inputSchema: toolArguments({ place, language, serviceDate, serviceTime }),
	outputSchema: z.object({
		town: z.string(),
		zip: z.string(),
		note: z.string().nullable(),
		reach,
		sameDayPossibleNow: z.boolean().describe('Whether flowers ordered now can still be delivered today.'),
		cutoff: z.string(),
		clock: z.array(z.string()).describe('The place’s clock where it differs from Arizona time (the Navajo Nation keeps daylight saving time).'),
		arizonaTimeNow: z.string(),
		deliveryRule: z.string(),
		earliestDate: z
			.string()
			.nullable()
			.describe('YYYY-MM-DD: the earliest delivery date that can be ordered now; null when the florist network offers none yet.'),
		deliveryDates: z
			.array(z.string())
			.describe('YYYY-MM-DD dates that can be ordered now (the next 14 at most): the rule above over the florist network’s own dates.'),
		deliveryDays: z.array(z.object({ date: z.string(), weekday: z.string() })).describe('The dates above, each with its weekday.'),
		listedThrough: z.string().nullable().describe('YYYY-MM-DD: the last day this answer speaks for (the last date listed).'),
		refusedDates: z
			.array(
				z.object({
					date: z.string(),
					weekday: z.string(),
					reason: z.enum(['past-cutoff', 'days-notice', 'not-offered-by-network', 'beyond-window', 'sunday', 'holiday']),
					holiday: z.enum(['new-years-day', 'thanksgiving', 'christmas-day']).optional(),
				}),
			)
			.describe(
				'The days from today through listedThrough that cannot be ordered, each with its reason: past today’s cut-off, a day’s notice needed, left out by the florist network’s own dates, or (when those are not at hand) a Sunday or a holiday the network keeps.',
			),
		partnerDatesKnown: z.boolean().describe('Whether the florist network’s own dates were at hand; when false, the dates follow the rule alone.'),
		service: z
			.object({
				answer: z.enum(['in-time', 'too-late', 'past']),
				deliverOn: z.string().nullable().describe('YYYY-MM-DD: the day to deliver on, before the service; null when too late or past.'),
				bySlot: z.string().nullable().describe('On the service’s own day, the delivery slot (“by 9:00 AM”, Arizona time); null for a day before.'),
				orderBy: z.string().nullable().describe('The last moment to order for deliverOn: YYYY-MM-DDTHH:MM in Arizona time (America/Phoenix).'),
				serviceDayRefused: z.string().nullable().describe('Why not the day of the service itself: too-early, a refusal reason, or null.'),
				homeDelivery: z
					.object({ date: z.string(), orderBy: z.string() })
					.nullable()
					.describe('When too late: the earliest delivery to the family’s home, and by when to order it (Arizona time).'),
				sentences: z.array(z.string()).describe('The answer in the language asked.'),
			})
			.nullable()
			.describe('The funeral question’s answer, when serviceDate and serviceTime were given; else null.'),
		peakDays: z
			.array(
				z.object({
					peak: z.enum(['valentines-day', 'mothers-day', 'dia-de-las-madres', 'christmas']),
					date: z.string().describe('YYYY-MM-DD: the day this year.'),
					weekday: z.string(),
					closed: z
						.enum(['sunday', 'new-years-day', 'thanksgiving', 'christmas-day'])
						.nullable()
						.describe('Why the florist network does not deliver on the day itself; null when it does.'),
					deliverOn: z.string().describe('YYYY-MM-DD: the day to have flowers delivered for it (the open day before a closed day, while it is still ahead).'),
					deliverOnWeekday: z.string(),
					orderableNow: z.boolean().describe('Whether deliverOn can still be ordered for this place.'),
					orderBy: z
						.string()
						.nullable()
						.describe('The last moment to order for deliverOn here: YYYY-MM-DDTHH:MM in Arizona time; null when it cannot be ordered.'),
					sentences: z.array(z.string()).describe('The same in the language asked.'),
				}),
			)
			.describe('The peak days of the next 45 days (Valentine’s Day, US Mother’s Day, the 10 de mayo, Christmas), planned for this place.'),
		orderUrl: z.string(),
	}),
	annotations: { readOnlyHint: true, openWorldHint: false },
}

const ARRANGEMENT_DETAILS = {
	title: 'One arrangement’s details',
	description:
		'One arrangement by the code or order link find_arrangements gave: its description, size, photo, price and order link, the occasions whose lists hold it, and for a place, the whole delivered price there and the earliest date it can arrive.',
	inputSchema: toolArguments({
		arrangement: z.string().min(2).max(400).describe('The arrangement’s code ("BD01") or its orderUrl, as find_arrangements returned it.'),
		place: place.optional(),
		language,
	}),
	outputSchema: z.object({
		town: z.string().nullable(),
		zip: z.string().nullable(),
		note: z.string().nullable(),
		deliveryRule: z.string().nullable(),
		arrangement,
		occasions: z.array(z.string()),
		priceNote: z.string(),
	}),
	annotations: { readOnlyHint: true, openWorldHint: false },
}

const TOWN_NOTES = {
	title: 'What to know when sending flowers to an Arizona town',
	description:
		'A town’s hospitals and what to put on an order for a patient, where funerals are held and its cemeteries, the weather that matters to flowers, its clock, and how the florist reaches it, from the site’s own checked facts.',
	inputSchema: toolArguments({ place, language }),
	outputSchema: z.object({
		town: z.string(),
		county: z.string(),
		note: z.string().nullable(),
		reach,
		deliveryRule: z.string(),
		florist: z.string(),
		timeZone: z.string(),
		clock: z.array(z.string()),
		hospitals: z.array(z.object({ name: z.string(), note: z.string().optional(), emergencyOnly: z.literal(true).optional() })),
		hospitalNote: z.string().nullable(),
		cemeteries: z.array(z.string()),
		funeralNote: z.string().nullable(),
		weather: z.object({ summer: z.string(), winter: z.string(), monsoon: z.string().nullable() }).nullable(),
		pageUrl: z.string(),
	}),
	annotations: { readOnlyHint: true, openWorldHint: false },
}

/** What the endpoint keeps while the server runs (`createAgentEndpoint` makes it once, at start-up). */
export type AgentEndpointState = {
	/** The site the tools answer for, and the port it listens on. */
	site: { name: string; url: string; port: number }
	/**
	 * The tools/list answer, kept from the first one the SDK gives: the tools never change while the
	 * server runs, and writing their JSON Schemas anew cost as much CPU as a tool call.
	 */
	toolList: ListToolsResult | undefined
}

/** The site's read-only tools for agents, on one McpServer (one per request: the endpoint is stateless). */
export function createAgentServer(partner: PartnerServices, endpoint: AgentEndpointState): McpServer {
	const { site } = endpoint
	const server = new McpServer(
		{ name: site.name, version: '1.0.0' },
		{
			instructions:
				'A guide to sending flowers in Arizona. Orders are placed on Florist One through the links given (they carry the site’s affiliate id) and filled by its partner florists. Remote towns need an order a day ahead; every answer says which applies.',
		},
	)
	server.registerTool('find_arrangements', FIND_ARRANGEMENTS, async (input) => {
		const lang = input.language ?? 'en'
		try {
			const found = await findArrangements(partner, input, site.url)
			return answer(arrangementsText(found, input.maxPrice, lang), found)
		} catch (error) {
			return toolError(error, lang)
		}
	})
	server.registerTool('arrangement_details', ARRANGEMENT_DETAILS, async (input) => {
		const lang = input.language ?? 'en'
		try {
			const found = await arrangementDetails(partner, input, site.url)
			return answer(detailsText(found, lang), found)
		} catch (error) {
			return toolError(error, lang)
		}
	})
	server.registerTool('delivery_dates', DELIVERY_DATES, async (input) => {
		const lang = input.language ?? 'en'
		const said = agent[lang].text.dates
		try {
			const dates = await deliveryDatesFor(partner, input)
			const text = [
				`${withNote(fill(said.heading, { town: dates.town, zip: dates.zip }), dates.note)} ${fill(said.now, { now: dates.arizonaTimeNow })}`,
				dates.deliveryRule,
				...dates.clock,
				fill(said.cutoff, { cutoff: dates.cutoff, answer: dates.sameDayPossibleNow ? said.yes : said.no }),
				dates.earliestDate ? fill(said.earliest, { earliest: dates.earliestDate, dates: dates.deliveryDates.join(', ') }) : said.none,
				...(dates.refusedDates.length > 0 && dates.listedThrough
					? [
							fill(said.refused, {
								through: dates.listedThrough,
								days: dates.refusedDates
									.map((day) => `${day.date} (${day.reason === 'holiday' ? said.reasons[day.holiday ?? 'christmas-day'] : said.reasons[day.reason]})`)
									.join(', '),
							}),
						]
					: []),
				...(dates.partnerDatesKnown ? [] : [said.ruleOnly]),
				...(dates.service?.sentences ?? []),
				...dates.peakDays.flatMap((peak) => peak.sentences),
				agent[lang].disclosure,
			].join('\n')
			return answer(text, dates)
		} catch (error) {
			return toolError(error, lang)
		}
	})
	server.registerTool('town_notes', TOWN_NOTES, async (input) => {
		const lang = input.language ?? 'en'
		const said = agent[lang].text.notes
		try {
			const notes = townNotes(partner, input, site.url)
			const text = [
				withNote(fill(said.heading, { town: notes.town, county: notes.county }), notes.note),
				notes.deliveryRule,
				notes.florist,
				...notes.clock,
				listed(
					said.hospitals,
					notes.hospitals.filter((hospital) => !hospital.emergencyOnly),
				),
				listed(
					said.emergencyOnly,
					notes.hospitals.filter((hospital) => hospital.emergencyOnly),
				),
				notes.hospitalNote ?? '',
				notes.funeralNote ?? '',
				notes.cemeteries.length > 0 ? fill(said.cemeteries, { list: notes.cemeteries.join('; ') }) : '',
				notes.weather ? `${notes.weather.summer} ${notes.weather.winter}${notes.weather.monsoon ? ` ${notes.weather.monsoon}` : ''}` : '',
				fill(said.more, { url: notes.pageUrl }),
				agent[lang].disclosure,
			]
				.filter(Boolean)
				.join('\n')
			return answer(text, notes)
		} catch (error) {
			return toolError(error, lang)
		}
	})
	// The tools are fixed while the server runs: it never sends notifications/tools/list_changed, so it does not offer it.
	server.server.registerCapabilities({ tools: { listChanged: false } })
	const known = endpoint.toolList
	if (known) server.server.setRequestHandler(ListToolsRequestSchema, () => known)
	return server
}
