import { useEffect, useState } from 'react'
import { parseIsoDate, type CalendarDate } from '#app/domain/calendar-date.ts'

/**
 * The dates the florist network delivers to the city, asked of our server once
 * wanted (the checker is near, a town is chosen); null until then, whenever the
 * partner cannot say (the standard rules answer meanwhile), and while another
 * town's are still what was last heard.
 */
export function useOfferedDates(citySlug: string | undefined, wanted: boolean): CalendarDate[] | null {
	const [heard, setHeard] = useState<{ citySlug: string; dates: CalendarDate[] } | null>(null)
	const setOffered = (dates: CalendarDate[]) => citySlug && setHeard({ citySlug, dates })
	useEffect(() => {
		if (!wanted || !citySlug) return
		const controller = new AbortController()
		fetch(`/api/delivery-dates?city=${encodeURIComponent(citySlug)}`, { signal: controller.signal })
			.then((response) => (response.ok ? (response.json() as Promise<{ dates?: unknown }>) : { dates: null }))
			.then(({ dates }) => {
				if (!Array.isArray(dates)) return
				setOffered(dates.flatMap((value) => (typeof value === 'string' ? (parseIsoDate(value) ?? []) : [])))
			})
			.catch(() => undefined)
		return () => controller.abort()
	}, [citySlug, wanted])
	return heard && heard.citySlug === citySlug ? heard.dates : null
}
