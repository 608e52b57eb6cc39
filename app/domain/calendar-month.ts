import { addDays, daysBetween, weekday, type CalendarDate } from '#app/domain/calendar-date.ts'

/** A month's days as a calendar shows them, and the moves of a calendar's keys. */

export type Month = { year: number; month: number }

export const monthOf = (date: CalendarDate): Month => ({ year: date.year, month: date.month })
export const firstOf = (month: Month): CalendarDate => ({ ...month, day: 1 })
const shiftMonth = (month: Month, by: number): Month => {
	const index = month.year * 12 + month.month - 1 + by
	return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}
/** The same day of the month `by` months away, or that month's last day. */
export function shiftDay(date: CalendarDate, by: number): CalendarDate {
	const month = shiftMonth(monthOf(date), by)
	const last = addDays(firstOf(shiftMonth(month, 1)), -1).day
	return { ...month, day: Math.min(date.day, last) }
}

/** The weeks of a month, Sunday first (as US and Mexican calendars start them), with null outside the month. */
export function weeksOf(month: Month): (CalendarDate | null)[][] {
	const first = firstOf(month)
	const days = daysBetween(first, firstOf(shiftMonth(month, 1)))
	const cells: (CalendarDate | null)[] = [...Array<null>(weekday(first)).fill(null)]
	for (let day = 0; day < days; day++) cells.push(addDays(first, day))
	while (cells.length % 7 > 0) cells.push(null)
	return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
}

/** The move a key makes in the grid, in days or months; undefined for a key the grid leaves alone. */
export function keyMove(event: { key: string; shiftKey: boolean }, from: CalendarDate): CalendarDate | undefined {
	switch (event.key) {
		case 'ArrowLeft':
			return addDays(from, -1)
		case 'ArrowRight':
			return addDays(from, 1)
		case 'ArrowUp':
			return addDays(from, -7)
		case 'ArrowDown':
			return addDays(from, 7)
		case 'Home':
			return addDays(from, -weekday(from))
		case 'End':
			return addDays(from, 6 - weekday(from))
		case 'PageUp':
			return shiftDay(from, event.shiftKey ? -12 : -1)
		case 'PageDown':
			return shiftDay(from, event.shiftKey ? 12 : 1)
		default:
			return undefined
	}
}
