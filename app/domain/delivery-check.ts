import { addDays, daysBetween, formatDate, sameDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import { CUTOFF_HOUR, formatSlot, SLOT_HOURS } from '#app/domain/delivery.ts'
import { reachAt, type Deadline, type ReachAnswer, type ReachPlace, type Refusal } from '#app/domain/reach.ts'
import { cutoffClause, deadlineHour, deadlineWords } from '#app/domain/reach-words.ts'
import { fill } from '#app/words/locale.ts'
import type { DeliveryMessages } from '#app/words/delivery-words.server.ts'

/** The words of the checker's answers, in the page's language (app/words/delivery-words.server.ts). */
export type CheckWords = Pick<DeliveryMessages, 'dates' | 'time' | 'reach' | 'check'>

export type DeliveryResult = {
	deliverable: boolean
	message: string
	deadline: string
	/** The facts behind the words: why the date was refused, and the date the answer names instead. */
	facts: { refusal?: Refusal; next?: CalendarDate; deadline?: Deadline }
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
	const { words, date, slotHour } = input
	const answer = reachAt(input.place, input.now, input.offered)
	const days = daysBetween(answer.today, date)
	if (days < 0 || slotHour < FIRST_SLOT_HOUR || slotHour > LAST_SLOT_HOUR) return null
	const asked: Asked = {
		answer,
		words,
		date,
		days,
		slotHour,
		slot: formatSlot(slotHour, words),
		place: input.place.name,
		dateWords: (day) => formatDate(day, words.dates),
		deadlineOf: (day) => deadlineWords(answer.deadline(day), answer.today, input.place, words),
		cutoff: deadlineHour(answer.cutoff, input.place, words),
	}
	return answer.orderable(date) ? accepted(asked) : refused(asked)
}

/** What a question to the checker holds once asked: the rule's answer, the date and slot, and the words to say it in. */
type Asked = {
	answer: ReachAnswer
	words: CheckWords
	date: CalendarDate
	/** Days from Arizona's today to the date. */
	days: number
	slotHour: number
	slot: string
	place: string
	dateWords: (day: CalendarDate) => string
	deadlineOf: (day: CalendarDate) => string
	/** Today's cut-off in words, on both clocks where the place's differs. */
	cutoff: string
}

/** The answer for a date the rule accepts: yes, and by when; or, today, a slot that has already gone by. */
function accepted({ answer, words, date, days, slotHour, slot, place, dateWords, deadlineOf, cutoff }: Asked): DeliveryResult {
	const said = words.check
	const facts = { deadline: answer.deadline(date) }
	if (days === 0) {
		// Never promise a time that has already gone by.
		if (slotHour <= answer.hour) {
			const later = SLOT_HOURS.find((slotHour) => slotHour > answer.hour)
			const next = answer.nextOrderable(addDays(answer.today, 1))
			const nextWords = next ? fill(daysBetween(answer.today, next) === 1 ? said.orTomorrow : said.orOn, { date: dateWords(next) }) : ''
			return {
				deliverable: false,
				message: fill(said.slotPassed, { slot, later: later ? fill(said.laterSlot, { slot: formatSlot(later, words) }) : said.aLaterSlot, next: nextWords }),
				deadline: deadlineOf(date),
				facts: { ...(next ? { next } : {}), ...facts },
			}
		}
		return { deliverable: true, message: fill(said.yesToday, { cutoff, slot, place }), deadline: deadlineOf(date), facts }
	}
	if (days === 1) {
		const message = fill(answer.sameDay ? said.perfectTomorrow : said.yesTomorrow, { cutoff, slot, place })
		return { deliverable: true, message, deadline: deadlineOf(date), facts }
	}
	const dayBefore = addDays(date, -1)
	const message = answer.sameDay
		? fill(said.yesDayBefore, { slot, date: dateWords(date) })
		: fill(said.yesByDeadline, {
				cutoff: deadlineHour(answer.cutoffOn(dayBefore), answer.place, words),
				dayBefore: dateWords(dayBefore),
				slot,
				date: dateWords(date),
			})
	return { deliverable: true, message, deadline: deadlineOf(date), facts }
}

/** The answer for a date the rule refuses: why, and the nearest date that works with its deadline. */
function refused({ answer, words, date, days, slot, place, dateWords, deadlineOf, cutoff }: Asked): DeliveryResult {
	const said = words.check
	const next = answer.nextOrderable(date)
	const deadline = next ? deadlineOf(next) : said.notYet
	const nextWords = next ? fill(said.nextWords, { date: dateWords(next), slot }) : ''
	const refusal = answer.refusal(date)
	const facts = { ...(refusal ? { refusal } : {}), ...(next ? { next, deadline: answer.deadline(next) } : {}) }
	const no = (message: string, told = deadline): DeliveryResult => ({ deliverable: false, message, deadline: told, facts })
	if (days === 0 && answer.sameDay && answer.hour >= CUTOFF_HOUR) {
		const tomorrow = addDays(answer.today, 1)
		const template = next && sameDate(next, tomorrow) ? said.passedTomorrow : next ? said.passedNext : said.passedNone
		return no(fill(template, { slot, date: dateWords(tomorrow), place, next: nextWords }))
	}
	if (refusal?.reason === 'past-cutoff' && days > 0) return no(fill(said.noticePassed, { place, date: dateWords(date), cutoff, next: nextWords }))
	if (!answer.sameDay && daysBetween(date, answer.firstByRule) > 0) {
		return no(fill(said.noSameDay, { place, cutoff: cutoffClause(words), next: nextWords }))
	}
	if (refusal?.reason === 'sunday' || refusal?.reason === 'holiday') {
		const closed = refusal.reason === 'sunday' ? said.closed.sunday : said.closed[refusal.holiday]
		return no(fill(said.closedOn, { closed, place, date: dateWords(date), next: nextWords }))
	}
	if (refusal?.reason === 'beyond-window') {
		return no(fill(said.beyondWindow, { place, date: dateWords(date), through: dateWords(answer.windowEnd) }), said.notYet)
	}
	return no(fill(next ? said.notThatDay : said.noDates, { place, date: dateWords(date), next: nextWords }))
}
