import type { City, CityContent, CityFacts, FaqItem } from '#app/domain/catalog-schema.ts'
import { ARIZONA_TIME_ZONE } from '#app/domain/delivery.ts'
import { reachPromise, type Reach, type ReachPlace } from '#app/domain/reach.ts'
import { clockSentences, promiseWords, type ReachWords } from '#app/domain/reach-words.ts'
import { distanceKm, type LatLng } from '#app/domain/geo.ts'
import { citySlug } from '#app/domain/slugs.ts'
import { localPath } from '#app/domain/paths.ts'
import { fill, LOCALE, type Lang } from '#app/words/locale.ts'
import type { CityPageMessages } from '#app/words/city-page-words.server.ts'
import { placeKey, type PlaceAnswer } from '#app/domain/zip-search.ts'
import { distinctQuestions } from '#app/domain/questions.ts'

/** The longest title a search result shows whole. */
export const TITLE_MAX = 60

/** 'a' or 'an' before a word, by its first sound as far as letters tell (an Eloy, an Ajo, a Yuma). */
export function article(word: string): 'a' | 'an' {
	return /^[aeiou]/i.test(word) ? 'an' : 'a'
}

export type Florist = CityFacts['florist']

/** The words a town's page is built in, in one language: its own (app/words/city-page-words.server.ts) and the rule of reach's. */
export type CityPageWords = { lang: Lang; city: CityPageMessages; delivery: ReachWords }

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/**
 * The page title: SPEC §2's default where it fits in 60 characters and is true (a florist based in
 * the town, a reach that allows same-day); otherwise a shorter form that still names the city and
 * "flower delivery".
 */
export function defaultCityTitle(name: string, words: CityPageMessages, reach: Reach = 'metro', florist: Florist = 'in-town'): string {
	const candidates = reach === 'remote' ? words.title.remote : florist === 'in-town' ? words.title.inTown : words.title.nearby
	return candidates.map((title) => fill(title, { name })).find((title) => title.length <= TITLE_MAX) ?? fill(words.title.short, { name })
}

/** Who brings the flowers, in words true of the town: local florists only where one is based there. */
function whoDelivers(name: string, reach: Reach, florist: Florist, words: CityPageMessages): string {
	if (florist === 'in-town') return fill(words.who.inTown, { name })
	return reach === 'remote' ? fill(words.who.remote, { name }) : words.who.nearby
}

export function defaultCityDescription(name: string, words: CityPageMessages, reach: Reach = 'metro', florist: Florist = 'in-town'): string {
	if (reach === 'remote') return fill(words.description.remote, { name })
	const where = reach === 'regional' ? fill(words.description.mostAddresses, { name }) : ''
	return fill(words.description.sameDay, { name, where, who: whoDelivers(name, reach, florist, words) })
}

function heroIntro(name: string, reach: Reach, florist: Florist, words: CityPageMessages): string {
	return fill(words.hero[reach], { name, Who: capitalized(whoDelivers(name, reach, florist, words)) })
}

function deliveryOnTime(name: string, reach: Reach, words: CityPageMessages): string {
	return fill(reach === 'remote' ? words.onTime.remote : words.onTime.sameDay, { name })
}

/** The four service cards; the first says what delivery the town really gets, and none repeats the page's cut-off rule. */
function serviceCards(name: string, reach: Reach, cardTitle: string, words: CityPageMessages) {
	const values = { name, a: article(name) }
	return [
		{ title: cardTitle, fallback: fill(words.cards[reach], values) },
		{ title: words.cards.birthday, fallback: fill(words.cards.birthdayText, values) },
		{ title: words.cards.sympathy, fallback: fill(words.cards.sympathyText, values) },
		{ title: words.cards.wedding, fallback: fill(words.cards.weddingText, values) },
	] as const
}

/** Parses the file's geoCoordinates (numeric strings), else the city's own coordinates. */
function cityGeo(city: City, content: CityContent): LatLng {
	const lat = Number(content.geoCoordinates?.lat)
	const lng = Number(content.geoCoordinates?.lng)
	return Number.isFinite(lat) && Number.isFinite(lng) && content.geoCoordinates ? { lat, lng } : { lat: city.lat, lng: city.lng }
}

const KM_PER_MILE = 1.609344

/** Straight-line miles between two places, rounded. */
export function milesBetween(a: LatLng, b: LatLng): number {
	return Math.round(distanceKm(a, b) / KM_PER_MILE)
}

/** Which way `place` lies from `from`, as one of eight compass words (north first, then clockwise). */
export function compassDirection(from: LatLng, place: LatLng, compass: readonly string[]): string {
	const toRad = (deg: number) => (deg * Math.PI) / 180
	const y = Math.sin(toRad(place.lng - from.lng)) * Math.cos(toRad(place.lat))
	const x =
		Math.cos(toRad(from.lat)) * Math.sin(toRad(place.lat)) - Math.sin(toRad(from.lat)) * Math.cos(toRad(place.lat)) * Math.cos(toRad(place.lng - from.lng))
	const bearing = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360
	return compass[Math.round(bearing / 45) % 8] ?? compass[0] ?? ''
}

