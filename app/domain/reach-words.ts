import { formatDate, sameDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import { ARIZONA_TIME_ZONE, CUTOFF_HOUR, formatSlot, formatTime, SLOT_HOURS } from '#app/domain/delivery.ts'
import { fill } from '#app/words/locale.ts'
import { reachOf, type Deadline, type ReachPlace, type ReachPromise, type Refusal } from '#app/domain/reach.ts'
import type { Service, ServiceDayRefusal, ServicePlan } from '#app/domain/service-plan.ts'
import type { DeliveryMessages } from '#app/words/delivery-words.server.ts'

/**
 * The rule of reach said in a language: the facts of app/domain/reach.ts (a promise, a deadline,
 * a refusal, a clock) in the words of app/words/delivery-words.server.ts. Hours are written by the one
 * time formatter (`formatSlot`); the cut-off hour is the rule's constant, never a word of a catalog.
 */

/** The words the rule is told in, in the page's language. */
export type ReachWords = Pick<DeliveryMessages, 'dates' | 'time' | 'reach'>

/** The same-day cut-off hour as a reader's clock shows it: '2:00 PM', '2:00 p. m.'. */
function cutoffHour(words: Pick<DeliveryMessages, 'time'>): string {
	return formatSlot(CUTOFF_HOUR, words)
}

/** The cut-off with its zone, as a clause: '2:00 PM Arizona time'. */
export function cutoffClause(words: Pick<DeliveryMessages, 'time' | 'reach'>): string {
	return fill(words.reach.cutoff, { hour: cutoffHour(words) })
}

/**
 * A deadline's hour: '2:00 PM', or both clocks where the place's is ahead of Arizona's that day
 * ('2:00 PM Arizona time (3:00 PM in Tuba City)').
 */
export function deadlineHour(deadline: Deadline, place: Pick<ReachPlace, 'name'>, words: ReachWords): string {
	const hour = formatSlot(deadline.hour, words)
	if (deadline.placeHoursAhead === 0 || deadline.timeZone !== ARIZONA_TIME_ZONE) return hour
	return fill(words.reach.cutoffTwoClocks, { hour, local: formatSlot(deadline.hour + deadline.placeHoursAhead, words), place: place.name })
}

/** By when to order, seen on `today`: '2:00 PM today', '11:59 PM today', 'Monday, February 8' (by the day before), '2:00 PM, Monday, February 8'. */
export function deadlineWords(deadline: Deadline, today: CalendarDate, place: Pick<ReachPlace, 'name'>, words: ReachWords): string {
	const endOfDay = deadline.hour === 23 && deadline.minute === 59
	if (sameDate(deadline.date, today))
		return endOfDay ? words.reach.deadlineTonight : fill(words.reach.deadlineToday, { cutoff: deadlineHour(deadline, place, words) })
	const date = formatDate(deadline.date, words.dates)
	return endOfDay ? fill(words.reach.deadlineDate, { date }) : fill(words.reach.deadlineDayBefore, { cutoff: deadlineHour(deadline, place, words), date })
}

/** How far a place lies from the town that stands in for it, said plainly. */
function distanceClause(place: ReachPlace, words: ReachWords): string | undefined {
	if (!place.from) return undefined
	return fill(words.reach.distance, { place: place.name, miles: place.from.miles, town: place.from.town })
}

/**
 * A promise in words: the header line, the first service card, the structured data's service and
 * the rule's sentence. The spec's words ("Same Day Delivery Available", "Same Day Delivery") stand
 * wherever they are true.
 */
export function promiseWords(promise: ReachPromise, place: ReachPlace, words: ReachWords) {
	const distance = distanceClause(place, words)
	const clauses = { cutoff: cutoffClause(words), slots: words.reach.slots, distance: distance ?? '' }
	if (!promise.sameDay) {
		const said = words.reach.dayAhead
		return {
			headerNote: said.headerNote,
			cardTitle: said.cardTitle,
			serviceName: said.serviceName,
			rule: fill(!distance ? said.rule : place.townReach === 'remote' ? said.ruleFar : said.ruleBeyondSameDay, clauses),
		}
	}
	const said = words.reach.sameDay
	const rule = fill(promise.reach === 'regional' ? (place.from ? said.ruleMostAddressesNear : said.ruleMostAddresses) : said.rule, clauses)
	return {
		headerNote: said.headerNote,
		cardTitle: said.cardTitle,
		serviceName: said.serviceName,
		rule: distance ? fill(said.withDistance, { distance, rule }) : rule,
	}
}

/** Why a day cannot be ordered, as a short phrase (the date picker's marks, the agents' reasons in words). */
export function refusalWords(refusal: Refusal, words: Pick<DeliveryMessages, 'reach' | 'check' | 'time'>): string {
	if (refusal.reason === 'sunday') return words.check.closed.sunday
	if (refusal.reason === 'holiday') return words.check.closed[refusal.holiday]
	return fill(words.reach.refused[refusal.reason], { cutoff: cutoffClause(words) })
}

/**
 * The place's clock in sentences, where it is not plain Arizona time: the Navajo Nation keeps
 * daylight saving time; a place that keeps Arizona time beside a town that does not is said too.
 */
export function clockSentences(place: ReachPlace, words: ReachWords): string[] {
	const said = words.reach.clock
	const deadline = reachOf(place) === 'remote' ? said.dayAheadDeadline : said.sameDayDeadline
	const values = { place: place.name, deadline, cutoff: cutoffHour(words), local: formatSlot(CUTOFF_HOUR + 1, words) }
	if (place.timeZone !== ARIZONA_TIME_ZONE) return [fill(said.daylightSaving, values)]
	if (place.from && place.from.timeZone !== ARIZONA_TIME_ZONE) return [fill(said.arizonaBesideNavajo, { ...values, town: place.from.town })]
	return []
}

/**
 * The values that write the rule's cut-off into a catalog's sentences: `{cutoffTime}`, the cut-off
 * with its zone ('2:00 PM Arizona time'), and `{cutoffHour}`, the hour alone. Catalogs say the
 * cut-off only so; none writes its hour.
 */
export function cutoffValues(words: Pick<DeliveryMessages, 'time' | 'reach'>) {
	return { cutoffTime: cutoffClause(words), cutoffHour: cutoffHour(words) }
}

/** The funeral question's answer in sentences: by when to order, on which day, and why not on the day itself; or what to do instead. */
export function serviceSentences(
	plan: ServicePlan,
	service: Service,
	place: ReachPlace,
	today: CalendarDate,
	words: Pick<DeliveryMessages, 'dates' | 'time' | 'reach' | 'check' | 'service'>,
): string[] {
	const said = words.service
	if (plan.kind === 'past') return [said.past]
	const date = (day: CalendarDate) => formatDate(day, words.dates)
	const values = { place: place.name, time: formatTime(service.hour, service.minute, words), serviceDate: date(service.date) }
	const why = (refusal: ServiceDayRefusal) => {
		if (refusal.reason === 'sunday' || refusal.reason === 'holiday') return `${refusalWords(refusal, words)}.`
		const first = formatSlot(SLOT_HOURS[0], words)
		const last = formatSlot(SLOT_HOURS[SLOT_HOURS.length - 1] ?? CUTOFF_HOUR, words)
		return fill(said.why[refusal.reason], { ...values, first, last, cutoff: cutoffClause(words) })
	}
	if (plan.kind === 'in-time') {
		const deadline = deadlineWords(plan.deadline, today, place, words)
		if (plan.bySlot !== undefined)
			return [fill(said.inTime, { ...values, deadline, slot: formatSlot(plan.bySlot, words), date: date(plan.deliverOn) }), said.checkout]
		return [fill(said.dayBefore, { ...values, deadline, date: date(plan.deliverOn) }), ...(plan.serviceDay ? [why(plan.serviceDay)] : []), said.checkout]
	}
	const home = plan.home
		? fill(said.home, { date: date(plan.home.date), deadline: deadlineWords(plan.home.deadline, today, place, words) })
		: fill(said.noHome, values)
	return [fill(said.tooLate, values), why(plan.serviceDay), home]
}
