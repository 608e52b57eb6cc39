import ICAL from 'ical.js'
import { expect, test } from 'vitest'
import type { CalendarDate } from '~/domain/calendar-date.ts'
import { birthdayTooSoon, DATED_OCCASIONS, monthDayOf, nextBirthday, nextOccurrence, reminderCalendar, secondSunday } from '~/domain/reminders.ts'

const date = (text: string): CalendarDate => {
	const [year = 0, month = 0, day = 0] = text.split('-').map(Number)
	return { year, month, day }
}

/** A birthday file as the site makes it for a visitor on `today`, read back by a real iCalendar parser. */
function birthdayFile(birthday: string, today: string) {
	const { month, day } = monthDayOf(birthday) ?? { month: 0, day: 0 }
	const text = reminderCalendar({
		title: 'a birthday in Phoenix',
		day: nextBirthday(month, day, date(today)),
		url: 'https://flowers.example/cities/phoenix/',
		yearly: true,
		uid: 'birthday-test@flowers.example',
		now: new Date(`${today}T17:00:00Z`),
	})
	const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')
	if (!event) throw new Error('no event')
	const start = event.getFirstPropertyValue('dtstart') as ICAL.Time
	const recurrence = new ICAL.Event(event).iterator()
	const occurrences = Array.from({ length: 5 }, () => recurrence.next()?.toString())
	return {
		start: start.toString(),
		occurrences,
		summary: String(event.getFirstPropertyValue('summary')),
		description: String(event.getFirstPropertyValue('description')),
	}
}

test('Mother’s Day is the second Sunday of May, computed', () => {
	expect(secondSunday(2027, 5)).toEqual({ year: 2027, month: 5, day: 9 })
	expect(secondSunday(2026, 5)).toEqual({ year: 2026, month: 5, day: 10 })
	// A May that starts on a Sunday.
	expect(secondSunday(2033, 5)).toEqual({ year: 2033, month: 5, day: 8 })
	expect(DATED_OCCASIONS['mothers-day'].date(2027)).toEqual({ year: 2027, month: 5, day: 9 })
})

test('the next occasion is this year’s while its reminder is still ahead, else next year’s', () => {
	const valentines = DATED_OCCASIONS['valentines-day'].date
	expect(nextOccurrence(valentines, date('2027-02-11'))).toEqual(date('2027-02-14'))
	expect(nextOccurrence(valentines, date('2027-02-12'))).toEqual(date('2028-02-14'))
})

test('a birthday file is a yearly event three days before, with the text as sentences and no year in it', () => {
	const file = birthdayFile('1990-03-14', '2027-01-05')
	expect(file.start).toBe('2027-03-11')
	expect(file.occurrences).toEqual(['2027-03-11', '2028-03-11', '2029-03-11', '2030-03-11', '2031-03-11'])
	expect(file.summary).toBe('Order flowers for a birthday in Phoenix (March 14)')
	expect(file.description).toBe('A birthday in Phoenix is on March 14 every year. Order in good time for delivery: https://flowers.example/cities/phoenix/')
	expect(file.description).not.toMatch(/\b\d{4}\b/)
})

test('a birthday less than three days away starts with next year’s reminder, never one in the past', () => {
	expect(birthdayFile('1990-03-14', '2027-03-12').start).toBe('2028-03-11')
	// On the reminder's own day it is still ahead.
	expect(birthdayFile('1990-03-14', '2027-03-11').start).toBe('2027-03-11')
})

test('across the turn of the year: a reminder in December for a birthday in January', () => {
	expect(birthdayFile('1985-01-02', '2026-12-28').start).toBe('2026-12-30')
	expect(birthdayFile('1985-01-02', '2026-12-28').occurrences.slice(0, 2)).toEqual(['2026-12-30', '2027-12-30'])
	// 1 January's reminder (29 December) has passed on 30 December: the first is next December's.
	expect(birthdayFile('1985-01-01', '2026-12-30').start).toBe('2027-12-29')
})

test('a 29 February birthday keeps its date, and its reminder comes every year, leap or not', () => {
	for (const today of ['2027-01-10', '2028-01-10']) {
		const file = birthdayFile('2000-02-29', today)
		expect(file.summary).toBe('Order flowers for a birthday in Phoenix (February 29)')
		expect(file.description).toContain(
			'A birthday in Phoenix is on February 29. In the years without a February 29, the reminder still comes on February 26, two days before February 28.',
		)
		expect(file.description).not.toContain('February 28 every year')
		expect(file.start).toBe(`${today.slice(0, 4)}-02-26`)
	}
	// Seen from a common year, through the next leap year (2028) and beyond: every 26 February.
	expect(birthdayFile('2000-02-29', '2027-01-10').occurrences).toEqual(['2027-02-26', '2028-02-26', '2029-02-26', '2030-02-26', '2031-02-26'])
	// After this year's reminder, next year's.
	expect(birthdayFile('2000-02-29', '2028-02-27').start).toBe('2029-02-26')
})

test('a birthday must be a real calendar date; 29 February is one', () => {
	expect(monthDayOf('1996-02-29')).toEqual({ month: 2, day: 29 })
	expect(monthDayOf('1990-02-30')).toBeUndefined()
	expect(monthDayOf('1990-13-01')).toBeUndefined()
	expect(monthDayOf('1990-3-1')).toBeUndefined()
})

test('on the reminder’s own day, once its 9:00 AM alarm has rung, the next reminder is next year’s', () => {
	const valentines = DATED_OCCASIONS['valentines-day'].date
	expect(nextOccurrence(valentines, date('2027-02-11'), 8)).toEqual(date('2027-02-14'))
	expect(nextOccurrence(valentines, date('2027-02-11'), 9)).toEqual(date('2028-02-14'))
	expect(nextBirthday(3, 14, date('2027-03-11'), 15)).toEqual(date('2028-03-14'))
})

test('a birthday too close for this year’s reminder is told, with its date and how far away it is', () => {
	expect(birthdayTooSoon(3, 14, date('2027-03-12'))).toEqual({ day: date('2027-03-14'), daysAway: 2 })
	expect(birthdayTooSoon(3, 14, date('2027-03-14'))).toEqual({ day: date('2027-03-14'), daysAway: 0 })
	// Three days away: too close only once the 9:00 AM reminder has rung.
	expect(birthdayTooSoon(3, 14, date('2027-03-11'), 8)).toBeUndefined()
	expect(birthdayTooSoon(3, 14, date('2027-03-11'), 10)).toEqual({ day: date('2027-03-14'), daysAway: 3 })
	// Across the turn of the year, and far enough away.
	expect(birthdayTooSoon(1, 1, date('2027-12-30'))).toEqual({ day: date('2028-01-01'), daysAway: 2 })
	expect(birthdayTooSoon(3, 14, date('2027-03-01'))).toBeUndefined()
	expect(birthdayTooSoon(3, 14, date('2027-03-15'))).toBeUndefined()
})
