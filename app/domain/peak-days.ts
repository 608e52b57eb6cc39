import { daysBetween, type CalendarDate } from '#app/domain/calendar-date.ts'
import { closedDay, openDayAfter, openDayBefore, type ClosedDay } from '#app/domain/delivery-calendar.ts'
import { arizonaNow } from '#app/domain/delivery.ts'
import { DATED_OCCASIONS, type DatedOccasion } from '#app/domain/reminders.ts'

/** From this many days before a dated occasion, its page plans the day ahead. */
const PEAK_NOTICE_DAYS = 45

/**
 * A dated occasion seen from an instant, as facts: its day this year (the next one from today),
 * whether the network's calendar delivers on it and why not, and the days to deliver on instead
 * (the open day before it and the open day after). Undefined more than PEAK_NOTICE_DAYS ahead.
 * The order deadlines follow the rule of reach: 2:00 PM Arizona time on the day itself in the towns
 * with same-day delivery, on the day before in those that need a day's notice.
 */
export type PeakDayPlan = {
	occasion: DatedOccasion
	day: CalendarDate
	daysAway: number
	closed?: ClosedDay
	/** The open day before a closed day (when it is still to come), and the one after. */
	instead?: { before?: CalendarDate; after: CalendarDate }
	/** The day the plan is for: the day itself, or the day before it when that is still to come, else the day after. */
	deliverOn: CalendarDate
}

export function peakDayPlan(occasion: DatedOccasion, now: Date): PeakDayPlan | undefined {
	const { today } = arizonaNow(now)
	const dateIn = DATED_OCCASIONS[occasion].date
	const thisYear = dateIn(today.year)
	const day = daysBetween(today, thisYear) >= 0 ? thisYear : dateIn(today.year + 1)
	const daysAway = daysBetween(today, day)
	if (daysAway > PEAK_NOTICE_DAYS) return undefined
	const closed = closedDay(day)
	if (!closed) return { occasion, day, daysAway, deliverOn: day }
	const before = openDayBefore(day)
	const stillAhead = daysBetween(today, before) >= 0
	const instead = { ...(stillAhead ? { before } : {}), after: openDayAfter(day) }
	return { occasion, day, daysAway, closed, instead, deliverOn: stillAhead ? before : instead.after }
}
