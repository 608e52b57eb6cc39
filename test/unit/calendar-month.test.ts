import { expect, test } from 'vitest'
import { keyMove, shiftDay, weeksOf } from '#app/domain/calendar-month.ts'

const day = (iso: string) => {
	const [year, month, date] = iso.split('-').map(Number)
	return { year: year ?? 0, month: month ?? 0, day: date ?? 0 }
}

test('a month’s weeks start on Sunday, with blanks before its first day and after its last', () => {
	// December 2026 begins on a Tuesday and ends on a Thursday.
	const weeks = weeksOf({ year: 2026, month: 12 })
	expect(weeks).toHaveLength(5)
	expect(weeks[0]?.slice(0, 3)).toEqual([null, null, day('2026-12-01')])
	expect(weeks[4]).toEqual([day('2026-12-27'), day('2026-12-28'), day('2026-12-29'), day('2026-12-30'), day('2026-12-31'), null, null])
	// February 2026 fills exactly four weeks, from a Sunday.
	expect(weeksOf({ year: 2026, month: 2 }).flat().filter(Boolean)).toHaveLength(28)
	expect(weeksOf({ year: 2028, month: 2 }).flat().filter(Boolean)).toHaveLength(29)
})

test('a month on keeps the day, or the month’s last: 31 January to 28 February, 29 February 2028 back to 29 January', () => {
	expect(shiftDay(day('2027-01-31'), 1)).toEqual(day('2027-02-28'))
	expect(shiftDay(day('2028-02-29'), -1)).toEqual(day('2028-01-29'))
	expect(shiftDay(day('2026-12-15'), 1)).toEqual(day('2027-01-15'))
	expect(shiftDay(day('2026-12-15'), 12)).toEqual(day('2027-12-15'))
})

test('the calendar’s keys: arrows by a day or a week, Home and End to the week’s ends, Page keys by a month or (with Shift) a year', () => {
	const from = day('2026-12-31')
	const key = (name: string, shiftKey = false) => keyMove({ key: name, shiftKey }, from)
	expect(key('ArrowRight')).toEqual(day('2027-01-01'))
	expect(key('ArrowLeft')).toEqual(day('2026-12-30'))
	expect(key('ArrowDown')).toEqual(day('2027-01-07'))
	expect(key('ArrowUp')).toEqual(day('2026-12-24'))
	expect(key('Home')).toEqual(day('2026-12-27'))
	expect(key('End')).toEqual(day('2027-01-02'))
	expect(key('PageDown')).toEqual(day('2027-01-31'))
	expect(key('PageUp', true)).toEqual(day('2025-12-31'))
	expect(key('a')).toBeUndefined()
})
