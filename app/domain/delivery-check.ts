import { addDays, daysBetween, formatDate, sameDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import { formatSlot, SLOT_HOURS } from '#app/domain/delivery.ts'
import { reachAt, type ReachPlace } from '#app/domain/reach.ts'
import { fill } from '#app/domain/locale.ts'
import type { DeliveryMessages } from '#app/messages/delivery.server.ts'

/** The words of the checker's answers, in the page's language (app/messages/delivery.server.ts). */
export type CheckWords = Pick<DeliveryMessages, 'dates' | 'time' | 'reach' | 'check'>

export type DeliveryResult = {
	deliverable: boolean
	message: string
	deadline: string
}

const FIRST_SLOT_HOUR = SLOT_HOURS[0]
const LAST_SLOT_HOUR = SLOT_HOURS[SLOT_HOURS.length - 1] ?? 17

/**
 * The delivery checker's answer (SPEC §4): whether flowers ordered now reach `place` on `date` by
 * the slot hour, in the words of SPEC §4's table wherever they are true. Returns null when there
 * is nothing to say: a date before today in Arizona, or a slot outside 9 AM-5 PM.
 *
 * Every answer comes from the one rule of reach (`reachAt`): a date it cannot promise is refused,
 * and the refusal names the first date the rule does promise, so picking that date is accepted.
 * The deadline is always the one of the date the answer names.
 */
export function checkDelivery(input: {
	now: Date
	date: CalendarDate
	slotHour: number
	place: ReachPlace
	/** The words of the answer, in the page's language. */
	words: CheckWords
	/** The dates the florist network offers for the place's ZIP; null or empty: the rule alone. */
	offered?: readonly CalendarDate[] | null
}): DeliveryResult | null {
	const { words } = input
	const said = words.check
	const answer = reachAt(input.place, input.now, words, input.offered)
	const { today, hour } = answer
	const { date, slotHour } = input
	const place = input.place.name
	const slot = formatSlot(slotHour, words)
	const days = daysBetween(today, date)
	const dateWords = (day: CalendarDate) => formatDate(day, words.dates)
	if (days < 0 || slotHour < FIRST_SLOT_HOUR || slotHour > LAST_SLOT_HOUR) return null

	if (answer.orderable(date)) {
		if (days === 0) {
			// Never promise a time that has already gone by.
			if (slotHour <= hour) {
				const later = SLOT_HOURS.find((slotHour) => slotHour > hour)
				const next = answer.nextOrderable(addDays(today, 1))
				const nextWords = next ? fill(daysBetween(today, next) === 1 ? said.orTomorrow : said.orOn, { date: dateWords(next) }) : ''
				return {
					deliverable: false,
					message: fill(said.slotPassed, { slot, later: later ? fill(said.laterSlot, { slot: formatSlot(later, words) }) : said.aLaterSlot, next: nextWords }),
					deadline: answer.deadline(today),
				}
			}
			return { deliverable: true, message: fill(said.yesToday, { cutoff: answer.cutoff, slot, place }), deadline: answer.deadline(date) }
		}
		if (days === 1) {
			return {
				deliverable: true,
				message: fill(answer.sameDay ? said.perfectTomorrow : said.yesTomorrow, { cutoff: answer.cutoff, slot, place }),
				deadline: answer.deadline(date),
			}
		}
		const dayBefore = addDays(date, -1)
		return {
			deliverable: true,
			message: answer.sameDay
				? fill(said.yesDayBefore, { slot, date: dateWords(date) })
				: fill(said.yesByDeadline, { cutoff: answer.cutoffOn(dayBefore), dayBefore: dateWords(dayBefore), slot, date: dateWords(date) }),
			deadline: answer.deadline(date),
		}
	}

	const next = answer.nextOrderable(date)
	const deadline = next ? answer.deadline(next) : said.notYet
	const nextWords = next ? fill(said.nextWords, { date: dateWords(next), slot }) : ''
	if (days === 0 && answer.sameDay && hour >= 14) {
		const tomorrow = addDays(today, 1)
		return {
			deliverable: false,
			message: fill(next && sameDate(next, tomorrow) ? said.passedTomorrow : next ? said.passedNext : said.passedNone, {
				slot,
				date: dateWords(tomorrow),
				place,
				next: nextWords,
			}),
			deadline,
		}
	}
	const refusal = answer.refusal(date)
	if (refusal?.reason === 'past-cutoff' && days > 0) {
		return { deliverable: false, message: fill(said.noticePassed, { place, date: dateWords(date), cutoff: answer.cutoff, next: nextWords }), deadline }
	}
	if (!answer.sameDay && daysBetween(date, answer.firstByRule) > 0) {
		return { deliverable: false, message: fill(said.noSameDay, { place, next: nextWords }), deadline }
	}
	if (refusal?.reason === 'sunday' || refusal?.reason === 'holiday') {
		const closed = refusal.reason === 'sunday' ? said.closed.sunday : said.closed[refusal.holiday]
		return { deliverable: false, message: fill(said.closedOn, { closed, place, date: dateWords(date), next: nextWords }), deadline }
	}
	return {
		deliverable: false,
		message: fill(next ? said.notThatDay : said.noDates, { place, date: dateWords(date), next: nextWords }),
		deadline,
	}
}
