import type { City, CityContent, CityFacts, FaqItem } from '#app/domain/catalog-schema.ts'
import { ARIZONA_TIME_ZONE } from '#app/domain/delivery.ts'
import { clockSentences, reachPromise, type Reach, type ReachPlace } from '#app/domain/reach.ts'
import { distanceKm, type LatLng } from '#app/domain/geo.ts'
import { citySlug } from '#app/domain/slugs.ts'
import { pagePath } from '#app/domain/paths.ts'
import type { PlaceAnswer } from '#app/domain/zip-search.ts'
import { distinctQuestions } from '#app/domain/questions.ts'

/** The longest title a search result shows whole. */
export const TITLE_MAX = 60

/** 'a' or 'an' before a word, by its first sound as far as letters tell (an Eloy, an Ajo, a Yuma). */
export function article(word: string): 'a' | 'an' {
	return /^[aeiou]/i.test(word) ? 'an' : 'a'
}

export type Florist = CityFacts['florist']

/**
 * The page title: SPEC §2's default where it fits in 60 characters and is true (a florist based in
 * the town, a reach that allows same-day); otherwise a shorter form that still names the city and
 * "flower delivery".
 */
export function defaultCityTitle(name: string, reach: Reach = 'metro', florist: Florist = 'in-town'): string {
	const candidates =
		reach === 'remote'
			? [`Flower Delivery ${name}, AZ | Order a Day Ahead`, `Flower Delivery ${name}, AZ`]
			: florist === 'in-town'
				? [`Flower Delivery ${name}, AZ | Same-Day ${name} Florist`, `Flower Delivery ${name}, AZ | Same-Day Florist`, `Flower Delivery ${name}, AZ`]
				: [`Flower Delivery ${name}, AZ | Same-Day Delivery`, `Flower Delivery ${name}, AZ`]
	return candidates.find((title) => title.length <= TITLE_MAX) ?? `${name} Flower Delivery`
}

/** Who brings the flowers, in words true of the town: local florists only where one is based there. */
function whoDelivers(name: string, reach: Reach, florist: Florist): string {
	if (florist === 'in-town') return `local ${name} florists`
	return reach === 'remote' ? `the florist who delivers to ${name}` : 'partner florists from nearby towns'
}

export function defaultCityDescription(name: string, reach: Reach = 'metro', florist: Florist = 'in-town'): string {
	if (reach === 'remote') return `Send fresh, hand-delivered flowers in ${name}, AZ. A florist in the partner network drives them out; order a day ahead.`
	const where = reach === 'regional' ? ` to most ${name} addresses` : ''
	return `Send fresh, hand-delivered flowers in ${name}, AZ. Same-day delivery${where} by ${whoDelivers(name, reach, florist)} when you order before 2:00 PM Arizona time.`
}

/** What each reach means for a sender: one sentence shared by every town of that reach (the FAQ of a town without facts). */
const REACH_ADVICE: Record<Reach, string> = {
	metro: 'Orders placed before 2:00 PM Arizona time are delivered the same day on normal days; later orders go out the next day.',
	regional: 'Orders placed before 2:00 PM Arizona time can go out the same day for most addresses in town; outlying homes may be delivered the next day.',
	remote: 'Same-day delivery cannot be promised here: order a day ahead, and earlier still before a holiday or a service with a fixed time.',
}

function heroIntro(name: string, reach: Reach, florist: Florist): string {
	if (reach === 'remote') return `Send fresh, hand-arranged flowers to ${name}. A florist in the partner network makes the trip out, so order a day ahead.`
	const who = whoDelivers(name, reach, florist)
	return `Send fresh, hand-arranged flowers ${reach === 'regional' ? 'to' : 'anywhere in'} ${name}. ${who.charAt(0).toUpperCase()}${who.slice(1)} deliver the same day${reach === 'regional' ? ' to most addresses' : ''} when you order before 2:00 PM Arizona time.`
}

function deliveryOnTime(name: string, reach: Reach): string {
	return reach === 'remote'
		? `${name} is a drive for the florist: pick the day you need the flowers there, and the checker tells you when to order.`
		: `Pick a delivery date and time to see whether flowers can still reach ${name} when you need them.`
}

