import { memo, useMemo, type KeyboardEvent } from 'react'
import { formatDate, isoDate, parseIsoDate, type CalendarDate, type DateWords } from '#app/domain/calendar-date.ts'
import { monthOf, weeksOf } from '#app/domain/calendar-month.ts'

/** The delivery calendar's month: its header, its grid of days, and the legend under it. */

export type PickerLabels = {
	/** Before a day's date, for a screen reader: 'Choose Friday, December 25, 2026'. */
	choose: string
	/** Before a day before today's date. */
	notAvailable: string
	previousMonth: string
	nextMonth: string
	/** The month shown: '{month} {year}'. */
	monthTitle: string
	dialog: string
}

type MonthGridProps = {
	/** 'YYYY-MM-DD' throughout, so the grid is drawn again only when a day it shows changes. */
	month: string
	today: string
	selected: string | null
	/** The day that takes the keyboard's focus (the grid's one tab stop). */
	active: string
	reasons: ReadonlyMap<string, string>
	labels: PickerLabels
	words: DateWords
	titleId: string
	onPick: (date: CalendarDate) => void
	onKey: (event: KeyboardEvent<HTMLTableElement>) => void
}

/**
 * One month's days. Kept from render to render while its props hold (React.memo), so opening the
 * calendar only shows what was drawn ahead of the tap.
 */
export const MonthGrid = memo(function MonthGrid({ month, today, selected, active, reasons, labels, words, titleId, onPick, onKey }: MonthGridProps) {
	const first = parseIsoDate(month) ?? { year: 1970, month: 1, day: 1 }
	return (
		<table role="grid" aria-labelledby={titleId} className="mt-2 w-full table-fixed border-collapse text-center" onKeyDown={onKey}>
			<thead>
				<tr>
					{words.weekdays.map((name) => (
						<th key={name} scope="col" abbr={name} className="pb-1 text-xs font-semibold text-stone-700">
							{name.slice(0, 2)}
						</th>
					))}
				</tr>
			</thead>
			<tbody>
				{weeksOf(monthOf(first)).map((week, row) => (
					<tr key={row}>
						{week.map((day, index) => {
							if (!day) return <td key={index} />
							const iso = isoDate(day)
							const past = iso < today
							const reason = reasons.get(iso)
							const chosen = iso === selected
							const named = formatDate(day, words, { year: true })
							return (
								<td
									key={iso}
									data-date={iso}
									data-refused={reason ? 'true' : undefined}
									aria-label={past ? `${labels.notAvailable} ${named}` : reason ? `${labels.choose} ${named}. ${reason}` : `${labels.choose} ${named}`}
									aria-disabled={past}
									aria-selected={chosen}
									title={reason}
									tabIndex={iso === active ? 0 : -1}
									onClick={past ? undefined : () => onPick(day)}
									className={`h-10 rounded-lg text-sm ${
										chosen
											? 'bg-brand-700 font-semibold text-white'
											: past
												? 'cursor-default text-stone-400'
												: reason
													? 'cursor-pointer text-stone-500 line-through'
													: 'cursor-pointer text-stone-900 hover:bg-sage-100'
									} ${iso === today && !chosen ? 'font-bold' : ''}`}
								>
									{day.day}
								</td>
							)
						})}
					</tr>
				))}
			</tbody>
		</table>
	)
})

/** The month shown, between the buttons that turn it. */
export function MonthHeader({
	titleId,
	title,
	labels,
	atFirstMonth,
	onTurn,
}: {
	titleId: string
	title: string
	labels: PickerLabels
	atFirstMonth: boolean
	onTurn: (by: number) => void
}) {
	const arrow = 'grid size-10 place-items-center rounded-full text-lg text-stone-800 hover:bg-sage-100 disabled:opacity-30'
	return (
		<div className="flex items-center justify-between">
			<button type="button" className={arrow} aria-label={labels.previousMonth} disabled={atFirstMonth} onClick={() => onTurn(-1)}>
				<span aria-hidden="true">‹</span>
			</button>
			<p id={titleId} aria-live="polite" className="text-base font-semibold text-stone-900">
				{title}
			</p>
			<button type="button" className={arrow} aria-label={labels.nextMonth} onClick={() => onTurn(1)}>
				<span aria-hidden="true">›</span>
			</button>
		</div>
	)
}

/** Under the calendar: what its struck-through days mean. */
export function Legend({ title, reasons }: { title: string; reasons: string[] }) {
	if (reasons.length === 0) return null
	return (
		<div className="delivery-calendar-legend mt-2">
			<p>{title}</p>
			<ul>
				{reasons.map((reason) => (
					<li key={reason}>{reason}</li>
				))}
			</ul>
		</div>
	)
}

/** The refused days by date. The checker computes its list anew on each render; the map (and the grid drawn from it) changes only when a day or a reason does. */
export function useReasons(refused: { date: string; message: string }[]): ReadonlyMap<string, string> {
	const key = refused.map(({ date, message }) => `${date}\u0000${message}`).join('\u0001')
	return useMemo(() => new Map(refused.map(({ date, message }) => [date, message])), [key])
}