/** Phoenix and Tucson: the two cities every distance on the site is told from. */
export const HUB_SLUGS = ['phoenix', 'tucson'] as const

/** What is derived for a city rather than written: its clock, where it lies from the nearest hub, its ZIPs' places. */
export type CityDerived = {
	timeZone: string
	hubs: readonly City[]
	zipPlaces: ReadonlyMap<string, string>
}

function hubSentence(city: City, hubs: readonly City[], words: CityPageMessages): string | undefined {
	const nearest = hubs
		.filter((hub) => hub.slug !== city.slug)
		.map((hub) => ({ hub, miles: milesBetween(city, hub) }))
		.sort((a, b) => a.miles - b.miles)[0]
	if (!nearest) return undefined
	const { hub, miles } = nearest
	if (miles < 5) return undefined
	return fill(words.hub, { name: city.name, miles, direction: compassDirection(hub, city, words.compass), hub: hub.name, km: Math.round(miles * KM_PER_MILE) })
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
function nearTexts(near: PlaceAnswer, town: City, place: ReachPlace, promise: ReturnType<typeof reachPromise>, words: CityPageWords) {
	const said = words.city.near
	const where = fill(said.where, { place: near.place, miles: near.miles, direction: compassDirection(town, near, words.city.compass), town: town.name })
	const dayAhead = !promise.sameDay
	const values = { place: near.place, where, most: promise.reach === 'regional' ? said.most : '' }
	return {
		heading: fill(said.heading, values),
		title:
			(dayAhead ? said.titlesDayAhead : said.titlesSameDay).map((title) => fill(title, values)).find((title) => title.length <= TITLE_MAX) ??
			fill(said.short, values),
		description: fill(dayAhead ? said.descriptionDayAhead : said.descriptionSameDay, values),
		heroIntro: fill(dayAhead ? said.heroDayAhead : said.heroSameDay, values),
		deliveryOnTime: deliveryOnTime(near.place, promise.reach, words.city),
		clock: clockSentences(place, words.delivery),
	}
}

/**
 * The place a town's page speaks for, for the rule of reach: the town itself, or the place without
 * a page it stands in for (`near`), with the town's reach and each one's clock.
 */
export function reachPlaceOf(city: City, content: CityContent, derived?: CityDerived, near?: PlaceAnswer): ReachPlace {
	const townReach: Reach = content.facts?.reach ?? 'metro'
	const timeZone = derived?.timeZone ?? ARIZONA_TIME_ZONE
	if (!near) return { name: city.name, townReach, timeZone }
	const dayAhead = (content.facts?.dayAheadPlaces ?? []).some((name) => placeKey(name) === placeKey(near.place))
	return { name: near.place, townReach, timeZone: near.timeZone, from: { town: city.name, miles: near.miles, timeZone, dayAhead } }
}

/** What a town's page says of the florists who deliver there: its facts' note, and how far the nearest hub lies. */
export function floristNetworkOf(city: City, content: CityContent, said: CityPageMessages, derived?: CityDerived): string[] {
	if (content.floristNetworkOverride) return content.floristNetworkOverride
	const hub = derived ? hubSentence(city, derived.hubs, said) : undefined
	return [...(content.facts ? [content.facts.reachNote] : []), ...(hub ? [hub] : [])]
}

/**
 * Everything the city page shows: the city's facts first, the spec's defaults where the file is
 * silent. With `near`, the page stands in for a place without a page of its own, and every promise
 * on it is the place's (`reachPromise`): a place far from the town never gets the town's same-day.
 */
export function buildCityPage(city: City, content: CityContent, nearby: readonly City[], words: CityPageWords, derived?: CityDerived, near?: PlaceAnswer) {
	const said = words.city
	const { lang } = words
	const name = city.name
	const facts = content.facts
	const florist: Florist = facts?.florist ?? 'in-town'
	const place = reachPlaceOf(city, content, derived, near)
	const promised = reachPromise(place)
	const promise = { ...promised, ...promiseWords(promised, place, words.delivery) }
	const reach = promise.reach
	const zipCodes = content.zipCodes ?? city.zipCodes
	// The town's own questions, each asked once: a later one that asks what an earlier one did is left out.
	const faq = distinctQuestions([...(content.faqOverrides ?? []), ...(facts?.faq ?? [])], name)
	const placeTexts = near ? nearTexts(near, city, place, promise, words) : undefined
	return {
		slug: city.slug,
		name,
		/** The place the page speaks for: the town, or the place without a page it stands in for. */
		place,
		heading: placeTexts?.heading ?? fill(said.heading, { name }),
		/** Shown above the page and repeated in its structured data. */
		crumbs: [
			{ name: said.crumbs.home, path: localPath(lang, '/') },
			{ name: said.crumbs.cities, path: localPath(lang, '/cities') },
			{ name, path: localPath(lang, '/cities/:slug', { slug: city.slug }) },
		],
		county: city.county,
		population: city.population,
		reach,
		timeZone: place.timeZone,
		florist,
		promise,
		title: placeTexts?.title ?? content.seoTitle ?? defaultCityTitle(name, said, reach, florist),
		description: placeTexts?.description ?? content.seoDescription ?? defaultCityDescription(name, said, reach, florist),
		heroIntro: placeTexts?.heroIntro ?? content.heroIntroOverride ?? heroIntro(name, reach, florist, said),
		zipCodes,
		geo: near ? { lat: near.lat, lng: near.lng } : cityGeo(city, content),
		whyChoose: near ? [] : (content.whyChooseOverride ?? (facts ? [facts.setting] : [said.advice[reach]])),
		deliveryOnTime: placeTexts?.deliveryOnTime ?? content.deliveryOnTime ?? deliveryOnTime(name, reach, said),
		clock: placeTexts?.clock ?? clockSentences(place, words.delivery),
		floristNetworkTitle: fill(florist === 'in-town' ? said.network.inTown : reach === 'remote' ? said.network.remote : said.network.nearby, { name }),
		floristNetwork: near ? [] : floristNetworkOf(city, content, said, derived),
		professionalFloral: (near ? undefined : content.professionalFloral) ?? fill(said.professionalFloral, { name: place.name }),
		services: serviceCards(place.name, reach, promise.cardTitle, said).map((card, index) => ({
			title: card.title,
			// The town's own card texts describe the town; a place it stands in for gets the cards' own words.
			description: (near ? undefined : content.categories?.[index]) ?? card.fallback,
		})),
		zipPlaces: zipCodes.map((zip) => ({ zip, place: derived?.zipPlaces.get(zip) })),
		local: facts && !near ? localSections(name, facts, said, lang) : [],
		faq: near ? [] : faq.length > 0 ? faq : defaultFaq(name, reach, said),
		nearbyTitle: near
			? fill(said.nearbyTitle.near, { name: near.place })
			: fill(nearbyAreFar(city, nearby) ? said.nearbyTitle.far : said.nearbyTitle.area, { name }),
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

/**
 * The hospitals section's heading: a hospital's only over a hospital that admits patients; over
 * emergency departments alone, emergency care; over no list, the hospitals near the town (the note
 * says where its patients are cared for).
 */
function hospitalsHeading(hospitals: CityFacts['hospitals']): 'hospital' | 'emergencyCare' | 'hospitalsNear' {
	if (hospitals.some((hospital) => !hospital.emergencyOnly)) return 'hospital'
	return hospitals.length > 0 ? 'emergencyCare' : 'hospitalsNear'
}

/** The city's own sections, each only where its facts exist: hospitals, funerals, weather, neighborhoods, colleges, senior living, bases. */
function localSections(name: string, facts: CityFacts, said: CityPageMessages, lang: Lang): LocalSection[] {
	const feet = facts.elevationFt.toLocaleString(LOCALE[lang])
	const values = { name, a: article(name), feet }
	const sections: LocalSection[] = [
		{
			id: 'hospitals',
			title: fill(said.sections[hospitalsHeading(facts.hospitals)], values),
			paragraphs: facts.hospitalNote ? [facts.hospitalNote] : [],
			items: facts.hospitals,
		},
		{
			id: 'funerals',
			title: fill(said.sections.funerals, values),
			paragraphs: facts.funeralNote ? [facts.funeralNote] : [],
			items: facts.cemeteries.map((cemetery) => ({ name: cemetery })),
		},
		{
			id: 'weather',
			title: fill(said.sections.weather, values),
			paragraphs: [facts.weather.summer, facts.weather.winter, ...(facts.weather.monsoon ? [facts.weather.monsoon] : [])],
			items: [],
		},
		{
			id: 'places',
			title: fill(said.sections.places, values),
			paragraphs: [],
			items: [
				...facts.neighborhoods.map((place) => ({ name: place })),
				...facts.landmarks.map((landmark) => ({ name: landmark, note: said.sections.landmark })),
			],
		},
		{ id: 'colleges', title: fill(said.sections.colleges, values), paragraphs: [], items: facts.colleges.map((college) => ({ name: college })) },
		{ id: 'senior-living', title: fill(said.sections.senior, values), paragraphs: [], items: facts.seniorCommunities.map((place) => ({ name: place })) },
		{ id: 'bases', title: fill(said.sections.bases, values), paragraphs: [], items: facts.militaryBases },
	]
	return sections.filter((section) => section.paragraphs.length > 0 || section.items.length > 0)
}

/** Only for a city without facts of its own (a new file not yet written): what holds everywhere. */
function defaultFaq(name: string, reach: Reach, said: CityPageMessages): FaqItem[] {
	return [{ question: fill(said.defaultQuestion, { name }), answer: said.advice[reach] }]
}
