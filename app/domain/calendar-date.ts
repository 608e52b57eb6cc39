import { fill } from '#app/words/locale.ts'
import type { DeliveryMessages } from '#app/words/delivery-words.server.ts'
/**
 * Calendar dates as Arizona reads them: a year, month and day with no time and no zone, so no
 * date ever slips to the day before through UTC midnight. Every page, file and answer that names
 * a day uses these.
 */
export type CalendarDate = { year: number; month: number; day: number }

/** A real calendar date from its parts (29 February only in a leap year), else undefined. */
export function calendarDate(year: number, month: number, day: number): CalendarDate | undefined {
	const check = new Date(Date.UTC(year, month - 1, day))
	return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? { year, month, day } : undefined
}

function toDayNumber(date: CalendarDate): number {
	return Math.round(Date.UTC(date.year, date.month - 1, date.day) / 86_400_000)
}

function fromDayNumber(dayNumber: number): CalendarDate {
	const date = new Date(dayNumber * 86_400_000)
	return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
	return fromDayNumber(toDayNumber(date) + days)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
	return toDayNumber(to) - toDayNumber(from)
}

/** Negative, zero or positive as `a` is before, on or after `b`. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
	return daysBetween(b, a)
}

export const sameDate = (a: CalendarDate, b: CalendarDate) => compareDates(a, b) === 0

/** 'YYYY-MM-DD' */
export function isoDate(date: CalendarDate): string {
	return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`
}

/** A 'YYYY-MM-DD' date, if it is a real one. */
export function parseIsoDate(text: string): CalendarDate | undefined {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
	return match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : undefined
}

/** The day of the week: 0 for Sunday to 6 for Saturday. */
export function weekday(date: CalendarDate): number {
	// Day 0, 1 January 1970, was a Thursday.
	return (((toDayNumber(date) + 4) % 7) + 7) % 7
}

/** The words a date is written in: app/words/delivery-words.server.ts, in the page's language. */
export type DateWords = DeliveryMessages['dates']

/**
 * The date in words: 'Sunday, November 22' or 'domingo 22 de noviembre' by default; without the
 * weekday 'November 22', and with the year 'Sunday, November 22, 2026'. The month and day are
 * written as they are, so a leap-day birthday kept in a common year still reads 'February 29'.
 * The names come with the page's words rather than from Intl, which would load its locale data on a
 * phone's first render for twelve words.
 */
export function formatDate(
	date: CalendarDate,
	words: DateWords,
	{ weekday: withWeekday = true, year = false }: { weekday?: boolean; year?: boolean } = {},
): string {
	const monthDay = fill(words.monthDay, { month: words.months[date.month - 1] ?? '', day: date.day })
	const text = withWeekday ? fill(words.withWeekday, { weekday: words.weekdays[weekday(date)] ?? '', monthDay }) : monthDay
	return year ? fill(words.withYear, { date: text, year: date.year }) : text
}
