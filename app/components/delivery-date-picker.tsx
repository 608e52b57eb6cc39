import DatePicker from 'react-datepicker'
import 'react-datepicker/dist/react-datepicker.css'

type DeliveryDatePickerProps = {
	id: string
	selected: Date | null
	minDate: Date
	onChange: (date: Date | null) => void
	/** Set when the visitor focused the field before the picker had loaded. */
	autoFocus: boolean
}

/** The react-datepicker input, loaded on its own so other pages never download it. */
export default function DeliveryDatePicker({ id, selected, minDate, onChange, autoFocus }: DeliveryDatePickerProps) {
	return (
		<DatePicker
			id={id}
			selected={selected}
			onChange={onChange}
			minDate={minDate}
			dateFormat="EEEE, MMMM d, yyyy"
			placeholderText="Choose a delivery date"
			autoComplete="off"
			className="h-12 w-full rounded-xl border border-stone-300 bg-white px-4 text-base"
			calendarClassName="delivery-calendar"
			popperPlacement="bottom-start"
			autoFocus={autoFocus}
		/>
	)
}