/** The four service cards; the first says what delivery the town really gets, and none repeats the page's cut-off rule. */
function serviceCards(name: string, reach: Reach, cardTitle: string) {
	return [
		{
			title: cardTitle,
			fallback:
				reach === 'remote'
					? `Arrangements driven out to ${name} on the day you choose, ordered by the day before.`
					: reach === 'regional'
						? `Arrangements delivered the same day to most ${name} addresses; outlying homes can take longer.`
						: `Arrangements delivered the same day across ${name} on ordinary days.`,
		},
		{ title: 'Birthday Flowers', fallback: `Bright, cheerful bouquets to make ${article(name)} ${name} birthday special.` },
		{ title: 'Sympathy & Funeral', fallback: `Respectful arrangements for services, churches and family homes in ${name}.` },
		{ title: 'Wedding Flowers', fallback: `Bouquets and arrangements for ${name} weddings, showers and celebrations.` },
	] as const
}

/** Parses the file's geoCoordinates (numeric strings), else the city's own coordinates. */
function cityGeo(city: City, content: CityContent): LatLng {
	const lat = Number(content.geoCoordinates?.lat)
	const lng = Number(content.geoCoordinates?.lng)
	return Number.isFinite(lat) && Number.isFinite(lng) && content.geoCoordinates ? { lat, lng } : { lat: city.lat, lng: city.lng }
}

const KM_PER_MILE = 1.609344
const COMPASS = ['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest'] as const

/** Straight-line miles between two places, rounded. */
export function milesBetween(a: LatLng, b: LatLng): number {
	return Math.round(distanceKm(a, b) / KM_PER_MILE)
}

/** Which way `place` lies from `from`, as one of eight compass words. */
export function compassDirection(from: LatLng, place: LatLng): (typeof COMPASS)[number] {
	const toRad = (deg: number) => (deg * Math.PI) / 180
	const y = Math.sin(toRad(place.lng - from.lng)) * Math.cos(toRad(place.lat))
	const x =
		Math.cos(toRad(from.lat)) * Math.sin(toRad(place.lat)) - Math.sin(toRad(from.lat)) * Math.cos(toRad(place.lat)) * Math.cos(toRad(place.lng - from.lng))
	const bearing = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360
	return COMPASS[Math.round(bearing / 45) % 8] ?? 'north'
}

/** Phoenix and Tucson: the two cities every distance on the site is told from. */
export const HUB_SLUGS = ['phoenix', 'tucson'] as const

/** What is derived for a city rather than written: its clock, where it lies from the nearest hub, its ZIPs' places. */
export type CityDerived = {
	timeZone: string
	hubs: readonly City[]
	zipPlaces: ReadonlyMap<string, string>
}

function hubSentence(city: City, hubs: readonly City[]): string | undefined {
	const nearest = hubs
		.filter((hub) => hub.slug !== city.slug)
		.map((hub) => ({ hub, miles: milesBetween(city, hub) }))
		.sort((a, b) => a.miles - b.miles)[0]
	if (!nearest) return undefined
	const { hub, miles } = nearest
	if (miles < 5) return undefined
	return `${city.name} lies about ${miles} miles ${compassDirection(hub, city)} of ${hub.name} in a straight line (${Math.round(miles * KM_PER_MILE)} km); the road is longer.`
}

/**
 * The occasions a city's own facts put first in its sliders: get well near hospitals, sympathy
 * where there are senior communities, graduation in college towns; the most evidence first.
 */
export function cityEmphasis(facts: CityFacts | undefined): string[] {
	if (!facts) return []
	const evidence: [string, number][] = [
		['get-well-soon', facts.hospitals.length],
		['sympathy-funeral', facts.seniorCommunities.length + facts.cemeteries.length / 2],
		['graduation', facts.colleges.length],
	]
	return evidence
		.filter(([, weight]) => weight > 0)
		.sort((a, b) => b[1] - a[1])
		.map(([slug]) => slug)
}

/**
 * A place without a page that a town's page stands in for (`?near=` or `?zip=`): its own name,
 * reach and clock, and what the page says of it. Only what is known of the place is said: its
 * distance and direction from the town and its clock; the town's own facts, questions and
 * promises stay on the town's page.
 */
