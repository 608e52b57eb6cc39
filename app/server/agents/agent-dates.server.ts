import { addDays, daysBetween, formatDate, isoDate, parseIsoDate, weekday, type CalendarDate } from '#app/domain/calendar-date.ts'
import type { NetworkHoliday } from '#app/domain/delivery-calendar.ts'
import { fill, LOCALE, type Lang } from '#app/words/locale.ts'
import { agent } from '#app/words/agent-answer-words.server.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { ARIZONA_TIME_ZONE, formatSlot } from '#app/domain/delivery.ts'
import { reachAt, type Deadline, type Reach, type ReachAnswer, type Refusal } from '#app/domain/reach.ts'
import { servicePlan, type ServicePlan } from '#app/domain/service-plan.ts'
import { cutoffClause, deadlineHour, deadlineWords, refusalWords, serviceSentences } from '#app/domain/reach-words.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'
import { peakDaysIn } from '#app/server/peak-days-ahead.server.ts'
import type { PeakDay } from '#app/domain/peak-days.ts'
import { AgentInputError, inTime, MAX_TEXT, PARTNER_WAIT_MS, resolvePlace, townFacts, type Until } from '#app/server/agents/agent-places.server.ts'

/**
 * The `delivery_dates` answer, and a date's answer inside `find_arrangements`: the one rule of reach
 * (`reachAt`) over the partner's dates for the place's ZIP, with weekdays, the refused days and their
 * reasons, peak days and a service's plan, in the language asked.
 */
/** A delivery date asked about: whether it can be ordered for the place now, by when, or why not. */
export type DateAnswer = {
	date: string
	weekday: string
	deliverable: boolean
	reason: Refusal['reason'] | 'past' | null
	holiday?: NetworkHoliday
	/** YYYY-MM-DDTHH:MM, Arizona time: the last moment to order for the date. */
	orderBy: string | null
	sentence: string
}

/** Whether a delivery date can be ordered for the place now, as the page's checker answers, in the language asked. */
export function dateAnswer(text: string, reach: ReachAnswer, lang: Lang): DateAnswer {
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
