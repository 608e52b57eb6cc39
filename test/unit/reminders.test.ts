import ICAL from 'ical.js'
import nodeIcal, { type VEvent } from 'node-ical'
import { expect, test } from 'vitest'
import { isoDate, parseIsoDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import {
	birthdayTooSoon,
	DATED_OCCASIONS,
	monthDayOf,
	nextBirthday,
	nextOccasion,
	nextOccurrence,
	occasionDays,
	secondSunday,
	type Reminder,
} from '#app/domain/reminders.ts'
import { reminderCalendar } from '#app/server/reminder-calendar.server.ts'
import { delivery } from '#app/words/delivery-words.server.ts'

/** A reminder's words as an English page's file has them. */
const ENGLISH = { dates: delivery.en.dates, event: delivery.en.reminders.event, closed: delivery.en.check.closed }
const SPANISH = { dates: delivery.es.dates, event: delivery.es.reminders.event, closed: delivery.es.check.closed }

const date = (text: string): CalendarDate => parseIsoDate(text) ?? { year: 0, month: 0, day: 0 }

const PHOENIX = 'https://flowers.example/cities/phoenix/'

/** The reminder the site makes for a birthday seen on `today`, in a city's page or none. */
function birthday(text: string, today: string, url = PHOENIX, title = 'a birthday in Phoenix'): Reminder {
	const { month, day } = monthDayOf(text) ?? { month: 0, day: 0 }
	return { title, day: nextBirthday(month, day, date(today)), url, yearly: true }
}

/** An occasion's reminder in a given year, as its page links it. */
function occasion(slug: keyof typeof DATED_OCCASIONS, year: number, lang: 'en' | 'es' = 'en'): Reminder {
	const { date: dateIn } = DATED_OCCASIONS[slug]
	return { title: delivery[lang].reminders.occasions[slug], ...occasionDays(dateIn(year)), url: `https://flowers.example/categories/${slug}/` }
}

/** The file's one event as ical.js reads it. */
function icalEvent(text: string) {
	const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')
	if (!event) throw new Error('no event')
	return event
}

/** The file's one event as a second, independent parser (node-ical) reads it. */
function nodeIcalEvent(text: string): VEvent {
	const events = Object.values(nodeIcal.sync.parseICS(text)).filter((component): component is VEvent => component?.type === 'VEVENT')
	expect(events).toHaveLength(1)
	const [event] = events
	if (!event) throw new Error('no event')
	return event
}

/** A date-only value from node-ical (a Date at midnight where the parser runs) as 'YYYY-MM-DD'. */
const dayOf = (value: Date) => isoDate({ year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() })

/** A birthday file as the site makes it for a visitor on `today`, read back by a real iCalendar parser. */
function birthdayFile(text: string, today: string) {
	const event = icalEvent(reminderCalendar(birthday(text, today), ENGLISH, new Date(`${today}T17:00:00Z`)))
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

test('a second parser (node-ical) reads the same file: an all-day event three days before, yearly, with its 9:00 AM alarm and UID', () => {
	const text = reminderCalendar(birthday('1990-03-14', '2027-01-05'), ENGLISH, new Date('2027-01-05T17:00:00Z'))
	const event = nodeIcalEvent(text)
	expect(event.uid).toBe(icalEvent(text).getFirstPropertyValue('uid'))
	expect(event.uid).toMatch(/^[0-9a-f]{32}@flowers\.example$/)
	expect(event.datetype).toBe('date')
	expect(event.start.dateOnly).toBe(true)
	expect(dayOf(event.start)).toBe('2027-03-11')
	expect(event.end && dayOf(event.end)).toBe('2027-03-12')
	expect(event.dtstamp.toISOString()).toBe('2027-01-05T17:00:00.000Z')
	expect(event.summary).toBe('Order flowers for a birthday in Phoenix (March 14)')
	expect(event.description).toBe(`A birthday in Phoenix is on March 14 every year. Order in good time for delivery: ${PHOENIX}`)
	expect(event.url).toBe(PHOENIX)
	expect(event.transparency).toBe('TRANSPARENT')
	expect(event.rrule?.toString()).toContain('RRULE:FREQ=YEARLY')
	const instances = nodeIcal.expandRecurringEvent(event, { from: new Date(2027, 0, 1), to: new Date(2030, 11, 31) })
	expect(instances.map((instance) => [dayOf(instance.start), instance.isFullDay])).toEqual([
		['2027-03-11', true],
		['2028-03-11', true],
		['2029-03-11', true],
		['2030-03-11', true],
	])
	expect(event.alarms).toHaveLength(1)
	const [alarm] = event.alarms ?? []
	expect(alarm?.action).toBe('DISPLAY')
	expect(alarm?.description).toBe('Order flowers for a birthday in Phoenix (March 14)')
	// node-ical keeps the trigger as written: nine hours after the start of the all-day event.
	expect(alarm?.trigger).toEqual({ params: { RELATED: 'START' }, val: 'PT9H' })
})

test('node-ical reads a 29 February birthday the same way: every 26 February, leap year or not', () => {
	const event = nodeIcalEvent(reminderCalendar(birthday('2000-02-29', '2027-01-10'), ENGLISH, new Date('2027-01-10T17:00:00Z')))
	expect(event.summary).toBe('Order flowers for a birthday in Phoenix (February 29)')
	const instances = nodeIcal.expandRecurringEvent(event, { from: new Date(2027, 0, 1), to: new Date(2030, 11, 31) })
	expect(instances.map((instance) => dayOf(instance.start))).toEqual(['2027-02-26', '2028-02-26', '2029-02-26', '2030-02-26'])
})

test('a one-off occasion has no rule: node-ical reads one event three days before its day, with its alarm', () => {
	const event = nodeIcalEvent(reminderCalendar(occasion('valentines-day', 2028), ENGLISH, new Date('2026-12-01T17:00:00Z')))
	expect(event.rrule).toBeUndefined()
	expect(dayOf(event.start)).toBe('2028-02-11')
	expect(event.summary).toBe('Order flowers for Valentine’s Day (February 14)')
	expect(event.description).toContain('Valentine’s Day is on Monday, February 14, 2028.')
	expect(event.alarms?.map((alarm) => alarm.trigger)).toEqual([{ params: { RELATED: 'START' }, val: 'PT9H' }])
})

test('an occasion on a Sunday aims at the Saturday before it: the reminder rings three days before the delivery day and says why', () => {
	const valentines = nodeIcalEvent(reminderCalendar(occasion('valentines-day', 2027), ENGLISH, new Date('2026-12-01T17:00:00Z')))
	expect(dayOf(valentines.start)).toBe('2027-02-10')
	expect(valentines.summary).toBe('Order flowers for Valentine’s Day (February 14): delivery on Saturday, February 13')
	expect(valentines.description).toContain(
		'Valentine’s Day is on Sunday, February 14, 2027. The florist network does not deliver on Sundays, so send for Saturday, February 13, the delivery day before it.',
	)
	// US Mother's Day is always a Sunday; 10 de mayo 2027 is a Monday, and is kept on the day itself.
	const mothers = nodeIcalEvent(reminderCalendar(occasion('mothers-day', 2027, 'es'), SPANISH, new Date('2026-12-01T17:00:00Z')))
	expect(dayOf(mothers.start)).toBe('2027-05-05')
	expect(mothers.summary).toBe('Pedir flores para el Día de las Madres de EE. UU. (9 de mayo): entrega el sábado 8 de mayo')
	expect(mothers.description).toContain(
		'La red de florerías no entrega los domingos, así que envíe sus flores para el sábado 8 de mayo, el día de entrega anterior.',
	)
	const tenthOfMay = nodeIcalEvent(reminderCalendar(occasion('dia-de-las-madres', 2027, 'es'), SPANISH, new Date('2026-12-01T17:00:00Z')))
	expect(dayOf(tenthOfMay.start)).toBe('2027-05-07')
	expect(tenthOfMay.summary).toBe('Pedir flores para el Día de las Madres de México (10 de mayo)')
})

test('a Sunday occasion’s next reminder is this year’s until the one before its Saturday has rung', () => {
	const valentines = DATED_OCCASIONS['valentines-day'].date
	expect(nextOccasion(valentines, date('2027-02-10'), 8)).toEqual({ day: date('2027-02-14'), deliverOn: date('2027-02-13'), closed: { reason: 'sunday' } })
	expect(nextOccasion(valentines, date('2027-02-10'), 9)).toEqual({ day: date('2028-02-14') })
})

test('the same reminder has the same UID in every file, so adding it again updates its event; different reminders never share one', () => {
	const uid = (reminder: Reminder, made: string) => nodeIcalEvent(reminderCalendar(reminder, ENGLISH, new Date(made))).uid
	const phoenix = uid(birthday('1990-03-14', '2027-01-05'), '2027-01-05T17:00:00Z')
	// The same birthday and city, downloaded another day, and after this year's reminder (the file then starts next year).
	expect(uid(birthday('1990-03-14', '2027-02-20'), '2027-02-20T08:00:00Z')).toBe(phoenix)
	expect(uid(birthday('1985-03-14', '2027-03-12'), '2027-03-12T17:00:00Z')).toBe(phoenix)
	const valentines2027 = uid(occasion('valentines-day', 2027), '2026-12-01T17:00:00Z')
	expect(uid(occasion('valentines-day', 2027), '2027-01-20T17:00:00Z')).toBe(valentines2027)
	const others = [
		uid(birthday('1990-03-15', '2027-01-05'), '2027-01-05T17:00:00Z'),
		uid(birthday('1990-03-14', '2027-01-05', 'https://flowers.example/cities/tucson/', 'a birthday in Tucson'), '2027-01-05T17:00:00Z'),
		uid(birthday('1990-03-14', '2027-01-05', 'https://flowers.example/categories/birthday-flowers/', 'a birthday'), '2027-01-05T17:00:00Z'),
		uid(occasion('valentines-day', 2028), '2026-12-01T17:00:00Z'),
		uid(occasion('mothers-day', 2027), '2026-12-01T17:00:00Z'),
	]
	expect(new Set([phoenix, valentines2027, ...others]).size).toBe(7)
})

test('a long Spanish reminder is folded at 75 octets, never inside a letter, and reads back whole', () => {
	const title = 'un cumpleaños en Nogales, con rosas, girasoles y azucenas para la señora Begoña Ibáñez, que cumple años el día de San José'
	const text = reminderCalendar(birthday('1990-03-19', '2027-01-05', PHOENIX, title), SPANISH, new Date('2027-01-05T17:00:00Z'))
	const lines = text.split('\r\n')
	expect(lines.some((line) => line.startsWith(' '))).toBe(true)
	for (const line of lines) {
		expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75)
		expect(line).not.toContain('\uFFFD')
	}
	expect(String(icalEvent(text).getFirstPropertyValue('summary'))).toContain(title)
	expect(nodeIcalEvent(text).summary).toContain(title)
})
