import { expect, test } from 'vitest'
import { formatDate as formatIn, parseIsoDate, weekday, type CalendarDate } from '#app/domain/calendar-date.ts'
import { delivery } from '#app/words/delivery-words.server.ts'

const formatDate = (date: CalendarDate, options?: Parameters<typeof formatIn>[2]) => formatIn(date, delivery.en.dates, options)

test('a date in words: with or without its weekday and year', () => {
	const date = { year: 2026, month: 11, day: 24 }
	expect(formatDate(date)).toBe('Tuesday, November 24')
	expect(formatDate(date, { year: true })).toBe('Tuesday, November 24, 2026')
	expect(formatDate(date, { weekday: false })).toBe('November 24')
	expect(formatDate(date, { weekday: false, year: true })).toBe('November 24, 2026')
})

test('a leap-day birthday kept in a common year reads February 29, never March 1', () => {
	expect(formatDate({ year: 2027, month: 2, day: 29 }, { weekday: false })).toBe('February 29')
})

test('the weekday of a date, Sunday first, in any year', () => {
	expect(weekday({ year: 2026, month: 11, day: 22 })).toBe(0)
	expect(weekday({ year: 2026, month: 11, day: 24 })).toBe(2)
	expect(weekday({ year: 2033, month: 5, day: 1 })).toBe(0)
	expect(weekday({ year: 1969, month: 12, day: 31 })).toBe(3)
	expect(weekday({ year: 2028, month: 2, day: 29 })).toBe(2)
})

test('YYYY-MM-DD is read only when it is a real date', () => {
	expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 })
	expect(parseIsoDate('2027-02-29')).toBeUndefined()
	expect(parseIsoDate('2027-2-9')).toBeUndefined()
})

test('month and weekday names agree with the English calendar on every day of a leap year', () => {
	const english = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
	for (let time = Date.UTC(2028, 0, 1); time < Date.UTC(2029, 0, 1); time += 86_400_000) {
		const at = new Date(time)
		const date = { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() }
		expect(formatDate(date, { year: true })).toBe(english.format(at))
	}
})
