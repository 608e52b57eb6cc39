import { CalendarClock } from 'lucide-react'
import { useId, useState } from 'react'
import { isoDate, parseIsoDate } from '#app/domain/calendar-date.ts'
import { arizonaNow, formatTime } from '#app/domain/delivery.ts'
import { reachAt, type ReachPlace } from '#app/domain/reach.ts'
import { serviceSentences } from '#app/domain/reach-words.ts'
import { servicePlan } from '#app/domain/service-plan.ts'
import { AffiliateDisclosure, PartnerLink } from '#app/components/partner-link.tsx'
import { useOfferedDates } from '#app/components/use-offered-dates.ts'
import { useMessages } from '#app/components/use-messages.ts'

/** A town the question may be asked for: the town whose ZIP the network is asked about, and the place its rule of reach is for. */
export type ServiceTown = { slug: string; place: ReachPlace }

/** The times a service may be given at: every half hour from 7:00 AM to 8:00 PM. */
const SERVICE_TIMES = Array.from({ length: 27 }, (_, index) => ({ hour: 7 + Math.floor(index / 2), minute: (index % 2) * 30 }))

/**
 * The funeral question: the town, date and time of a service, and by when to order so the flowers
 * arrive before it, from the same rule of reach as the checker (and the network's dates for the
 * town's ZIP once a town is chosen). The answer is worked out in the browser as the visitor
 * chooses; before the scripts load, the fields are there and the sentence waits for them.
 */
export function FuneralPlanner({ towns, orderUrl, className = '' }: { towns: readonly ServiceTown[]; orderUrl: string; className?: string }) {
	const id = useId()
	const words = useMessages().delivery
	const said = words.service
	const [slug, setSlug] = useState(towns.length === 1 ? (towns[0]?.slug ?? '') : '')
	const [date, setDate] = useState('')
	const [time, setTime] = useState('')
	const town = towns.find((candidate) => candidate.slug === slug)
	const offered = useOfferedDates(town?.slug, Boolean(town))
	const now = new Date()
	const service = parseIsoDate(date)
	const [hour, minute] = time.split(':').map(Number)
	const sentences =
		town && service && hour !== undefined && minute !== undefined && time
			? serviceSentences(
					servicePlan(reachAt(town.place, now, offered), { date: service, hour, minute }),
					{ date: service, hour, minute },
					town.place,
					arizonaNow(now).today,
					words,
				)
			: null
	const field = 'mt-1 h-12 w-full rounded-xl border border-stone-300 bg-white px-4 text-base'
	return (
		<div className={`rounded-2xl bg-sage-50 p-5 ring-1 ring-sage-100 sm:p-6 ${className}`}>
			<h3 id={`${id}-title`} className="font-serif text-xl font-semibold text-stone-900">
				{said.title}
			</h3>
			<p className="mt-2 text-stone-700">{said.intro}</p>
			<div className={`mt-4 grid gap-4 ${towns.length > 1 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
				{towns.length > 1 ? (
					<div>
						<label htmlFor={`${id}-town`} className="text-sm font-semibold text-stone-900">
							{said.town}
						</label>
						<select id={`${id}-town`} value={slug} onChange={(event) => setSlug(event.target.value)} className={field}>
							<option value="">{said.chooseTown}</option>
							{towns.map((candidate) => (
								<option key={candidate.slug} value={candidate.slug}>
									{candidate.place.name}
								</option>
							))}
						</select>
					</div>
				) : null}
				<div>
					<label htmlFor={`${id}-date`} className="text-sm font-semibold text-stone-900">
						{said.date}
					</label>
					<input
						id={`${id}-date`}
						type="date"
						min={isoDate(arizonaNow(now).today)}
						value={date}
						onChange={(event) => setDate(event.target.value)}
						className={field}
					/>
				</div>
				<div>
					<label htmlFor={`${id}-time`} className="text-sm font-semibold text-stone-900">
						{said.time}
					</label>
					<select id={`${id}-time`} value={time} onChange={(event) => setTime(event.target.value)} className={field}>
						<option value="">{said.chooseTime}</option>
						{SERVICE_TIMES.map(({ hour, minute }) => (
							<option key={`${hour}:${minute}`} value={`${hour}:${minute}`}>
								{formatTime(hour, minute, words)}
							</option>
						))}
					</select>
				</div>
			</div>
			<div aria-live="polite">
				{sentences ? (
					<div data-service-answer className="mt-5 rounded-xl border-l-4 border-brand-700 bg-white p-4">
						<p className="flex items-start gap-2 font-semibold text-stone-900">
							<CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
							<span>{sentences[0]}</span>
						</p>
						{sentences.slice(1).map((sentence) => (
							<p key={sentence} className="mt-2 text-sm text-stone-800">
								{sentence}
							</p>
						))}
						{!offered?.length ? <p className="mt-2 text-sm text-stone-800">{words.checker.byRule}</p> : null}
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
