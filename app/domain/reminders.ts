import type { CalendarDate } from './delivery.ts'

/**
 * Calendar reminders a visitor adds without an account: an iCalendar file
 * (RFC 5545) with one all-day event a few days before the day, an alarm that
 * morning, and a link back to the page to order from. Nothing is stored.
 */

/** Occasions whose day is the same for everyone, by category slug. */
export const DATED_OCCASIONS = {
	'valentines-day': { name: 'Valentine’s Day', date: (year: number): CalendarDate => ({ year, month: 2, day: 14 }) },
	'mothers-day': { name: 'Mother’s Day', date: (year: number): CalendarDate => secondSunday(year, 5) },
} as const

export type DatedOccasion = keyof typeof DATED_OCCASIONS

export function isDatedOccasion(slug: string): slug is DatedOccasion {
	return Object.hasOwn(DATED_OCCASIONS, slug)
}

/** How many days before the day the reminder comes: time to order for delivery, with a weekend in between. */
const REMINDER_DAYS_BEFORE = 3

/** The second Sunday of a month (Mother's Day in the United States: the second Sunday of May). */
export function secondSunday(year: number, month: number): CalendarDate {
	const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay()
	const firstSunday = 1 + ((7 - firstWeekday) % 7)
	return { year, month, day: firstSunday + 7 }
}

function shift(date: CalendarDate, days: number): CalendarDate {
	const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days))
	return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() }
}

const compare = (a: CalendarDate, b: CalendarDate) => a.year - b.year || a.month - b.month || a.day - b.day

/** The occasion's next day on or after `today`. */
export function nextOccurrence(dateIn: (year: number) => CalendarDate, today: CalendarDate): CalendarDate {
	const thisYear = dateIn(today.year)
	return compare(thisYear, today) >= 0 ? thisYear : dateIn(today.year + 1)
}

/** A birthday's next day on or after `today` (29 February falls on 28 February in other years). */
export function nextBirthday(month: number, day: number, today: CalendarDate): CalendarDate {
	return nextOccurrence((year) => {
		const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate()
		return { year, month, day: Math.min(day, lastDay) }
	}, today)
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')
const icsDate = (date: CalendarDate) => `${pad(date.year, 4)}${pad(date.month)}${pad(date.day)}`
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const longDate = (date: CalendarDate) => `${MONTHS[date.month - 1]} ${date.day}, ${date.year}`

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
function text(value: string): string {
	return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

/** Content lines longer than 75 octets are folded: CRLF and one space (RFC 5545 §3.1). */
const encoder = new TextEncoder()
function fold(line: string): string {
	if (encoder.encode(line).length <= 75) return line
	const parts: string[] = []
	let current = ''
	let size = 0
	for (const char of line) {
		const charSize = encoder.encode(char).length
		const limit = parts.length === 0 ? 75 : 74
		if (size + charSize > limit) {
			parts.push(current)
			current = ''
			size = 0
		}
		current += char
		size += charSize
	}
	parts.push(current)
	return parts.join('\r\n ')
}

export type Reminder = {
	/** What the visitor prepares for, e.g. "Valentine’s Day" or "a birthday". */
	title: string
	/** The day itself. */
	day: CalendarDate
	/** The page to order from, absolute. */
	url: string
	/** Repeats every year on the same date (birthdays). */
	yearly?: boolean
	/** Stable within the site for the same reminder, so adding it twice updates rather than duplicates. */
	uid: string
	/** When the file was made. */
	now: Date
}

/** One VEVENT, all-day, REMINDER_DAYS_BEFORE days before the day, with a 9 AM alarm. */
export function reminderCalendar(reminder: Reminder): string {
	const start = shift(reminder.day, -REMINDER_DAYS_BEFORE)
	const end = shift(start, 1)
	const stamp = reminder.now
		.toISOString()
		.replace(/[-:]/g, '')
		.replace(/\.\d{3}/, '')
	const summary = `Order flowers for ${reminder.title} (${MONTHS[reminder.day.month - 1]} ${reminder.day.day})`
	const description = `${reminder.title} is on ${longDate(reminder.day)}. Order now for delivery in time: ${reminder.url}`
	const lines = [
		'BEGIN:VCALENDAR',
		'VERSION:2.0',
		'PRODID:-//Arizona Flower Delivery//Reminders//EN',
		'CALSCALE:GREGORIAN',
		'METHOD:PUBLISH',
		'BEGIN:VEVENT',
		`UID:${reminder.uid}`,
		`DTSTAMP:${stamp}`,
		`DTSTART;VALUE=DATE:${icsDate(start)}`,
		`DTEND;VALUE=DATE:${icsDate(end)}`,
		...(reminder.yearly ? ['RRULE:FREQ=YEARLY'] : []),
		`SUMMARY:${text(summary)}`,
		`DESCRIPTION:${text(description)}`,
		`URL:${reminder.url}`,
		'TRANSP:TRANSPARENT',
		'BEGIN:VALARM',
		'ACTION:DISPLAY',
		`DESCRIPTION:${text(summary)}`,
		'TRIGGER;RELATED=START:PT9H',
		'END:VALARM',
		'END:VEVENT',
		'END:VCALENDAR',
	]
	return `${lines.map(fold).join('\r\n')}\r\n`
}
