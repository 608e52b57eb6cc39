import { addDays, compareDates, daysBetween, formatDate, sameDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import type { CityFacts } from '#app/domain/catalog-schema.ts'
import { ARIZONA_TIME_ZONE, arizonaNow, CUTOFF_HOUR, cutoffLabel, hoursAheadOfArizona } from '#app/domain/delivery.ts'
import { closedDay, type ClosedDay } from '#app/domain/delivery-calendar.ts'
import { fill } from '#app/domain/locale.ts'
import type { DeliveryMessages } from '#app/messages/delivery.server.ts'

/** The words the rule is told in, in the page's language (app/messages/delivery.server.ts). */
export type ReachWords = Pick<DeliveryMessages, 'dates' | 'time' | 'reach'>

/**
 * The one rule of reach: whether a place can get flowers on a date, and by when to order. Every
 * surface asks it and none derives it again: a page's header, cards, title and structured data,
 * the checker, the reminders' advice, the nearby-place pages and the agent tools.
 */

/** metro: same-day on normal days; regional: same-day to most addresses; remote: a day's notice. */
export type Reach = CityFacts['reach']

/** Beyond this many straight-line miles from its nearest town, a place never gets that town's same-day promise. */
const SAME_DAY_MAX_MILES = 20

/** Where flowers go: a town with a page, or a named place and the nearest town that has one. */
export type ReachPlace = {
	/** The name a visitor reads: 'Tuba City', 'Quartzsite'. */
	name: string
	/** The reach of the town (for a place without a page, of its nearest town). */
	townReach: Reach
	/** The place's own clock: the Navajo Nation keeps daylight saving time, the Hopi villages and the rest of Arizona do not. */
	timeZone: string
	/** A place without a page: its nearest town with one, how far in a straight line, and that town's clock. */
	from?: { town: string; miles: number; timeZone: string }
}

/** The reach a place gets: its town's, except that a place far from its nearest town gets a day's notice. */
export function reachOf(place: ReachPlace): Reach {
	return place.from && place.from.miles > SAME_DAY_MAX_MILES ? 'remote' : place.townReach
}

/** How far a place lies from the town that stands in for it, said plainly. */
function distanceClause(place: ReachPlace, words: ReachWords): string | undefined {
	if (!place.from) return undefined
	return fill(words.reach.distance, { place: place.name, miles: place.from.miles, town: place.from.town })
}

/**
 * What a place's pages and answers may promise, whatever the hour: the header line, the first
 * service card, the structured data's service and the rule's sentence. The spec's words ("Same Day
 * Delivery Available", "Same Day Delivery") stand wherever they are true.
 */
export function reachPromise(place: ReachPlace, words: ReachWords) {
	const reach = reachOf(place)
	const distance = distanceClause(place, words)
	const clauses = { cutoff: words.reach.cutoff, slots: words.reach.slots, distance: distance ?? '' }
	if (reach === 'remote') {
		const said = words.reach.dayAhead
		return {
			reach,
			sameDay: false,
			headerNote: said.headerNote,
			cardTitle: said.cardTitle,
			serviceName: said.serviceName,
			rule: fill(!distance ? said.rule : place.townReach === 'remote' ? said.ruleFar : said.ruleBeyondSameDay, clauses),
		} as const
	}
	const said = words.reach.sameDay
	const rule = fill(reach === 'regional' ? (place.from ? said.ruleMostAddressesNear : said.ruleMostAddresses) : said.rule, clauses)
	return {
		reach,
		sameDay: true,
		headerNote: said.headerNote,
		cardTitle: said.cardTitle,
		serviceName: said.serviceName,
		rule: distance ? fill(said.withDistance, { distance, rule }) : rule,
	} as const
}

/** The clock a place's cut-off is told by, on a day: Arizona time, and the place's own where it differs. */
type PlaceClock = { name: string; timeZone: string }

/** How long ahead of today the dates a visitor may pick are listed. */
const DATES_AHEAD = 60

/**
 * Why a date from today on cannot be ordered now: today's cut-off has passed (`past-cutoff`), the
 * place needs a day's notice (`days-notice`), the network's calendar keeps no delivery that day (a
 * Sunday or a holiday, when the network gives no dates of its own), or the network's own dates
 * leave it out (`not-offered-by-network`).
 */
export type Refusal = { reason: 'past-cutoff' } | { reason: 'days-notice' } | { reason: 'not-offered-by-network' } | ClosedDay

/**
 * What may be promised for a place at an instant, given the dates the florist network offers for
 * its ZIP (`offered`; null or empty when the network cannot say, and the rule alone applies):
 * - `earliest`: the earliest delivery date that can be ordered now;
 * - `dates`: the dates a visitor may pick (orderable, within 60 days);
 * - `orderable(date)` and `deadline(date)`: whether a date can still be ordered, and by when;
 * - `sameDayNow`: today itself can still be ordered;
 * - `cutoff`: today's same-day cut-off on the place's clock;
 * - the promise (`reachPromise`) and its rule's sentence.
 */
export function reachAt(place: ReachPlace, now: Date, words: ReachWords, offered?: readonly CalendarDate[] | null) {
	const promise = reachPromise(place, words)
	const { today, hour } = arizonaNow(now)
	const beforeCutoff = hour < CUTOFF_HOUR
	const clock: PlaceClock = { name: place.name, timeZone: place.timeZone }
	const known = offered && offered.length > 0 ? [...offered].sort(compareDates) : null
	// Without the network's dates, its calendar: no Sundays, no holidays it keeps.
	const isOffered = (date: CalendarDate) => (known ? known.some((candidate) => sameDate(candidate, date)) : !closedDay(date))
	// Same-day: today until the cut-off, then tomorrow. A day's notice: tomorrow until the cut-off, then the day after.
	const first = addDays(today, (promise.sameDay ? 0 : 1) + (beforeCutoff ? 0 : 1))
	const orderable = (date: CalendarDate) => daysBetween(first, date) >= 0 && isOffered(date)
	/** The first orderable date on or after `from`, if the network offers one. */
	const nextOrderable = (from: CalendarDate): CalendarDate | undefined => {
		const start = daysBetween(first, from) > 0 ? from : first
		if (known) return known.find((date) => daysBetween(start, date) >= 0)
		// A run of closed days is short: a Sunday beside a holiday at most.
		let date = start
		while (closedDay(date)) date = addDays(date, 1)
		return date
	}
	/** Why `date` (today or later) cannot be ordered now; undefined when it can. */
	const refusal = (date: CalendarDate): Refusal | undefined => {
		if (daysBetween(first, date) < 0) {
			if (promise.sameDay || (daysBetween(today, date) > 0 && !beforeCutoff)) return { reason: 'past-cutoff' }
			return { reason: 'days-notice' }
		}
		if (known) return isOffered(date) ? undefined : { reason: 'not-offered-by-network' }
		return closedDay(date)
	}
	const earliest = nextOrderable(first)
	/** By when to order for `date` (an orderable date), in the words the checker and the agents use. */
	const deadline = (date: CalendarDate): string => {
		const days = daysBetween(today, date)
		const dayBefore = addDays(date, -1)
		const todayDeadline = fill(words.reach.deadlineToday, { cutoff: cutoffLabel(today, words, clock) })
		if (promise.sameDay) {
			if (days === 0) return todayDeadline
			if (days === 1) return words.reach.deadlineTonight
			return fill(words.reach.deadlineDate, { date: formatDate(dayBefore, words.dates) })
		}
		return days === 1
			? todayDeadline
			: fill(words.reach.deadlineDayBefore, { cutoff: cutoffLabel(dayBefore, words, clock), date: formatDate(dayBefore, words.dates) })
	}
	const dates: CalendarDate[] = []
	for (let day = 0; day <= DATES_AHEAD; day += 1) {
		const date = addDays(today, day)
		if (orderable(date)) dates.push(date)
	}
	return {
		...promise,
		place,
		today,
		hour,
		sameDayNow: orderable(today),
		/** The first date the rule allows, before the network's own dates are asked. */
		firstByRule: first,
		earliest,
		dates,
		orderable,
		nextOrderable,
		refusal,
		deadline,
		/** Today's same-day cut-off: '2:00 PM', or both clocks where the place's differs. */
		cutoff: cutoffLabel(today, words, clock),
		/** The cut-off on another day, on the place's clock that day. */
		cutoffOn: (date: CalendarDate) => cutoffLabel(date, words, clock),
		/** How many hours the place's clock is ahead of Arizona time today (0 or 1). */
		hoursAhead: hoursAheadOfArizona(place.timeZone, today),
		/** Whether the network's own dates were known when this was answered. */
		partnerDatesKnown: known !== null,
	}
}

/**
 * The place's clock in sentences, where it is not plain Arizona time: the Navajo Nation keeps
 * daylight saving time; a place that keeps Arizona time beside a town that does not is said too.
 */
export function clockSentences(place: ReachPlace, words: ReachWords): string[] {
	const said = words.reach.clock
	const deadline = reachOf(place) === 'remote' ? said.dayAheadDeadline : said.sameDayDeadline
	if (place.timeZone !== ARIZONA_TIME_ZONE) return [fill(said.daylightSaving, { place: place.name, deadline })]
	if (place.from && place.from.timeZone !== ARIZONA_TIME_ZONE) {
		return [fill(said.arizonaBesideNavajo, { place: place.name, town: place.from.town, deadline })]
	}
	return []
}
