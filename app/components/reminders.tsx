import { CalendarPlus } from 'lucide-react'
import { useState } from 'react'
import { formatDate } from '#app/domain/calendar-date.ts'
import { arizonaNow } from '#app/domain/delivery.ts'
import { reachAt, type ReachPlace } from '#app/domain/reach.ts'
import { birthdayTooSoon, DATED_OCCASIONS, monthDayOf, type DatedOccasion } from '#app/domain/reminders.ts'

/** A link that adds a reminder before a dated occasion to the visitor's calendar. */
export function OccasionReminder({ occasion }: { occasion: DatedOccasion }) {
	return (
		<a
			href={`/calendar/${occasion}.ics`}
			download
			className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
		>
			<CalendarPlus aria-hidden="true" className="size-4" />
			Add a {DATED_OCCASIONS[occasion].name} reminder to your calendar
		</a>
	)
}

const WHEN = ['today', 'tomorrow', 'in 2 days', 'in 3 days']

/**
 * What to tell a visitor whose birthday is too close for this year's reminder, or null: order now
 * and by when, while the place's rule of reach still allows delivery on the day; otherwise that it
 * does not, and the earliest delivery that can be ordered.
 */
function tooSoonNote(value: string, now: Date, place: ReachPlace): string | null {
	const monthDay = monthDayOf(value)
	if (!monthDay) return null
	const { today, hour } = arizonaNow(now)
	const soon = birthdayTooSoon(monthDay.month, monthDay.day, today, hour)
	if (!soon) return null
	const reach = reachAt(place, now)
	const when = `This birthday is ${WHEN[soon.daysAway] ?? 'soon'} (${formatDate(soon.day)}), too close for this year’s reminder`
	const advice = reach.orderable(soon.day)
		? `: order now, by ${reach.deadline(soon.day)}, for delivery on the day.`
		: `, and flowers can no longer be ordered for delivery on the day in ${place.name}${reach.earliest ? `: the earliest delivery you can order now is ${formatDate(reach.earliest)}` : ''}.`
	return `${when}${advice} The file still reminds you every year from next year on.`
}

/**
 * "Remind me of a birthday": the visitor picks the date, and a plain GET
 * form downloads a yearly calendar reminder; nothing is kept on the server.
 * A birthday too close for this year's reminder is said at once.
 */
export function BirthdayReminder({ place, citySlug }: { place: ReachPlace; citySlug: string }) {
	const [note, setNote] = useState<string | null>(null)
	return (
		<form method="get" action="/calendar/birthday.ics" className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl border border-stone-200 bg-sand-50 p-4">
			<input type="hidden" name="city" value={citySlug} />
			<div>
				<label htmlFor="birthday-date" className="block text-sm font-semibold text-stone-900">
					Remind me of a birthday in {place.name}
				</label>
				<input
					id="birthday-date"
					name="date"
					type="date"
					required
					onChange={(event) => setNote(tooSoonNote(event.target.value, new Date(), place))}
					className="mt-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900"
				/>
			</div>
			<button type="submit" className="btn-secondary">
				<CalendarPlus aria-hidden="true" className="size-4" /> Add to calendar
			</button>
			<p role="status" className="w-full text-sm font-semibold text-stone-800 empty:hidden">
				{note}
			</p>
			<p className="w-full text-xs text-stone-600">
				A yearly reminder at 9:00 AM three days before, for your own calendar app; a birthday closer than that is reminded from next year on. We keep nothing.
			</p>
		</form>
	)
}
