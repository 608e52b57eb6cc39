import { addDays, weekday, type CalendarDate } from '#app/domain/calendar-date.ts'

/**
 * The florist network's own calendar, for when it gives no dates of its own for a ZIP (no REST
 * credentials, or an answer without dates): the days it does not deliver. Florist One delivers every
 * day but Sundays and holidays, and its florists close on the three holidays below
 * (docs/partner.md, "The delivery calendar"). Where the network's per-ZIP dates are known, they
 * decide instead: a holiday it offers is offered.
 */

/** The holidays no delivery is promised on without the network's word, with the rule of each date. */
export const NETWORK_HOLIDAYS = {
	/** 1 January. */
	'new-years-day': (year: number): CalendarDate => ({ year, month: 1, day: 1 }),
	/** The fourth Thursday of November. */
	thanksgiving: (year: number): CalendarDate => {
		const firstThursday = 1 + ((4 - weekday({ year, month: 11, day: 1 }) + 7) % 7)
		return { year, month: 11, day: firstThursday + 21 }
	},
	/** 25 December. */
	'christmas-day': (year: number): CalendarDate => ({ year, month: 12, day: 25 }),
} as const

export type NetworkHoliday = keyof typeof NETWORK_HOLIDAYS

/** Why the network's calendar keeps no delivery on a day. */
export type ClosedDay = { reason: 'sunday' } | { reason: 'holiday'; holiday: NetworkHoliday }

/** The reason a date is closed on the network's calendar, or undefined for a delivery day. */
export function closedDay(date: CalendarDate): ClosedDay | undefined {
	for (const [holiday, dateIn] of Object.entries(NETWORK_HOLIDAYS) as [NetworkHoliday, (year: number) => CalendarDate][]) {
		const day = dateIn(date.year)
		if (day.month === date.month && day.day === date.day) return { reason: 'holiday', holiday }
	}
	return weekday(date) === 0 ? { reason: 'sunday' } : undefined
}

/** The last delivery day before `date` on the network's calendar. */
export function openDayBefore(date: CalendarDate): CalendarDate {
	let day = addDays(date, -1)
	while (closedDay(day)) day = addDays(day, -1)
	return day
}

/** The first delivery day after `date` on the network's calendar. */
export function openDayAfter(date: CalendarDate): CalendarDate {
	let day = addDays(date, 1)
	while (closedDay(day)) day = addDays(day, 1)
	return day
}
