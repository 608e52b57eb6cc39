import { addDays, calendarDate, compareDates, daysBetween, type CalendarDate } from './calendar-date.ts'

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
/** The reminder's alarm rings at this hour of its day. */
const REMINDER_HOUR = 9

/** The second Sunday of a month (Mother's Day in the United States: the second Sunday of May). */
export function secondSunday(year: number, month: number): CalendarDate {
	const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay()
	const firstSunday = 1 + ((7 - firstWeekday) % 7)
	return { year, month, day: firstSunday + 7 }
}

/** The day a reminder comes for an occasion on `day`. */
const reminderDay = (day: CalendarDate) => addDays(day, -REMINDER_DAYS_BEFORE)

/** Whether a reminder for `day` has already rung, seen at `hour` o'clock on `today`. */
const reminderPassed = (day: CalendarDate, today: CalendarDate, hour: number) => {
	const order = compareDates(reminderDay(day), today)
	return order < 0 || (order === 0 && hour >= REMINDER_HOUR)
}

/**
 * The occasion's next day whose reminder is still to come, seen at `hour` o'clock (Arizona) on
 * `today`: this year's while its 9:00 AM reminder is ahead, else the next year's, so a file never
 * starts with a reminder in the past.
 */
export function nextOccurrence(dateIn: (year: number) => CalendarDate, today: CalendarDate, hour = 0): CalendarDate {
	// Early January's reminders fall in the December before: seen from late December, even next
	// year's may have passed, and the one after is the first to come.
	let year = today.year
	while (reminderPassed(dateIn(year), today, hour)) year += 1
	return dateIn(year)
}

/**
 * A birthday so close that this year's reminder has already rung (or would ring after the day):
 * its date and how many days away it is, so the visitor can be told to order now; otherwise undefined.
 */
export function birthdayTooSoon(month: number, day: number, today: CalendarDate, hour = 0): { day: CalendarDate; daysAway: number } | undefined {
	for (const year of [today.year, today.year + 1]) {
		const birthday = { year, month, day }
		const daysAway = daysBetween(today, birthday)
		if (daysAway >= 0 && daysAway <= REMINDER_DAYS_BEFORE) return reminderPassed(birthday, today, hour) ? { day: birthday, daysAway } : undefined
	}
	return undefined
}

/**
 * A birthday's next day (see `nextOccurrence`). A 29 February birthday keeps its date in every
 * year, leap or not: its yearly reminder comes on 26 February, three days before it, or in the
 * years without one two days before 28 February.
 */
export function nextBirthday(month: number, day: number, today: CalendarDate, hour = 0): CalendarDate {
	return nextOccurrence((year) => ({ year, month, day }), today, hour)
}

/** The month and day of a 'YYYY-MM-DD' birthday when it is a real calendar date (29 February included), else undefined. */
export function monthDayOf(text: string): { month: number; day: number } | undefined {
	const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(text)
	// Any leap year will do: a birthday's year does not matter, and 29 February is a real birthday.
	const date = match ? calendarDate(2024, Number(match[1]), Number(match[2])) : undefined
	return date ? { month: date.month, day: date.day } : undefined
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')
const icsDate = (date: CalendarDate) => `${pad(date.year, 4)}${pad(date.month)}${pad(date.day)}`
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const monthDay = (date: CalendarDate) => `${MONTHS[date.month - 1]} ${date.day}`
const longDate = (date: CalendarDate) => `${monthDay(date)}, ${date.year}`
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/**
 * What the reminder is for, as sentences: a yearly one names no year; a 29 February birthday says
 * when its reminder comes in the years without one.
 */
function reminderText({ title, day, yearly }: Pick<Reminder, 'title' | 'day' | 'yearly'>): string {
	if (!yearly) return `${sentence(title)} is on ${longDate(day)}.`
	const leapDay = day.month === 2 && day.day === 29
	const every = `${sentence(title)} is on ${monthDay(day)} every year.`
	return leapDay
		? `${every.replace(' every year.', '.')} In the years without a February 29, the reminder still comes on ${monthDay(reminderDay(day))}, two days before February 28.`
		: every
}

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
	/** What the visitor prepares for, e.g. "Valentine’s Day" or "a birthday in Phoenix". */
	title: string
	/** The day itself. */
	day: CalendarDate
	/** The page to order from, absolute. */
	url: string
	/** Repeats every year on the same date (birthdays). */
	yearly?: boolean
	/** The event's identity in a calendar: one per reminder (the same UID in two files makes a calendar merge them). */
	uid: string
	/** When the file was made. */
	now: Date
}

/** One VEVENT, all-day, REMINDER_DAYS_BEFORE days before the day, with a 9 AM alarm. */
export function reminderCalendar(reminder: Reminder): string {
	const start = reminderDay(reminder.day)
	const end = addDays(start, 1)
	const stamp = reminder.now
		.toISOString()
		.replace(/[-:]/g, '')
		.replace(/\.\d{3}/, '')
	const summary = `Order flowers for ${reminder.title} (${monthDay(reminder.day)})`
	const description = `${reminderText(reminder)} Order in good time for delivery: ${reminder.url}`
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
