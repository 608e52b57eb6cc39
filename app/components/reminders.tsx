import { CalendarPlus } from 'lucide-react'
import { DATED_OCCASIONS, type DatedOccasion } from '~/domain/reminders.ts'

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

/**
 * "Remind me of a birthday": the visitor picks the date, and a plain GET
 * form downloads a yearly calendar reminder; nothing is kept on the server.
 */
export function BirthdayReminder({ city, citySlug }: { city: string; citySlug: string }) {
	return (
		<form method="get" action="/calendar/birthday.ics" className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl border border-stone-200 bg-sand-50 p-4">
			<input type="hidden" name="city" value={citySlug} />
			<div>
				<label htmlFor="birthday-date" className="block text-sm font-semibold text-stone-900">
					Remind me of a birthday in {city}
				</label>
				<input id="birthday-date" name="date" type="date" required className="mt-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900" />
			</div>
			<button type="submit" className="btn-secondary">
				<CalendarPlus aria-hidden="true" className="size-4" /> Add to calendar
			</button>
			<p className="w-full text-xs text-stone-600">A yearly reminder three days before, for your own calendar app. We keep nothing.</p>
		</form>
	)
}
