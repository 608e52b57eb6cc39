import { createHash } from 'node:crypto'
import ICAL from 'ical.js'
import { isoDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import { REMINDER_HOUR, reminderEvent, type Reminder, type ReminderWords } from '#app/domain/reminders.ts'

/** RFC 5545 §3.1: no line longer than 75 octets, the space that starts a continued line included. */
const MAX_LINE_OCTETS = 75

/**
 * The file's lines folded as RFC 5545 asks, by the site itself: ical.js's own folding is set by a
 * global of the library (and lets a continued line hold 76 octets), so its lines are unfolded and
 * folded again here, never inside a character.
 */
function folded(text: string): string {
	return text
		.replace(/\r\n[ \t]/g, '')
		.split('\r\n')
		.map((line) => {
			const parts: string[] = []
			let part = ''
			for (const character of line) {
				const room = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1
				if (Buffer.byteLength(part + character) > room) {
					parts.push(part)
					part = ''
				}
				part += character
			}
			parts.push(part)
			return parts.join('\r\n ')
		})
		.join('\r\n')
}

const allDay = (date: CalendarDate) => ICAL.Time.fromData({ year: date.year, month: date.month, day: date.day, isDate: true })

/** Part of a yearly reminder's identity since its first files: never shown, and never to change, or every event would be added again. */
const MONTHS_OF_IDENTITY = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * What makes a reminder the same one in every file: its occasion's words, its page and its date
 * (for a yearly one the month and day alone, so a file made next year is still the same event).
 */
function reminderIdentity({ title, day, url, yearly }: Reminder): string {
	return [title, url, yearly ? `every ${MONTHS_OF_IDENTITY[day.month - 1] ?? ''} ${day.day}` : isoDate(day)].join('\n')
}

/**
 * The event's UID: a hash of what makes the reminder itself (see `reminderIdentity`) at the
 * site's host. The same reminder added again updates its event instead of adding a second one,
 * and reminders for different days, occasions or pages never share one.
 */
function uidOf(reminder: Reminder): string {
	const hash = createHash('sha256').update(reminderIdentity(reminder)).digest('hex').slice(0, 32)
	return `${hash}@${new URL(reminder.url).host}`
}

/**
 * A reminder as an iCalendar file (RFC 5545): one all-day VEVENT, yearly for a birthday, with a
 * display alarm at REMINDER_HOUR on its day, in the words of the page it came from. `now` is the file's DTSTAMP.
 */
export function reminderCalendar(reminder: Reminder, words: ReminderWords, now: Date): string {
	const { start, end, summary, description } = reminderEvent(reminder, words)
	const calendar = new ICAL.Component('vcalendar')
	calendar.updatePropertyWithValue('version', '2.0')
	calendar.updatePropertyWithValue('prodid', '-//Arizona Flower Delivery//Reminders//EN')
	calendar.updatePropertyWithValue('calscale', 'GREGORIAN')
	calendar.updatePropertyWithValue('method', 'PUBLISH')

	const vevent = new ICAL.Component('vevent')
	const event = new ICAL.Event(vevent)
	event.uid = uidOf(reminder)
	vevent.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(now, true))
	event.startDate = allDay(start)
	event.endDate = allDay(end)
	if (reminder.yearly) vevent.updatePropertyWithValue('rrule', ICAL.Recur.fromData({ freq: 'YEARLY' }))
	event.summary = summary
	event.description = description
	vevent.updatePropertyWithValue('url', reminder.url)
	vevent.updatePropertyWithValue('transp', 'TRANSPARENT')

	const alarm = new ICAL.Component('valarm')
	alarm.updatePropertyWithValue('action', 'DISPLAY')
	alarm.updatePropertyWithValue('description', summary)
	alarm.updatePropertyWithValue('trigger', ICAL.Duration.fromData({ hours: REMINDER_HOUR })).setParameter('related', 'START')
	vevent.addSubcomponent(alarm)
	calendar.addSubcomponent(vevent)
	// Every content line ends in CRLF, the last one too.
	return `${folded(calendar.toString())}\r\n`
}
