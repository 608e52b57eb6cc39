import { createHash } from 'node:crypto'
import ICAL from 'ical.js'
import type { CalendarDate } from '#app/domain/calendar-date.ts'
import { REMINDER_HOUR, reminderEvent, reminderIdentity, type Reminder } from '#app/domain/reminders.ts'

// RFC 5545 §3.1: no line longer than 75 octets. ical.js folds after `foldLength` octets and then
// starts the next line with a space, so a continued line holds one octet more than that.
ICAL.foldLength = 74

const allDay = (date: CalendarDate) => ICAL.Time.fromData({ year: date.year, month: date.month, day: date.day, isDate: true })

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
 * display alarm at REMINDER_HOUR on its day. `now` is the file's DTSTAMP.
 */
export function reminderCalendar(reminder: Reminder, now: Date): string {
	const { start, end, summary, description } = reminderEvent(reminder)
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
	return `${calendar.toString()}\r\n`
}
