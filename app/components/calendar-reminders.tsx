import { CalendarPlus } from 'lucide-react'
import { useState } from 'react'
import { addDays, daysBetween, formatDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import { arizonaNow } from '#app/domain/delivery.ts'
import { reachAt, type ReachAnswer, type ReachPlace } from '#app/domain/reach.ts'
import { deadlineWords, refusalWords } from '#app/domain/reach-words.ts'
import { birthdayTooSoon, monthDayOf, type DatedOccasion } from '#app/domain/reminders.ts'
import { fill, type Lang } from '#app/words/locale.ts'
import { useLang, useMessages } from '#app/components/use-messages.ts'
import type { DeliveryMessages } from '#app/words/delivery-words.server.ts'

/** The calendar file's address: its words are the page's language. */
function calendarHref(file: string, lang: Lang): string {
	return lang === 'en' ? `/calendar/${file}` : `/calendar/${file}?lang=${lang}`
}

/** A link that adds a reminder before a dated occasion to the visitor's calendar. */
export function OccasionReminder({ occasion }: { occasion: DatedOccasion }) {
	const words = useMessages().delivery.reminders
	return (
		<a
			href={calendarHref(`${occasion}.ics`, useLang())}
			download
			className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
		>
			<CalendarPlus aria-hidden="true" className="size-4" />
			{fill(words.occasionLink, { occasion: words.occasions[occasion] })}
		</a>
	)
}

/**
 * What to tell a visitor whose birthday is too close for this year's reminder, or null: order now
 * and by when, while the place's rule of reach still allows delivery on the day; otherwise that it
 * does not, and the earliest delivery that can be ordered.
 */
function tooSoonNote(value: string, now: Date, place: ReachPlace, words: DeliveryMessages): string | null {
	const monthDay = monthDayOf(value)
	if (!monthDay) return null
	const { today, hour } = arizonaNow(now)
	const soon = birthdayTooSoon(monthDay.month, monthDay.day, today, hour)
	if (!soon) return null
	const reach = reachAt(place, now)
	const said = words.reminders
	const when = fill(said.tooSoon, { when: said.when[soon.daysAway] ?? '', date: formatDate(soon.day, words.dates) })
	return `${when}${tooSoonAdvice(soon.day, reach, place, words)}${said.fromNextYear}`
}

/** Order now for the day; for a day the network keeps closed, the delivery day before it (or after); else the earliest that can be ordered. */
function tooSoonAdvice(day: CalendarDate, reach: ReachAnswer, place: ReachPlace, words: DeliveryMessages): string {
	const said = words.reminders
	if (reach.orderable(day)) return fill(said.orderNow, { deadline: deadlineWords(reach.deadline(day), reach.today, place, words) })
	const refusal = reach.refusal(day)
	if (refusal?.reason === 'sunday' || refusal?.reason === 'holiday') {
		const closed = refusalWords(refusal, words)
		// The latest day before the birthday that can still be ordered, if any.
		let before: CalendarDate | undefined
		for (let candidate = addDays(day, -1); daysBetween(reach.today, candidate) >= 0 && !before; candidate = addDays(candidate, -1)) {
			if (reach.orderable(candidate)) before = candidate
		}
		const after = reach.nextOrderable(addDays(day, 1))
		if (before) return fill(said.closedOn, { closed, before: formatDate(before, words.dates) })
		if (after) return fill(said.closedOnAfter, { closed, after: formatDate(after, words.dates) })
	}
	return fill(said.tooLate, { place: place.name, earliest: reach.earliest ? fill(said.earliest, { date: formatDate(reach.earliest, words.dates) }) : '' })
}

/**
 * "Remind me of a birthday": the visitor picks the date, and a plain GET
 * form downloads a yearly calendar reminder; nothing is kept on the server.
 * A birthday too close for this year's reminder is said at once.
 */
export function BirthdayReminder({ place, citySlug }: { place: ReachPlace; citySlug: string }) {
	const [note, setNote] = useState<string | null>(null)
	const words = useMessages().delivery
	const lang = useLang()
	return (
		<form method="get" action="/calendar/birthday.ics" className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl border border-stone-200 bg-sand-50 p-4">
			<input type="hidden" name="city" value={citySlug} />
			{lang === 'en' ? null : <input type="hidden" name="lang" value={lang} />}
			<div>
				<label htmlFor="birthday-date" className="block text-sm font-semibold text-stone-900">
					{fill(words.reminders.birthdayLabel, { place: place.name })}
				</label>
				<input
					id="birthday-date"
					name="date"
					type="date"
					required
					onChange={(event) => setNote(tooSoonNote(event.target.value, new Date(), place, words))}
					className="mt-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900"
				/>
			</div>
			<button type="submit" className="btn-secondary">
				<CalendarPlus aria-hidden="true" className="size-4" /> {words.reminders.add}
			</button>
			<p role="status" className="w-full text-sm font-semibold text-stone-800 empty:hidden">
				{note}
			</p>
			<p className="w-full text-xs text-stone-600">{words.reminders.about}</p>
		</form>
	)
}
