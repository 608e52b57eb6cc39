import { useCallback, type ReactNode } from 'react'
import DatePicker from 'react-datepicker'
import type { Locale } from 'date-fns'
import 'react-datepicker/dist/react-datepicker.css'

type DeliveryDatePickerProps = {
	id: string
	/** The calendar's language: its own month and day names where the page is Spanish, loaded only then. */
	locale?: Locale
	placeholder: string
	/** The calendar's labels for screen readers, in the page's language. */
	labels: { choose: string; notAvailable: string; previousMonth: string; nextMonth: string; month: string; dialog: string }
	selected: Date | null
	minDate: Date
	/**
	 * The days from today that cannot be ordered now ('YYYY-MM-DD'), each with its reason: struck through, with the
	 * reason as their title (a screen reader's description of the day). They stay pickable, as SPEC §4
	 * disables only the days before today: picking one answers why, and the nearest day that works.
	 */
	refused: { date: string; message: string }[]
	/** What the marks mean, shown under the calendar: the reasons the days of the window are refused for. */
	legend: { title: string; reasons: string[] }
	onChange: (date: Date | null) => void
	/** Set when the visitor focused the field before the picker had loaded. */
	autoFocus: boolean
}

/** The react-datepicker input, loaded on its own so other pages never download it. */
export default function DeliveryDatePicker({
	id,
	locale,
	placeholder,
	labels,
	selected,
	minDate,
	refused,
	legend,
	onChange,
	autoFocus,
}: DeliveryDatePickerProps) {
	// The calendar's dialog, named in the page's language; kept from render to render, so the open calendar is never mounted anew.
	const container = useCallback(
		({ className, children }: { className?: string; children?: ReactNode }) => (
			<div className={className} role="dialog" aria-modal="true" aria-label={labels.dialog} translate="no">
				{children}
			</div>
		),
		[labels.dialog],
	)
	return (
		<DatePicker
			id={id}
			selected={selected}
			onChange={onChange}
			minDate={minDate}
			holidays={refused.map(({ date, message }) => ({ date, holidayName: message }))}
			locale={locale}
			dateFormat={locale ? "EEEE d 'de' MMMM 'de' yyyy" : 'EEEE, MMMM d, yyyy'}
			placeholderText={placeholder}
			chooseDayAriaLabelPrefix={labels.choose}
			disabledDayAriaLabelPrefix={labels.notAvailable}
			previousMonthAriaLabel={labels.previousMonth}
			previousMonthButtonLabel={labels.previousMonth}
			nextMonthAriaLabel={labels.nextMonth}
			nextMonthButtonLabel={labels.nextMonth}
			monthAriaLabelPrefix={labels.month}
			// The week starts on Sunday, as US and Mexican calendars do (the Spanish locale would start it on Monday).
			calendarStartDay={0}
			calendarContainer={container}
			autoComplete="off"
			className="h-12 w-full rounded-xl border border-stone-300 bg-white px-4 text-base"
			calendarClassName="delivery-calendar"
			popperPlacement="bottom-start"
			autoFocus={autoFocus}
		>
			{legend.reasons.length > 0 ? (
				<div className="delivery-calendar-legend">
					<p>{legend.title}</p>
					<ul>
						{legend.reasons.map((reason) => (
							<li key={reason}>{reason}</li>
						))}
					</ul>
				</div>
			) : null}
		</DatePicker>
	)
}
