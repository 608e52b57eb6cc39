import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { addDays, formatDate as formatIn, isoDate, weekday, type CalendarDate } from '#app/domain/calendar-date.ts'
import { buildCityPage } from '#app/domain/city-page.ts'
import { checkDelivery as checkIn } from '#app/domain/delivery-check.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { cityPageWords } from '#app/server/page-words.server.ts'
import { structuredData } from '#app/words/structured-data-words.server.ts'
import { arizonaNow } from '#app/domain/delivery.ts'
import { cityServiceJsonLd, serviceNames } from '#app/domain/structured-data.ts'
import { deliveryDatesFor } from '#app/server/agents/agent-dates.server.ts'
import { createPartnerLinks } from '#app/domain/partner-links.ts'
import { getAllCities, getCityContent, getNearbyCities, getPartnerTemplates } from '#app/server/catalog-data.server.ts'
import { getCityDerived } from '#app/server/city-facts.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'
import { findPlace } from '#app/server/search/zip-codes.server.ts'

const formatDate = (date: CalendarDate) => formatIn(date, delivery.en.dates)
const checkDelivery = (input: Omit<Parameters<typeof checkIn>[0], 'words'>) => checkIn({ ...input, words: delivery.en })

/**
 * For every town with a page and every named place without one, at 13:59 and at 14:00 on a Friday
 * and a Saturday (the clock set here), the checker, the page (its title, description, header line,
 * cards, rule and structured data) and the agents' `delivery_dates` say the same thing, with the
 * florist network offering every day but Sundays.
 */

/** The places the pages name and the places people search for that have no page. */
const named = (JSON.parse(readFileSync('data/places.json', 'utf8')) as { places: { name: string }[] }).places.map((place) => place.name)
const PLACES = [...new Set([...named, 'Quartzsite', 'Sells', 'Window Rock', 'Second Mesa', 'Why', 'LeChee', 'Moenkopi', 'St. Johns', 'Fort Mohave'])]

const allButSundays = (today: CalendarDate) => Array.from({ length: 30 }, (_, index) => addDays(today, index)).filter((date) => weekday(date) !== 0)

/** The partner's REST answers: every day but Sundays, for any ZIP. */
function partnerAt(now: Date): PartnerServices {
	const dates = allButSundays(arizonaNow(now).today)
	return {
		deliveryDates: { get: async () => ({ dates, expiresAt: now.getTime() + 60_000 }) },
		links: createPartnerLinks(getPartnerTemplates(), { partnerBaseUrl: 'https://www.floristone.com', affiliateId: '12345' }),
	} as unknown as PartnerServices
}

/** The page a search for the subject opens, as the city route builds it. */
function pageFor(subject: string) {
	const town = getAllCities().find((city) => city.name === subject)
	const near = town ? undefined : findPlace(subject)
	const city = town ?? getAllCities().find((candidate) => candidate.slug === near?.city.slug)
	if (!city) throw new Error(`${subject}: no page answers for it`)
	const content = getCityContent(city.slug)
	return buildCityPage(city, content, getNearbyCities(city, content), cityPageWords('en'), getCityDerived(city), near)
}

const SAME_DAY = /\bsame[- ]day\b/i
const NEGATED = /\b(?:not|cannot|never|no)\b/i
/** Sentences that promise same-day delivery. */
const promisesSameDay = (text: string) => text.split(/(?<=[.!?|])\s+/).some((sentence) => SAME_DAY.test(sentence) && !NEGATED.test(sentence))

const TIMES = ['2026-11-27T13:59:00-07:00', '2026-11-27T14:00:00-07:00', '2026-11-28T13:59:00-07:00', '2026-11-28T14:00:00-07:00']
const subjects = [...getAllCities().map((city) => city.name), ...PLACES]

describe.each(subjects)('%s', (subject) => {
	test.each(TIMES)('at %s the checker, the page and delivery_dates agree', async (time) => {
		const now = new Date(time)
		const { today } = arizonaNow(now)
		const offered = allButSundays(today)
		const page = pageFor(subject)
		const agent = await deliveryDatesFor(partnerAt(now), { place: subject }, now)

		// The page's promise is the place's reach, and the agent's too; where same-day is not allowed, no text promises it.
		expect(agent.reach).toBe(page.reach)
		expect(agent.deliveryRule).toBe(page.promise.rule)
		expect(agent.town).toBe(page.place.name)
		const jsonLd = JSON.stringify(
			cityServiceJsonLd({
				businessName: 'Site',
				organizationId: 'o',
				description: page.description,
				cityName: page.place.name,
				serviceArea: [],
				services: serviceNames([], page.promise.serviceName, structuredData.en.city.services),
				url: 'u',
				words: structuredData.en.city,
			}),
		)
		const words = [
			page.title,
			page.description,
			page.heroIntro,
			page.promise.headerNote,
			page.services[0]?.title ?? '',
			page.services[0]?.description ?? '',
			page.promise.rule,
			jsonLd,
		]
		if (!page.promise.sameDay) for (const text of words) expect(promisesSameDay(text), `${subject}: "${text}"`).toBe(false)

		// Today: the checker's answer is the agent's "same-day possible now".
		const todayAnswer = checkDelivery({ now, date: today, slotHour: 17, place: page.place, offered })
		expect(todayAnswer?.deliverable, `${subject} today`).toBe(agent.sameDayPossibleNow)
		// The earliest date the agent names is the first the checker accepts, and the dates it lists are the ones the checker accepts.
		const accepted = Array.from({ length: 14 }, (_, index) => addDays(today, index)).filter(
			(date) => checkDelivery({ now, date, slotHour: 17, place: page.place, offered })?.deliverable,
		)
		expect(agent.earliestDate).toBe(accepted[0] ? isoDate(accepted[0]) : null)
		expect(agent.deliveryDates.filter((date) => date < isoDate(addDays(today, 14)))).toEqual(accepted.map(isoDate))
		// No same-day where the place's reach does not allow it, and none after the cut-off.
		if (!page.promise.sameDay || now.getUTCHours() >= 21) expect(agent.sameDayPossibleNow).toBe(false)
		// The checker's refusal of today names the earliest date, which it then accepts.
		if (todayAnswer && !todayAnswer.deliverable && accepted[0]) expect(todayAnswer.message).toContain(formatDate(accepted[0]))
	})
})