function nearTexts(near: PlaceAnswer, town: City, place: ReachPlace, promise: ReturnType<typeof reachPromise>) {
	const where = `${near.place} lies about ${near.miles} miles ${compassDirection(town, near)} of ${town.name} in a straight line, the nearest town we list`
	const dayAhead = !promise.sameDay
	const titles = dayAhead
		? [`Flowers to ${near.place}, AZ | Order a Day Ahead`, `Flowers to ${near.place}, AZ`]
		: [`Flowers to ${near.place}, AZ | Same-Day Delivery`, `Flowers to ${near.place}, AZ`]
	return {
		heading: `Flower Delivery to ${near.place}, AZ`,
		title: titles.find((title) => title.length <= TITLE_MAX) ?? `${near.place} Flower Delivery`,
		description: dayAhead
			? `Send flowers to ${near.place}, AZ. ${where}, so order a day ahead: a florist in the partner network makes the trip out.`
			: `Send flowers to ${near.place}, AZ. ${where}; partner florists deliver the same day${promise.reach === 'regional' ? ' to most addresses' : ''} when you order before 2:00 PM Arizona time.`,
		heroIntro: dayAhead
			? `Send fresh, hand-arranged flowers to ${near.place}. ${where}, so a florist in the partner network makes the trip out: order a day ahead.`
			: `Send fresh, hand-arranged flowers to ${near.place}. ${where}, and partner florists deliver the same day${promise.reach === 'regional' ? ' to most addresses' : ''} when you order before 2:00 PM Arizona time.`,
		deliveryOnTime: deliveryOnTime(near.place, promise.reach),
		clock: clockSentences(place),
	}
}

/**
 * Everything the city page shows: the city's facts first, the spec's defaults where the file is
 * silent. With `near`, the page stands in for a place without a page of its own, and every promise
 * on it is the place's (`reachPromise`): a place far from the town never gets the town's same-day.
 */
export function buildCityPage(city: City, content: CityContent, nearby: readonly City[], derived?: CityDerived, near?: PlaceAnswer) {
	const name = city.name
	const facts = content.facts
	const townReach: Reach = facts?.reach ?? 'metro'
	const florist: Florist = facts?.florist ?? 'in-town'
	const timeZone = derived?.timeZone ?? ARIZONA_TIME_ZONE
	const place: ReachPlace = near
		? { name: near.place, townReach, timeZone: near.timeZone, from: { town: name, miles: near.miles, timeZone } }
		: { name, townReach, timeZone }
	const promise = reachPromise(place)
	const reach = promise.reach
	const zipCodes = content.zipCodes ?? city.zipCodes
	const hub = derived ? hubSentence(city, derived.hubs) : undefined
	// The town's own questions, each asked once: a later one that asks what an earlier one did is left out.
	const faq = distinctQuestions([...(content.faqOverrides ?? []), ...(facts?.faq ?? [])], name)
	const placeTexts = near ? nearTexts(near, city, place, promise) : undefined
	return {
		slug: city.slug,
		name,
		/** The place the page speaks for: the town, or the place without a page it stands in for. */
		place,
		heading: placeTexts?.heading ?? `Flower Delivery in ${name}, AZ`,
		/** Shown above the page and repeated in its structured data. */
		crumbs: [
			{ name: 'Home', path: pagePath('/') },
			{ name: 'Cities', path: pagePath('/cities') },
			{ name, path: pagePath('/cities/:slug', { slug: city.slug }) },
		],
		county: city.county,
		population: city.population,
		reach,
		timeZone: place.timeZone,
		florist,
		promise,
		title: placeTexts?.title ?? content.seoTitle ?? defaultCityTitle(name, reach, florist),
		description: placeTexts?.description ?? content.seoDescription ?? defaultCityDescription(name, reach, florist),
		heroIntro: placeTexts?.heroIntro ?? content.heroIntroOverride ?? heroIntro(name, reach, florist),
		zipCodes,
		geo: near ? { lat: near.lat, lng: near.lng } : cityGeo(city, content),
		whyChoose: near ? [] : (content.whyChooseOverride ?? (facts ? [facts.setting] : [REACH_ADVICE[reach]])),
		deliveryOnTime: placeTexts?.deliveryOnTime ?? content.deliveryOnTime ?? deliveryOnTime(name, reach),
		clock: placeTexts?.clock ?? clockSentences(place),
		floristNetworkTitle:
			florist === 'in-town'
				? `Local florists serving ${name}`
				: reach === 'remote'
					? `The florist who delivers to ${name}`
					: `The florists who deliver to ${name}`,
		floristNetwork: near ? [] : (content.floristNetworkOverride ?? [...(facts ? [facts.reachNote] : []), ...(hub ? [hub] : [])]),
		professionalFloral: (near ? undefined : content.professionalFloral) ?? `Professional floral services for every occasion in ${place.name}.`,
		services: serviceCards(place.name, reach, promise.cardTitle).map((card, index) => ({
			title: card.title,
			// The town's own card texts describe the town; a place it stands in for gets the cards' own words.
			description: (near ? undefined : content.categories?.[index]) ?? card.fallback,
		})),
		zipPlaces: zipCodes.map((zip) => ({ zip, place: derived?.zipPlaces.get(zip) })),
		local: facts && !near ? localSections(name, facts) : [],
		faq: near ? [] : faq.length > 0 ? faq : defaultFaq(name, reach),
		nearbyTitle: near ? `Nearest towns to ${near.place}` : nearbyAreFar(city, nearby) ? `Nearest towns to ${name}` : `Service area near ${name}`,
		nearby: (near ? [city, ...nearby] : nearby)
			.map((other) => ({ name: other.name, slug: citySlug(other.name), miles: milesBetween(near ?? city, other) }))
			.sort((a, b) => (near ? a.miles - b.miles : 0)),
	}
}

