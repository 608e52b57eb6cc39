import { addDays, compareDates, daysBetween, formatDate, isoDate, parseIsoDate, weekday, type CalendarDate } from '#app/domain/calendar-date.ts'

/**
 * Calendar reminders a visitor adds without an account: one all-day event a
 * few days before the day, an alarm that morning, and a link back to the page
 * to order from, written as an iCalendar file on the server. Nothing is stored.
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
export const REMINDER_HOUR = 9

/** The second Sunday of a month (Mother's Day in the United States: the second Sunday of May). */
export function secondSunday(year: number, month: number): CalendarDate {
	const firstSunday = 1 + ((7 - weekday({ year, month, day: 1 })) % 7)
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
	// Read in a leap year: a birthday's year does not matter, and 29 February is a real birthday.
	const date = /^\d{4}-/.test(text) ? parseIsoDate(`2024${text.slice(4)}`) : undefined
	return date ? { month: date.month, day: date.day } : undefined
}

const monthDay = (date: CalendarDate) => formatDate(date, { weekday: false })
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/**
 * What the reminder is for, as sentences: a yearly one names no year; a 29 February birthday says
 * when its reminder comes in the years without one.
 */
function reminderText({ title, day, yearly }: Pick<Reminder, 'title' | 'day' | 'yearly'>): string {
	if (!yearly) return `${sentence(title)} is on ${formatDate(day, { weekday: false, year: true })}.`
	const leapDay = day.month === 2 && day.day === 29
	const every = `${sentence(title)} is on ${monthDay(day)} every year.`
	return leapDay
		? `${every.replace(' every year.', '.')} In the years without a February 29, the reminder still comes on ${monthDay(reminderDay(day))}, two days before February 28.`
		: every
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
}

/** What a reminder's calendar event holds: all-day, REMINDER_DAYS_BEFORE days before the day, with its words. */
export function reminderEvent(reminder: Reminder): { start: CalendarDate; end: CalendarDate; summary: string; description: string } {
	const start = reminderDay(reminder.day)
	return {
		start,
		end: addDays(start, 1),
		summary: `Order flowers for ${reminder.title} (${monthDay(reminder.day)})`,
		description: `${reminderText(reminder)} Order in good time for delivery: ${reminder.url}`,
	}
}

/**
 * What makes a reminder the same one in every file: its occasion's words, its page and its date
 * (for a yearly one the month and day alone, so a file made next year is still the same event).
 */
export function reminderIdentity({ title, day, url, yearly }: Reminder): string {
	return [title, url, yearly ? `every ${monthDay(day)}` : isoDate(day)].join('\n')
}
