import { addDays, compareDates, daysBetween, sameDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import type { CityFacts } from '#app/domain/catalog-schema.ts'
import { ARIZONA_TIME_ZONE, arizonaNow, CUTOFF_HOUR, hoursAheadOfArizona } from '#app/domain/delivery.ts'
import { closedDay, type ClosedDay } from '#app/domain/delivery-calendar.ts'

/**
 * The one rule of reach: whether a place can get flowers on a date, and by when to order, as facts.
 * Every surface asks it and none derives it again: a page's header, cards, title and structured data,
 * the checker and its date picker, the reminders' advice, the nearby-place pages and the agent tools.
 * No words go in and no sentence comes out: app/domain/reach-words.ts says the facts in a language.
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
	/**
	 * A place without a page: its nearest town with one, how far in a straight line, that town's
	 * clock, and whether the town's own page says its florist needs a day's notice for the place.
	 */
	from?: { town: string; miles: number; timeZone: string; dayAhead?: boolean }
}

/**
 * The reach a place gets: its town's, except that a place far from its nearest town, or one the
 * town's page says its florist reaches only with a day's notice, gets a day's notice.
 */
export function reachOf(place: ReachPlace): Reach {
	if (place.from && (place.from.dayAhead || place.from.miles > SAME_DAY_MAX_MILES)) return 'remote'
	return place.townReach
}

/**
 * What a place's pages and answers may promise, whatever the hour: its reach, whether that allows
 * same-day delivery, and, for a place without a page, how far it lies from the town standing in for it.
 */
export function reachPromise(place: ReachPlace) {
	const reach = reachOf(place)
	return { reach, sameDay: reach !== 'remote', townReach: place.townReach, from: place.from } as const
}

export type ReachPromise = ReturnType<typeof reachPromise>

/**
 * The last moment to order: a date, an hour and minute on Arizona's clock (the time zone every
 * deadline is kept in), and how many hours the place's own clock is ahead of Arizona's then (0 or 1).
 */
export type Deadline = { date: CalendarDate; hour: number; minute: number; timeZone: typeof ARIZONA_TIME_ZONE; placeHoursAhead: number }

/** How long ahead of today the dates a visitor may pick reach, when the network gives no dates of its own. */
const DATES_AHEAD = 60

/**
 * Why a date from today on cannot be ordered now: today's cut-off has passed (`past-cutoff`), the
 * place needs a day's notice (`days-notice`), the network's calendar keeps no delivery that day (a
 * Sunday or a holiday, when the network gives no dates of its own), the network's own dates leave
 * it out (`not-offered-by-network`), or it lies past the last date the answer speaks for (`beyond-window`).
 */
export type Refusal = { reason: 'past-cutoff' } | { reason: 'days-notice' } | { reason: 'not-offered-by-network' } | { reason: 'beyond-window' } | ClosedDay

/**
 * What may be promised for a place at an instant, given the dates the florist network offers for
 * its ZIP (`offered`; null or empty when the network cannot say, and the rule alone applies):
 * - `earliest`: the earliest delivery date that can be ordered now;
 * - `dates`: the dates a visitor may pick, through `windowEnd` (60 days ahead, or the network's last date);
 * - `orderable(date)`, `refusal(date)` and `deadline(date)`: whether a date can still be ordered, why
 *   not, and by when;
 * - `sameDayNow`: today itself can still be ordered;
 * - `cutoff`: today's same-day cut-off.
 */
export function reachAt(place: ReachPlace, now: Date, offered?: readonly CalendarDate[] | null) {
	const promise = reachPromise(place)
	const { today, hour } = arizonaNow(now)
	const beforeCutoff = hour < CUTOFF_HOUR
	const known = offered && offered.length > 0 ? [...offered].sort(compareDates) : null
	const windowEnd = known?.at(-1) ?? addDays(today, DATES_AHEAD)
	// Without the network's dates, its calendar: no Sundays, no holidays it keeps.
	const isOffered = (date: CalendarDate) => (known ? known.some((candidate) => sameDate(candidate, date)) : !closedDay(date))
	// Same-day: today until the cut-off, then tomorrow. A day's notice: tomorrow until the cut-off, then the day after.
	const first = addDays(today, (promise.sameDay ? 0 : 1) + (beforeCutoff ? 0 : 1))
	const inWindow = (date: CalendarDate) => daysBetween(first, date) >= 0 && daysBetween(date, windowEnd) >= 0
	const orderable = (date: CalendarDate) => inWindow(date) && isOffered(date)
	/** The first orderable date on or after `from`, within the window. */
	const nextOrderable = (from: CalendarDate): CalendarDate | undefined => {
		for (let date = daysBetween(first, from) > 0 ? from : first; daysBetween(date, windowEnd) >= 0; date = addDays(date, 1)) {
			if (isOffered(date)) return date
		}
		return undefined
	}
	/** Why `date` (today or later) cannot be ordered now; undefined when it can. */
	const refusal = (date: CalendarDate): Refusal | undefined => {
		if (daysBetween(first, date) < 0) {
			if (promise.sameDay || (daysBetween(today, date) > 0 && !beforeCutoff)) return { reason: 'past-cutoff' }
			return { reason: 'days-notice' }
		}
		if (daysBetween(date, windowEnd) < 0) return { reason: 'beyond-window' }
		if (known) return isOffered(date) ? undefined : { reason: 'not-offered-by-network' }
		return closedDay(date)
	}
	const at = (date: CalendarDate, hour: number, minute = 0): Deadline => ({
		date,
		hour,
		minute,
		timeZone: ARIZONA_TIME_ZONE,
		placeHoursAhead: hoursAheadOfArizona(place.timeZone, date),
	})
	/**
	 * By when to order for `date` (an orderable date). Same-day towns: 2:00 PM on the day itself for
	 * today, and by the end of the day before for later dates. A day's notice: 2:00 PM the day before.
	 */
	const deadline = (date: CalendarDate): Deadline => {
		const dayBefore = addDays(date, -1)
		if (!promise.sameDay) return at(dayBefore, CUTOFF_HOUR)
		return daysBetween(today, date) === 0 ? at(today, CUTOFF_HOUR) : at(dayBefore, 23, 59)
	}
	const dates: CalendarDate[] = []
	for (let date = today; daysBetween(date, windowEnd) >= 0; date = addDays(date, 1)) {
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
		earliest: nextOrderable(first),
		dates,
		/** The last date this answer speaks for. */
		windowEnd,
		orderable,
		nextOrderable,
		refusal,
		deadline,
		/** Today's same-day cut-off. */
		cutoff: at(today, CUTOFF_HOUR),
		/** The same-day cut-off on another day. */
		cutoffOn: (date: CalendarDate) => at(date, CUTOFF_HOUR),
		/** Whether the network's own dates were known when this was answered. */
		partnerDatesKnown: known !== null,
	}
}

export type ReachAnswer = ReturnType<typeof reachAt>