/** Beyond this many straight-line miles a listed neighbour is a nearby town, not part of the same service area. */
const SERVICE_AREA_MILES = 30

function nearbyAreFar(city: City, nearby: readonly City[]): boolean {
	return nearby.some((place) => milesBetween(city, place) > SERVICE_AREA_MILES)
}

export type LocalSection = { id: string; title: string; paragraphs: string[]; items: { name: string; note?: string }[] }

/** The city's own sections, each only where its facts exist: hospitals, funerals, weather, neighborhoods, colleges, senior living, bases. */
function localSections(name: string, facts: CityFacts): LocalSection[] {
	const feet = facts.elevationFt.toLocaleString('en-US')
	const sections: LocalSection[] = [
		{
			id: 'hospitals',
			// A town without a hospital of its own: the note says where its patients are cared for.
			title: facts.hospitals.length > 0 ? `Sending flowers to ${article(name)} ${name} hospital` : `Hospitals near ${name}`,
			paragraphs: facts.hospitalNote ? [facts.hospitalNote] : [],
			items: facts.hospitals,
		},
		{
			id: 'funerals',
			title: `Funerals and memorials in ${name}`,
			paragraphs: facts.funeralNote ? [facts.funeralNote] : [],
			items: facts.cemeteries.map((cemetery) => ({ name: cemetery })),
		},
		{
			id: 'weather',
			title: `Weather and delivery at ${feet} feet`,
			paragraphs: [facts.weather.summer, facts.weather.winter, ...(facts.weather.monsoon ? [facts.weather.monsoon] : [])],
			items: [],
		},
		{
			id: 'places',
			title: `Neighborhoods and landmarks in ${name}`,
			paragraphs: [],
			items: [...facts.neighborhoods.map((place) => ({ name: place })), ...facts.landmarks.map((landmark) => ({ name: landmark, note: 'landmark' }))],
		},
		{ id: 'colleges', title: `Colleges in ${name}`, paragraphs: [], items: facts.colleges.map((college) => ({ name: college })) },
		{ id: 'senior-living', title: `Senior living in ${name}`, paragraphs: [], items: facts.seniorCommunities.map((place) => ({ name: place })) },
		{ id: 'bases', title: `Military bases near ${name}`, paragraphs: [], items: facts.militaryBases },
	]
	return sections.filter((section) => section.paragraphs.length > 0 || section.items.length > 0)
}

/** Only for a city without facts of its own (a new file not yet written): what holds everywhere. */
function defaultFaq(name: string, reach: Reach): FaqItem[] {
	return [
		{
			question: `Do you offer same-day flower delivery in ${name}?`,
			answer: REACH_ADVICE[reach],
		},
	]
}
