import { addDays, daysBetween, formatDate, sameDate, type CalendarDate } from '#app/domain/calendar-date.ts'

/**
 * Delivery-on-time rules (SPEC §4 "Delivery checker"), always in Arizona time.
 * Arizona (America/Phoenix) keeps UTC-7 all year, so "today" and the current
 * hour never depend on the visitor's own time zone.
 */
export const ARIZONA_TIME_ZONE = 'America/Phoenix'
const CUTOFF_HOUR = 14
const FIRST_SLOT_HOUR = 9
const LAST_SLOT_HOUR = 17
export const SLOT_HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17] as const

export type DeliveryResult = {
	deliverable: boolean
	message: string
	deadline: string
}

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Arizona's offset from UTC: America/Phoenix has kept Mountain Standard Time, UTC-7, all year since 1968. */
const ARIZONA_OFFSET_MS = -7 * HOUR_MS

/**
 * Today's calendar date and the current hour in Arizona for an instant.
 * Plain arithmetic on the fixed offset rather than Intl: a page's first use of
 * Intl loads the locale data (44-76 ms in Chromium on the 2-core development
 * machine, unthrottled; a phone is slower), and this runs while the page starts.
 */
export function arizonaNow(instant: Date): { today: CalendarDate; hour: number } {
	const shifted = new Date(instant.getTime() + ARIZONA_OFFSET_MS)
	return {
		today: { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() },
		hour: shifted.getUTCHours(),
	}
}

/** A town whose clocks may differ from Arizona time (the Navajo Nation keeps daylight saving time). */
export type LocalClock = { name: string; timeZone: string }

/** How many hours the town's clock is ahead of Arizona time at 2:00 PM Arizona time on `date` (0 or 1 here). */
export function hoursAheadOfArizona(timeZone: string, date: CalendarDate): number {
	if (timeZone === ARIZONA_TIME_ZONE) return 0
	const cutoff = new Date(Date.UTC(date.year, date.month - 1, date.day, CUTOFF_HOUR + 7))
	const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(cutoff))
	return (((hour - CUTOFF_HOUR) % 24) + 24) % 24
}

/** The same-day cut-off on `date`: '2:00 PM', or both clocks where the town's differs ('2:00 PM Arizona time (3:00 PM in Tuba City)'). */
export function cutoffLabel(date: CalendarDate, clock?: LocalClock): string {
	const ahead = clock ? hoursAheadOfArizona(clock.timeZone, date) : 0
	return ahead === 0 || !clock ? '2:00 PM' : `2:00 PM Arizona time (${formatSlot(CUTOFF_HOUR + ahead)} in ${clock.name})`
}

/** 9 -> '9:00 AM', 17 -> '5:00 PM' */
export function formatSlot(hour: number): string {
	const suffix = hour < 12 ? 'AM' : 'PM'
	const twelve = hour % 12 === 0 ? 12 : hour % 12
	return `${twelve}:00 ${suffix}`
}

/** The first offered date on or after `from`, if any. */
function nextOfferedDate(offered: readonly CalendarDate[], from: CalendarDate): CalendarDate | undefined {
	return [...offered].sort((a, b) => daysBetween(b, a)).find((date) => daysBetween(from, date) >= 0)
}

/** The order deadline for delivery on `date`, seen from `today` (SPEC §4: tomorrow by 11:59 PM, later by the day before). */
function deadlineFor(today: CalendarDate, date: CalendarDate, dayAhead = false): string {
	const dayBefore = addDays(date, -1)
	if (dayAhead) return `2:00 PM Arizona time ${daysBetween(today, date) === 1 ? 'today' : `on ${formatDate(dayBefore)}`}`
	return daysBetween(today, date) === 1 ? '11:59 PM today' : formatDate(dayBefore)
}

/**
 * Whether flowers ordered now reach `city` on `date` by the slot hour.
 * Returns null when there is nothing to say: a date before today in Arizona,
 * or a slot outside 9 AM-5 PM. With the dates the florist network offers for
 * the city's ZIP (`offered`), a day it does not deliver (a Sunday, a holiday)
 * is never promised: the answer names the next date it offers instead.
 */
export function checkDelivery(input: {
	now: Date
	date: CalendarDate
	slotHour: number
	city: string
	offered?: readonly CalendarDate[] | null
	/** The town's own clock, where it may differ from Arizona time. */
	clock?: LocalClock
	/** A remote town, where same-day delivery cannot be promised: orders are due by the cut-off the day before. */
	dayAhead?: boolean
}): DeliveryResult | null {
	const result = input.dayAhead ? checkDayAhead(input) : checkByRules(input)
	const offered = input.offered
	if (!result || !offered || offered.length === 0) return result
	// A day-ahead town's refusal already names the earliest date; choosing it asks the network's dates again.
	if (input.dayAhead && !result.deliverable) return result
	const { today, hour } = arizonaNow(input.now)
	const slot = formatSlot(input.slotHour)
	const isOffered = (date: CalendarDate) => offered.some((candidate) => sameDate(candidate, date))
	const afterCutoff = sameDate(input.date, today) && hour >= CUTOFF_HOUR
	if (afterCutoff) {
		const tomorrow = addDays(today, 1)
		if (isOffered(tomorrow)) return result
		const next = nextOfferedDate(offered, tomorrow)
		return {
			deliverable: false,
			message: next
				? `Same-day deadline passed. The next delivery date the florist network offers in ${input.city} is ${formatDate(next)}, by ${slot}.`
				: `Same-day deadline passed, and the florist network offers no delivery date in ${input.city} yet.`,
			deadline: next ? deadlineFor(today, next, input.dayAhead) : 'Not available yet',
		}
	}
	if (isOffered(input.date)) return result
	const next = nextOfferedDate(offered, input.date)
	return {
		deliverable: false,
		message: next
			? `The florist network does not deliver in ${input.city} on ${formatDate(input.date)}. The next delivery date it offers is ${formatDate(next)}, by ${slot}.`
			: `The florist network offers no delivery date in ${input.city} on or after ${formatDate(input.date)} yet.`,
		deadline: next ? deadlineFor(today, next, input.dayAhead) : 'Not available yet',
	}
}

