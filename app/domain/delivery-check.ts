import { addDays, daysBetween, formatDate, sameDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import { formatSlot, SLOT_HOURS } from '#app/domain/delivery.ts'
import { reachAt, type ReachPlace } from '#app/domain/reach.ts'

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
	/** The dates the florist network offers for the place's ZIP; null or empty: the rule alone. */
	offered?: readonly CalendarDate[] | null
}): DeliveryResult | null {
	const answer = reachAt(input.place, input.now, input.offered)
	const { today, hour } = answer
	const { date, slotHour } = input
	const city = input.place.name
	const slot = formatSlot(slotHour)
	const days = daysBetween(today, date)
	if (days < 0 || slotHour < FIRST_SLOT_HOUR || slotHour > LAST_SLOT_HOUR) return null

	if (answer.orderable(date)) {
		if (days === 0) {
			// Never promise a time that has already gone by.
			if (slotHour <= hour) {
				const later = SLOT_HOURS.find((slotHour) => slotHour > hour)
				const next = answer.nextOrderable(addDays(today, 1))
				return {
					deliverable: false,
					message: `The ${slot} slot has already passed today. Choose ${later ? `${formatSlot(later)} or later` : 'a later slot'}${next ? `, or delivery ${daysBetween(today, next) === 1 ? `tomorrow (${formatDate(next)})` : `on ${formatDate(next)}`}` : ''}.`,
					deadline: answer.deadline(today),
				}
			}
			return { deliverable: true, message: `Yes! Order before ${answer.cutoff} today for delivery by ${slot} in ${city}.`, deadline: answer.deadline(date) }
		}
		if (days === 1) {
			return {
				deliverable: true,
				message: answer.sameDay
					? `Perfect! Order today for delivery by ${slot} tomorrow in ${city}.`
					: `Yes! Order before ${answer.cutoff} today for delivery by ${slot} tomorrow in ${city}.`,
				deadline: answer.deadline(date),
			}
		}
		return {
			deliverable: true,
			message: answer.sameDay
				? `Yes! Order by the day before for delivery by ${slot} on ${formatDate(date)}.`
				: `Yes! Order by ${answer.cutoffOn(addDays(date, -1))} on ${formatDate(addDays(date, -1))} for delivery by ${slot} on ${formatDate(date)}.`,
			deadline: answer.deadline(date),
		}
	}

	const next = answer.nextOrderable(date)
	const deadline = next ? answer.deadline(next) : 'Not available yet'
	const nextWords = next ? `${formatDate(next)}, by ${slot}` : undefined
	if (days === 0 && answer.sameDay && hour >= 14) {
		const tomorrow = addDays(today, 1)
		return {
			deliverable: false,
			message:
				next && sameDate(next, tomorrow)
					? `Same-day deadline passed. Your flowers will arrive by ${slot} tomorrow (${formatDate(tomorrow)}).`
					: next
						? `Same-day deadline passed. The next delivery date the florist network offers in ${city} is ${nextWords}.`
						: `Same-day deadline passed, and the florist network offers no delivery date in ${city} yet.`,
			deadline,
		}
	}
	if (!answer.sameDay && daysBetween(date, answer.firstByRule) > 0) {
		return {
			deliverable: false,
			message: `Same-day delivery cannot be promised in ${city}: orders are due by 2:00 PM Arizona time the day before. The earliest delivery you can order now is ${nextWords}.`,
			deadline,
		}
	}
	return {
		deliverable: false,
		message: next
			? `The florist network does not deliver in ${city} on ${formatDate(date)}. The next delivery date it offers is ${nextWords}.`
			: `The florist network offers no delivery date in ${city} on or after ${formatDate(date)} yet.`,
		deadline,
	}
}
