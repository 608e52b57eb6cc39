import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { compareDates, formatDate, isoDate, parseIsoDate, type CalendarDate, type DateWords } from '#app/domain/calendar-date.ts'
import { firstOf, keyMove, monthOf, shiftDay } from '#app/domain/calendar-month.ts'
import { fill } from '#app/words/locale.ts'
import { Legend, MonthGrid, MonthHeader, useReasons, type PickerLabels } from '#app/components/delivery-calendar-month.tsx'

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

/** While `open`: a tap outside the `inside` elements calls `close`. */
function useClosedByTapOutside(open: boolean, inside: RefObject<HTMLElement | null>[], close: () => void) {
	const latest = useRef({ inside, close })
	useEffect(() => {
		latest.current = { inside, close }
	})
	useEffect(() => {
		if (!open) return
		const outside = (event: PointerEvent) => {
			const target = event.target as Node
			if (!latest.current.inside.some((element) => element.current?.contains(target))) latest.current.close()
		}
		document.addEventListener('pointerdown', outside)
		return () => document.removeEventListener('pointerdown', outside)
	}, [open])
}

/**
 * The day the keyboard is on: `current` as the last key left it (ahead of the render that shows it),
 * and `moveTo`, which moves there and, when asked, focuses that day once it is drawn.
 */
function useFocusedDay(active: CalendarDate, setActive: (date: CalendarDate) => void, open: boolean, dialog: RefObject<HTMLDivElement | null>) {
	const current = useRef(active)
	const wantFocus = useRef(false)
	const moveTo = useCallback(
		(date: CalendarDate, focus: boolean) => {
			current.current = date
			wantFocus.current = focus
			setActive(date)
		},
		[setActive],
	)
	useEffect(() => {
		if (!open || !wantFocus.current) return
		wantFocus.current = false
		dialog.current?.querySelector<HTMLElement>(`[data-date="${isoDate(active)}"]`)?.focus()
	}, [open, active, dialog])
	return { current, moveTo }
}

/** The grid's keys: Enter or Space picks the day the keyboard is on (from today on); the others move it (never before today). */
function useGridKeys(
	current: RefObject<CalendarDate>,
	todayIso: string,
	pick: (date: CalendarDate) => void,
	moveTo: (date: CalendarDate, focus: boolean) => void,
) {
	return useCallback(
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
		[current, todayIso, pick, moveTo],
	)
}

/** In the open calendar: Escape closes it; Tab and Shift+Tab go round its stops (its buttons and the focused day), as a modal dialog's should. */
function dialogKeys(event: KeyboardEvent, dialog: HTMLElement | null, close: () => void) {
	if (event.key === 'Escape') {
		event.preventDefault()
		close()
	}
	if (event.key !== 'Tab') return
	const stops = [...(dialog?.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="0"]') ?? [])]
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

/** The field: the day picked, or what to do; a tap, Enter, Space or Arrow Down opens the calendar. */
function DateField({
	ref,
	id,
	open,
	value,
	placeholder,
	onToggle,
}: {
	ref: RefObject<HTMLInputElement | null>
	id: string
	open: boolean
	value: string
	placeholder: string
	onToggle: (byKeyboard: boolean) => void
}) {
	return (
		<input
			ref={ref}
			id={id}
			readOnly
			inputMode="none"
			role="combobox"
			autoComplete="off"
			aria-haspopup="dialog"
			aria-expanded={open}
			aria-controls={`${id}-calendar`}
			value={value}
			placeholder={placeholder}
			onClick={() => onToggle(false)}
			onKeyDown={(event) => {
				if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
					event.preventDefault()
					onToggle(true)
				}
			}}
			className="h-12 w-full cursor-pointer rounded-xl border border-stone-300 bg-white px-4 text-base"
		/>
	)
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
	const reasons = useReasons(refused)
	const todayIso = isoDate(today)
	const month = monthOf(active)
	const titleId = `${id}-month`

	useClosedByTapOutside(open, [dialog, field], () => setOpen(false))

	const { current, moveTo } = useFocusedDay(active, setActive, open, dialog)
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
	const onKey = useGridKeys(current, todayIso, pick, moveTo)
	const show = (byKeyboard: boolean) => {
		moveTo(selected ?? today, byKeyboard)
		setOpen(true)
	}
	const turn = (by: number) => {
		const to = shiftDay(active, by)
		moveTo(compareDates(to, today) < 0 ? today : to, false)
	}
	return (
		<div className="relative">
			<DateField
				ref={field}
				id={id}
				open={open}
				value={selected ? formatDate(selected, words, { year: true }) : ''}
				placeholder={placeholder}
				onToggle={(byKeyboard) => (open && !byKeyboard ? setOpen(false) : show(byKeyboard))}
			/>
			<div
				ref={dialog}
				id={`${id}-calendar`}
				role="dialog"
				aria-modal="true"
				aria-label={labels.dialog}
				hidden={!open}
				translate="no"
				onKeyDown={(event) => dialogKeys(event, dialog.current, close)}
				className="delivery-calendar absolute top-full left-0 z-30 mt-2 w-[min(20rem,calc(100vw-2.5rem))] rounded-2xl bg-white p-3 shadow-lg ring-1 ring-stone-200"
			>
				<MonthHeader
					titleId={titleId}
					title={fill(labels.monthTitle, { month: words.months[month.month - 1] ?? '', year: month.year })}
					labels={labels}
					atFirstMonth={month.year === today.year && month.month === today.month}
					onTurn={turn}
				/>
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
				<Legend {...legend} />
			</div>
		</div>
	)
}
