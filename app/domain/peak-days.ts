import { daysBetween, type CalendarDate } from '#app/domain/calendar-date.ts'
import { closedDay, NETWORK_HOLIDAYS, openDayAfter, openDayBefore, type ClosedDay } from '#app/domain/delivery-calendar.ts'
import { arizonaNow } from '#app/domain/delivery.ts'
import { DATED_OCCASIONS } from '#app/domain/reminders.ts'

/** From this many days before a peak day, the site plans the day ahead. */
const PEAK_NOTICE_DAYS = 45

/**
 * The days senders plan for, with the rule of each date: the dated occasions the site has pages
 * for (Valentine's Day, US Mother's Day, the 10 de mayo) and Christmas, which has no page of its own
 * but is the year's other peak, and a day the network keeps no delivery on.
 */
const PEAK_DAYS = {
	'valentines-day': DATED_OCCASIONS['valentines-day'].date,
	'mothers-day': DATED_OCCASIONS['mothers-day'].date,
	'dia-de-las-madres': DATED_OCCASIONS['dia-de-las-madres'].date,
	christmas: NETWORK_HOLIDAYS['christmas-day'],
} as const satisfies Record<string, (year: number) => CalendarDate>

export type PeakDay = keyof typeof PEAK_DAYS

export function isPeakDay(slug: string): slug is PeakDay {
	return Object.hasOwn(PEAK_DAYS, slug)
}

/**
 * A peak day seen from an instant, as facts: its day this year (the next one from today),
 * whether the network's calendar delivers on it and why not, and the days to deliver on instead
 * (the open day before it and the open day after). Undefined more than PEAK_NOTICE_DAYS ahead.
 * The order deadlines follow the rule of reach: 2:00 PM Arizona time on the day itself in the towns
 * with same-day delivery, on the day before in those that need a day's notice.
 */
export type PeakDayPlan = {
	peak: PeakDay
	day: CalendarDate
	daysAway: number
	closed?: ClosedDay
	/** The open day before a closed day (when it is still to come), and the one after. */
	instead?: { before?: CalendarDate; after: CalendarDate }
	/** The day the plan is for: the day itself, or the day before it when that is still to come, else the day after. */
	deliverOn: CalendarDate
}

export function peakDayPlan(peak: PeakDay, now: Date): PeakDayPlan | undefined {
	const { today } = arizonaNow(now)
	const dateIn = PEAK_DAYS[peak]
	const thisYear = dateIn(today.year)
	const day = daysBetween(today, thisYear) >= 0 ? thisYear : dateIn(today.year + 1)
	const daysAway = daysBetween(today, day)
	if (daysAway > PEAK_NOTICE_DAYS) return undefined
	const closed = closedDay(day)
	if (!closed) return { peak, day, daysAway, deliverOn: day }
	const before = openDayBefore(day)
	const stillAhead = daysBetween(today, before) >= 0
	const instead = { ...(stillAhead ? { before } : {}), after: openDayAfter(day) }
	return { peak, day, daysAway, closed, instead, deliverOn: stillAhead ? before : instead.after }
}

/** Every peak day within PEAK_NOTICE_DAYS of an instant, the nearest first. */
export function upcomingPeakDays(now: Date): PeakDayPlan[] {
	return (Object.keys(PEAK_DAYS) as PeakDay[]).flatMap((peak) => peakDayPlan(peak, now) ?? []).sort((a, b) => a.daysAway - b.daysAway)
}