/** SPEC §4's table, with the passed-slot refinement. */
function checkByRules(input: { now: Date; date: CalendarDate; slotHour: number; city: string; clock?: LocalClock }): DeliveryResult | null {
	const { today, hour } = arizonaNow(input.now)
	const cutoff = cutoffLabel(today, input.clock)
	const days = daysBetween(today, input.date)
	const slot = formatSlot(input.slotHour)
	if (days < 0 || input.slotHour < FIRST_SLOT_HOUR || input.slotHour > LAST_SLOT_HOUR) return null

	if (days === 0) {
		if (hour >= CUTOFF_HOUR) {
			return {
				deliverable: false,
				message: `Same-day deadline passed. Your flowers will arrive by ${slot} tomorrow (${formatDate(addDays(today, 1))}).`,
				deadline: 'Next business day',
			}
		}
		// Never promise a time that has already gone by.
		if (input.slotHour <= hour) {
			const later = SLOT_HOURS.find((slotHour) => slotHour > hour)
			return {
				deliverable: false,
				message: `The ${slot} slot has already passed today. Choose ${later ? `${formatSlot(later)} or later` : 'a later slot'}, or delivery tomorrow (${formatDate(addDays(today, 1))}).`,
				deadline: `${cutoff} today`,
			}
		}
		return {
			deliverable: true,
			message: `Yes! Order before ${cutoff} today for delivery by ${slot} in ${input.city}.`,
			deadline: `${cutoff} today`,
		}
	}
	if (days === 1) {
		return {
			deliverable: true,
			message: `Perfect! Order today for delivery by ${slot} tomorrow in ${input.city}.`,
			deadline: '11:59 PM today',
		}
	}
	return {
		deliverable: true,
		message: `Yes! Order by the day before for delivery by ${slot} on ${formatDate(input.date)}.`,
		deadline: formatDate(addDays(input.date, -1)),
	}
}

/**
 * A remote town: the florist drives out, so the page's rule is an order by the cut-off on the day
 * before. Today is never promised; tomorrow only while today's cut-off has not passed.
 */
function checkDayAhead(input: { now: Date; date: CalendarDate; slotHour: number; city: string; clock?: LocalClock }): DeliveryResult | null {
	const { today, hour } = arizonaNow(input.now)
	const days = daysBetween(today, input.date)
	const slot = formatSlot(input.slotHour)
	if (days < 0 || input.slotHour < FIRST_SLOT_HOUR || input.slotHour > LAST_SLOT_HOUR) return null
	const earliest = addDays(today, hour < CUTOFF_HOUR ? 1 : 2)
	if (daysBetween(earliest, input.date) < 0) {
		return {
			deliverable: false,
			message: `Same-day delivery cannot be promised in ${input.city}: orders are due by 2:00 PM Arizona time the day before. The earliest delivery you can order now is ${formatDate(earliest)}, by ${slot}.`,
			deadline: `${cutoffLabel(addDays(input.date, -1), input.clock)} the day before (passed)`,
		}
	}
	const dayBefore = addDays(input.date, -1)
	return days === 1
		? {
				deliverable: true,
				message: `Yes! Order before ${cutoffLabel(today, input.clock)} today for delivery by ${slot} tomorrow in ${input.city}.`,
				deadline: `${cutoffLabel(today, input.clock)} today`,
			}
		: {
				deliverable: true,
				message: `Yes! Order by ${cutoffLabel(dayBefore, input.clock)} on ${formatDate(dayBefore)} for delivery by ${slot} on ${formatDate(input.date)}.`,
				deadline: `${cutoffLabel(dayBefore, input.clock)}, ${formatDate(dayBefore)}`,
			}
}

/** The instant (epoch ms) Arizona's day holding `now` began: its midnight. */
function arizonaDayStart(now: number): number {
	const arizonaWall = now + ARIZONA_OFFSET_MS
	return now - (((arizonaWall % DAY_MS) + DAY_MS) % DAY_MS)
}

/** The instant (epoch ms) Arizona's today ends, when anything said about "today" stops being true. */
export function arizonaDayEnd(now: number): number {
	return arizonaDayStart(now) + DAY_MS
}

/**
 * When an answer about delivery dates stops being true: at most an hour, and
 * never past the next 2:00 PM cut-off or Arizona midnight, when "today" changes.
 */
export function deliveryDatesExpiry(now: number): number {
	const { hour } = arizonaNow(new Date(now))
	const boundary = hour < CUTOFF_HOUR ? arizonaDayStart(now) + CUTOFF_HOUR * HOUR_MS : arizonaDayEnd(now)
	return Math.min(now + HOUR_MS, boundary)
}
