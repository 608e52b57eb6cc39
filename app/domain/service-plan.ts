import { addDays, daysBetween, type CalendarDate } from '#app/domain/calendar-date.ts'
import { hoursAheadOfArizona, SLOT_HOURS } from '#app/domain/delivery.ts'
import type { Deadline, ReachAnswer, Refusal } from '#app/domain/reach.ts'

/**
 * The funeral question, as facts: a service on a date at an hour (on the town's own clock), and the
 * rule of reach's answer for the town now. Flowers are planned to arrive an hour before the service
 * at the latest, within the delivery slots (9:00 AM to 5:00 PM Arizona time): on the day of the
 * service when a slot is early enough and the day can still be ordered, else on the last delivery
 * day before it. When no day before the service can still be ordered, the alternative is a later
 * delivery to the family's home, on the first day that can be.
 */

/** A service: its date and time on the clock of the town where it is held. */
export type Service = { date: CalendarDate; hour: number; minute: number }

/** Why the flowers cannot come on the day of the service: no slot ends an hour before it, or the rule refuses the day. */
export type ServiceDayRefusal = { reason: 'too-early' } | Refusal

export type ServicePlan =
	/** The service is over (or starts within the hour): nothing is planned. */
	| { kind: 'past' }
	/** In time: delivery on `deliverOn` (by `bySlot` when that is the service's day), ordered by `deadline`. */
	| { kind: 'in-time'; deliverOn: CalendarDate; bySlot?: number; deadline: Deadline; serviceDay?: ServiceDayRefusal }
	/** Too late for flowers before the service: the earliest delivery to the family's home instead, if any. */
	| { kind: 'too-late'; serviceDay: ServiceDayRefusal; home?: { date: CalendarDate; deadline: Deadline } }

/** How long before the service the flowers are planned to arrive, at the latest. */
const LEAD_MINUTES = 60

export function servicePlan(reach: ReachAnswer, service: Service): ServicePlan {
	const ahead = hoursAheadOfArizona(reach.place.timeZone, service.date)
	// The service's time on Arizona's clock, in minutes from midnight: the clock slots and cut-offs are kept in.
	const startsAt = (service.hour - ahead) * 60 + service.minute
	const days = daysBetween(reach.today, service.date)
	if (days < 0 || (days === 0 && startsAt <= reach.hour * 60 + LEAD_MINUTES)) return { kind: 'past' }
	// The latest slot that arrives an hour before the service, still to come if the service is today.
	const slot = [...SLOT_HOURS].reverse().find((hour) => hour * 60 <= startsAt - LEAD_MINUTES && (days > 0 || hour > reach.hour))
	const refusal = reach.refusal(service.date)
	if (slot !== undefined && !refusal) return { kind: 'in-time', deliverOn: service.date, bySlot: slot, deadline: reach.deadline(service.date) }
	const serviceDay: ServiceDayRefusal = refusal ?? { reason: 'too-early' }
	for (let day = addDays(service.date, -1); daysBetween(reach.today, day) >= 0; day = addDays(day, -1)) {
		if (reach.orderable(day)) return { kind: 'in-time', deliverOn: day, deadline: reach.deadline(day), serviceDay }
	}
	const home = reach.nextOrderable(service.date)
	return { kind: 'too-late', serviceDay, ...(home ? { home: { date: home, deadline: reach.deadline(home) } } : {}) }
}
