import { addDays, compareDates, daysBetween, formatDate, parseIsoDate, weekday, type CalendarDate } from '#app/domain/calendar-date.ts'
import { closedDay, openDayBefore, type ClosedDay } from '#app/domain/delivery-calendar.ts'
import { fill } from '#app/words/locale.ts'
import type { DeliveryMessages } from '#app/words/delivery-words.server.ts'

/** The words of a reminder's calendar event, in the language of the page it came from. */
export type ReminderWords = Pick<DeliveryMessages, 'dates'> & { event: DeliveryMessages['reminders']['event']; closed: DeliveryMessages['check']['closed'] }

/**
 * Calendar reminders a visitor adds without an account: one all-day event a
 * few days before the day, an alarm that morning, and a link back to the page
 * to order from, written as an iCalendar file on the server. Nothing is stored.
 */

/**
 * Occasions whose day is the same for everyone, by category slug (their names are in the
 * messages' `reminders.occasions`). The Día de las Madres is Mexico's Mother's Day, 10 May
 * whatever the weekday, which many Arizona families keep as well as the US date.
 */
export const DATED_OCCASIONS = {
	'valentines-day': { date: (year: number): CalendarDate => ({ year, month: 2, day: 14 }) },
	'mothers-day': { date: (year: number): CalendarDate => secondSunday(year, 5) },
	'dia-de-las-madres': { date: (year: number): CalendarDate => ({ year, month: 5, day: 10 }) },
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

/**
 * The day to have flowers delivered for an occasion on `day`: the day itself, or, when the
 * network's calendar keeps no delivery on it (a Sunday, a holiday), the last delivery day before it,
 * with the reason.
 */
function deliveryDayFor(day: CalendarDate): { deliverOn: CalendarDate; closed?: ClosedDay } {
	const closed = closedDay(day)
	return closed ? { deliverOn: openDayBefore(day), closed } : { deliverOn: day }
}

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
export function nextOccurrence(dateIn: (year: number) => CalendarDate, today: CalendarDate, hour = 0, aimAt = (day: CalendarDate) => day): CalendarDate {
	// Early January's reminders fall in the December before: seen from late December, even next
	// year's may have passed, and the one after is the first to come.
	let year = today.year
	while (reminderPassed(aimAt(dateIn(year)), today, hour)) year += 1
	return dateIn(year)
}

/**
 * A dated occasion's next day whose reminder is still to come, the reminder aimed at the day it can
 * be delivered for (`deliveryDayFor`): for a Sunday Valentine's Day, three days before the Saturday.
 */
export function nextOccasion(dateIn: (year: number) => CalendarDate, today: CalendarDate, hour = 0): Pick<Reminder, 'day' | 'deliverOn' | 'closed'> {
	const day = nextOccurrence(dateIn, today, hour, (date) => deliveryDayFor(date).deliverOn)
	return occasionDays(day)
}

/** An occasion's day with the day to deliver for it, when that is another. */
export function occasionDays(day: CalendarDate): Pick<Reminder, 'day' | 'deliverOn' | 'closed'> {
	const { deliverOn, closed } = deliveryDayFor(day)
	return closed ? { day, deliverOn, closed } : { day }
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

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/**
 * What the reminder is for, as sentences: a yearly one names no year; a 29 February birthday says
 * when its reminder comes in the years without one.
 */
function reminderText({ title, day, yearly, deliverOn, closed }: Omit<Reminder, 'url'>, words: ReminderWords): string {
	const monthDay = (date: CalendarDate) => formatDate(date, words.dates, { weekday: false })
	if (!yearly) {
		const once = fill(words.event.once, { title: sentence(title), date: formatDate(day, words.dates, { year: true }) })
		if (!deliverOn || !closed) return once
		const why = closed.reason === 'sunday' ? words.closed.sunday : words.closed[closed.holiday]
		return `${once} ${fill(words.event.instead, { why, deliver: formatDate(deliverOn, words.dates) })}`
	}
	const leapDay = day.month === 2 && day.day === 29
	return fill(leapDay ? words.event.leapDay : words.event.yearly, { title: sentence(title), date: monthDay(day), reminder: monthDay(reminderDay(day)) })
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
	/** A day-of-the-year occasion the network does not deliver on: the day to deliver instead, and why. */
	deliverOn?: CalendarDate
	closed?: ClosedDay
}

/**
 * What a reminder's calendar event holds: all-day, REMINDER_DAYS_BEFORE days before the day to
 * deliver on (the day itself, or the delivery day before it), with its words.
 */
export function reminderEvent(reminder: Reminder, words: ReminderWords): { start: CalendarDate; end: CalendarDate; summary: string; description: string } {
	const start = reminderDay(reminder.deliverOn ?? reminder.day)
	const date = formatDate(reminder.day, words.dates, { weekday: false })
	return {
		start,
		end: addDays(start, 1),
		summary: reminder.deliverOn
			? fill(words.event.summaryInstead, { title: reminder.title, date, deliver: formatDate(reminder.deliverOn, words.dates) })
			: fill(words.event.summary, { title: reminder.title, date }),
		description: fill(words.event.description, { text: reminderText(reminder, words), url: reminder.url }),
	}
}
