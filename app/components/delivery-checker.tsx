import { CalendarClock, CircleCheck, CircleX } from 'lucide-react'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { addDays, daysBetween, isoDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import { arizonaNow, formatSlot, SLOT_HOURS } from '#app/domain/delivery.ts'
import { checkDelivery } from '#app/domain/delivery-check.ts'
import { reachAt, type ReachAnswer, type ReachPlace } from '#app/domain/reach.ts'
import { refusalWords } from '#app/domain/reach-words.ts'
import type { DeliveryMessages } from '#app/words/delivery-words.server.ts'
import { AffiliateDisclosure, PartnerLink } from '#app/components/partner-link.tsx'
import { useNearViewport } from '#app/components/use-near-viewport.ts'
import { useOfferedDates } from '#app/components/use-offered-dates.ts'
import { useMessages } from '#app/components/use-messages.ts'
import { fill } from '#app/words/locale.ts'

/** The calendar, loaded on its own when the checker nears the screen (the pages without a checker never fetch it). */
const DeliveryDatePicker = lazy(() => import('#app/components/delivery-date-picker.tsx'))

/** `place`: the town or place the page speaks for, with its reach and its own clock; `citySlug`: the town whose ZIP the network is asked about. */
type DeliveryCheckerProps = { place: ReachPlace; citySlug: string; orderUrl: string }

/** Beyond the last date an answer speaks for, the calendar marks this many days more as not open yet. */
const MARKED_BEYOND = 31

/** The days from today that cannot be ordered now, each with its reason in words: through the answer's last date and a month beyond. */
function refusedDays(reach: ReachAnswer, words: DeliveryMessages) {
	const refused: { date: string; message: string }[] = []
	const last = addDays(reach.windowEnd, MARKED_BEYOND)
	for (let day = reach.today; daysBetween(day, last) >= 0; day = addDays(day, 1)) {
		const refusal = reach.refusal(day)
		if (refusal) refused.push({ date: isoDate(day), message: refusalWords(refusal, words) })
	}
	return refused
}

/** Under a yes: that the answer follows the rule, or, on a place's page, that the network's dates are its town's. */
function DatesSource({ offered, place, said }: { offered: readonly CalendarDate[] | null | undefined; place: ReachPlace; said: DeliveryMessages['checker'] }) {
	if (!offered?.length) return <p className="mt-2 text-sm text-stone-800">{said.byRule}</p>
	if (!place.from) return null
	return <p className="mt-2 text-sm text-stone-800">{fill(said.byTown, { town: place.from.town, place: place.name })}</p>
}

/**
 * Pick a date and a time slot, see whether flowers can arrive in time. "Today"
 * is Arizona's, whatever the visitor's own time zone. The date picker is
 * loaded only after the page has hydrated.
 */
export function DeliveryChecker({ place, citySlug, orderUrl }: DeliveryCheckerProps) {
	const dateId = useId()
	const slotId = useId()
	const boxRef = useRef<HTMLDivElement>(null)
	const [wanted, setWanted] = useState(false)
	const nearViewport = useNearViewport(boxRef)
	const [date, setDate] = useState<CalendarDate | null>(null)
	const [slot, setSlot] = useState<number | null>(null)
	const showPicker = nearViewport || wanted
	const offered = useOfferedDates(citySlug, showPicker)
	const words = useMessages().delivery
	const said = words.checker

	const now = new Date()
	// The picker offers what the checker accepts: the same rule, the same dates.
	const reach = reachAt(place, now, offered)
	const refused = refusedDays(reach, words)
	const legend = { title: said.refusedLegend, reasons: [...new Set(refused.map((day) => day.message))] }
	const result = date && slot !== null ? checkDelivery({ now, date, slotHour: slot, place, offered, words }) : null
	const field = 'h-12 w-full rounded-xl border border-stone-300 bg-white px-4 text-base'

	return (
		<div ref={boxRef} onFocusCapture={() => setWanted(true)} className="mt-6 max-w-3xl rounded-2xl bg-sage-50 p-5 ring-1 ring-sage-100 sm:p-6">
			<div className="grid gap-4 sm:grid-cols-2">
				<div>
					<label htmlFor={dateId} className="text-sm font-semibold text-stone-900">
						{said.date}
					</label>
					<div className="mt-1">
						{showPicker ? (
							<Suspense fallback={<input id={dateId} readOnly placeholder={said.loadingCalendar} className={field} />}>
								<DeliveryDatePicker
									id={dateId}
									placeholder={said.chooseDate}
									labels={said.picker}
									words={words.dates}
									selected={date}
									today={arizonaNow(now).today}
									refused={refused}
									legend={legend}
									onChange={setDate}
									openAtStart={wanted && !nearViewport}
								/>
							</Suspense>
						) : (
							<input id={dateId} readOnly placeholder={said.chooseDate} className={field} />
						)}
					</div>
				</div>
				<div>
					<label htmlFor={slotId} className="text-sm font-semibold text-stone-900">
						{said.time}
					</label>
					<select
						id={slotId}
						value={slot ?? ''}
						onChange={(event) => setSlot(event.target.value === '' ? null : Number(event.target.value))}
						className={`mt-1 ${field}`}
					>
						<option value="">{said.chooseTime}</option>
						{SLOT_HOURS.map((hour) => (
							<option key={hour} value={hour}>
								{fill(said.bySlot, { slot: formatSlot(hour, words) })}
							</option>
						))}
					</select>
				</div>
			</div>
			<div aria-live="polite">
				{result ? (
					<div
						data-deliverable={result.deliverable}
						className={`mt-5 rounded-xl border-l-4 p-4 ${result.deliverable ? 'border-emerald-600 bg-emerald-50' : 'border-red-600 bg-red-50'}`}
					>
						<p className={`flex items-start gap-2 font-semibold ${result.deliverable ? 'text-emerald-900' : 'text-red-900'}`}>
							{result.deliverable ? (
								<CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
							) : (
								<CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
							)}
							<span>{result.message}</span>
						</p>
						<p className="mt-2 flex items-center gap-2 text-sm text-stone-800">
							<CalendarClock aria-hidden="true" className="size-4" />
							{fill(said.deadline, { deadline: result.deadline })}
						</p>
						{/* Without the network's own dates for the town, the answer is the rule's: said plainly. */}
						{result.deliverable ? <DatesSource offered={offered} place={place} said={said} /> : null}
						<PartnerLink href={orderUrl} className="btn-primary mt-4">
							{said.order}
						</PartnerLink>
						<AffiliateDisclosure className="mt-2" />
					</div>
				) : null}
			</div>
		</div>
	)
}
