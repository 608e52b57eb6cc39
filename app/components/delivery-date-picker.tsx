import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { addDays, compareDates, daysBetween, formatDate, isoDate, parseIsoDate, weekday, type CalendarDate, type DateWords } from '#app/domain/calendar-date.ts'
import { fill } from '#app/domain/locale.ts'

type PickerLabels = {
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

type DeliveryDatePickerProps = {
	id: string
	placeholder: string
	labels: PickerLabels
	/** Month and day names in the page's language. */
	words: DateWords
	selected: CalendarDate | null
	/** Arizona's today: the days before it cannot be picked. */
	today: CalendarDate
	/**
	 * The days from today that cannot be ordered now ('YYYY-MM-DD'), each with its reason: struck through, with the
	 * reason as their title and in their name for a screen reader. They stay pickable, as SPEC §4 disables only the
	 * days before today: picking one answers why, and the nearest day that works.
	 */
	refused: { date: string; message: string }[]
	/** What the marks mean, shown under the calendar: the reasons the days of the window are refused for. */
	legend: { title: string; reasons: string[] }
	onChange: (date: CalendarDate) => void
	/** Set when the visitor tapped the field before the picker had loaded: it opens at once. */
	openAtStart: boolean
}

type Month = { year: number; month: number }

const monthOf = (date: CalendarDate): Month => ({ year: date.year, month: date.month })
const firstOf = (month: Month): CalendarDate => ({ ...month, day: 1 })
const shiftMonth = (month: Month, by: number): Month => {
	const index = month.year * 12 + month.month - 1 + by
	return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}
/** The same day of the month `by` months away, or that month's last day. */
function shiftDay(date: CalendarDate, by: number): CalendarDate {
	const month = shiftMonth(monthOf(date), by)
	const last = addDays(firstOf(shiftMonth(month, 1)), -1).day
	return { ...month, day: Math.min(date.day, last) }
}

/** The weeks of a month, Sunday first (as US and Mexican calendars start them), with null outside the month. */
function weeksOf(month: Month): (CalendarDate | null)[][] {
	const first = firstOf(month)
	const days = daysBetween(first, firstOf(shiftMonth(month, 1)))
	const cells: (CalendarDate | null)[] = [...Array<null>(weekday(first)).fill(null)]
	for (let day = 0; day < days; day++) cells.push(addDays(first, day))
	while (cells.length % 7 > 0) cells.push(null)
	return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
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
const MonthGrid = memo(function MonthGrid({ month, today, selected, active, reasons, labels, words, titleId, onPick, onKey }: MonthGridProps) {
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

/** The move a key makes in the grid, in days or months; undefined for a key the grid leaves alone. */
function keyMove(event: KeyboardEvent, from: CalendarDate): CalendarDate | undefined {
	switch (event.key) {
		case 'ArrowLeft':
			return addDays(from, -1)
		case 'ArrowRight':
			return addDays(from, 1)
		case 'ArrowUp':
			return addDays(from, -7)
		case 'ArrowDown':
			return addDays(from, 7)
		case 'Home':
			return addDays(from, -weekday(from))
		case 'End':
			return addDays(from, 6 - weekday(from))
		case 'PageUp':
			return shiftDay(from, event.shiftKey ? -12 : -1)
		case 'PageDown':
			return shiftDay(from, event.shiftKey ? 12 : 1)
		default:
			return undefined
	}
}

/**
 * The delivery date field and its calendar: a month of days drawn when the checker nears the screen, so
 * the tap that opens it only shows it. The days before today are not available; the days the network
 * will not deliver are struck through with their reason. Keyboard: arrows move a day or a week, Home
 * and End to the week's ends, Page Up and Page Down a month (with Shift a year), Enter or Space picks,
 * Escape closes; Tab stays in the open calendar.
 */
export default function DeliveryDatePicker({
	id,
	placeholder,
	labels,
	words,
	selected,
	today,
	refused,
	legend,
	onChange,
	openAtStart,
}: DeliveryDatePickerProps) {
	const [open, setOpen] = useState(openAtStart)
	const [active, setActive] = useState<CalendarDate>(selected ?? today)
	const field = useRef<HTMLInputElement>(null)
	const dialog = useRef<HTMLDivElement>(null)
	const refusedKey = refused.map(({ date, message }) => `${date}\u0000${message}`).join('\u0001')
	// The checker computes the list anew on each render; the map (and the grid drawn from it) changes only when a day or reason does.
	const reasons = useMemo(() => new Map(refused.map(({ date, message }) => [date, message])), [refusedKey])
	const todayIso = isoDate(today)
	const month = monthOf(active)
	const titleId = `${id}-month`

	// While open: a tap outside closes it.
	useEffect(() => {
		if (!open) return
		const outside = (event: PointerEvent) => {
			const target = event.target as Node
			if (!dialog.current?.contains(target) && !field.current?.contains(target)) setOpen(false)
		}
		document.addEventListener('pointerdown', outside)
		return () => document.removeEventListener('pointerdown', outside)
	}, [open])

	// The day the keyboard is on, as the last key left it (ahead of the render that focuses it), and whether to focus it.
	const current = useRef(active)
	const wantFocus = useRef(false)
	const moveTo = useCallback((date: CalendarDate, focus: boolean) => {
		current.current = date
		wantFocus.current = focus
		setActive(date)
	}, [])
	useEffect(() => {
		if (!open || !wantFocus.current) return
		wantFocus.current = false
		dialog.current?.querySelector<HTMLElement>(`[data-date="${isoDate(active)}"]`)?.focus()
	}, [open, active])
	const close = useCallback(() => {
		setOpen(false)
		field.current?.focus()
	}, [])
	const pick = useCallback(
		(date: CalendarDate) => {
			onChange(date)
			moveTo(date, false)
			close()
		},
		[onChange, moveTo, close],
	)
	const onKey = useCallback(
		(event: KeyboardEvent<HTMLTableElement>) => {
			const from = current.current
			const earliest = parseIsoDate(todayIso) ?? from
			if (event.key === 'Enter' || event.key === ' ') {
				event.preventDefault()
				if (compareDates(from, earliest) >= 0) pick(from)
				return
			}
			const next = keyMove(event, from)
			if (!next) return
			event.preventDefault()
			moveTo(compareDates(next, earliest) < 0 ? earliest : next, true)
		},
		[todayIso, pick, moveTo],
	)
	const show = (byKeyboard: boolean) => {
		moveTo(selected ?? today, byKeyboard)
		setOpen(true)
	}
	const turn = (by: number) => {
		const to = shiftDay(active, by)
		moveTo(compareDates(to, today) < 0 ? today : to, false)
	}
	const onDialogKey = (event: KeyboardEvent<HTMLDivElement>) => {
		if (event.key === 'Escape') {
			event.preventDefault()
			close()
		} else if (event.key === 'Tab') {
			const stops = [...(dialog.current?.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="0"]') ?? [])]
			const first = stops[0]
			const last = stops.at(-1)
			if (event.shiftKey && document.activeElement === first) {
				event.preventDefault()
				last?.focus()
			} else if (!event.shiftKey && document.activeElement === last) {
				event.preventDefault()
				first?.focus()
			}
		}
	}
	const atFirstMonth = month.year === today.year && month.month === today.month
	const arrow = 'grid size-10 place-items-center rounded-full text-lg text-stone-800 hover:bg-sage-100 disabled:opacity-30'

	return (
		<div className="relative">
			<input
				ref={field}
				id={id}
				readOnly
				inputMode="none"
				role="combobox"
				autoComplete="off"
				aria-haspopup="dialog"
				aria-expanded={open}
				aria-controls={`${id}-calendar`}
				value={selected ? formatDate(selected, words, { year: true }) : ''}
				placeholder={placeholder}
				onClick={() => (open ? setOpen(false) : show(false))}
				onKeyDown={(event) => {
					if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
						event.preventDefault()
						show(true)
					}
				}}
				className="h-12 w-full cursor-pointer rounded-xl border border-stone-300 bg-white px-4 text-base"
			/>
			<div
				ref={dialog}
				id={`${id}-calendar`}
				role="dialog"
				aria-modal="true"
				aria-label={labels.dialog}
				hidden={!open}
				translate="no"
				onKeyDown={onDialogKey}
				className="delivery-calendar absolute top-full left-0 z-30 mt-2 w-[min(20rem,calc(100vw-2.5rem))] rounded-2xl bg-white p-3 shadow-lg ring-1 ring-stone-200"
			>
				<div className="flex items-center justify-between">
					<button type="button" className={arrow} aria-label={labels.previousMonth} disabled={atFirstMonth} onClick={() => turn(-1)}>
						<span aria-hidden="true">‹</span>
					</button>
					<p id={titleId} aria-live="polite" className="text-base font-semibold text-stone-900">
						{fill(labels.monthTitle, { month: words.months[month.month - 1] ?? '', year: month.year })}
					</p>
					<button type="button" className={arrow} aria-label={labels.nextMonth} onClick={() => turn(1)}>
						<span aria-hidden="true">›</span>
					</button>
				</div>
				<MonthGrid
					month={isoDate(firstOf(month))}
					today={todayIso}
					selected={selected ? isoDate(selected) : null}
					active={isoDate(active)}
					reasons={reasons}
					labels={labels}
					words={words}
					titleId={titleId}
					onPick={pick}
					onKey={onKey}
				/>
				{legend.reasons.length > 0 ? (
					<div className="delivery-calendar-legend mt-2">
						<p>{legend.title}</p>
						<ul>
							{legend.reasons.map((reason) => (
								<li key={reason}>{reason}</li>
							))}
						</ul>
					</div>
				) : null}
			</div>
		</div>
	)
}
