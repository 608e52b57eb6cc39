import { expect, test } from 'vitest'
import { DATED_OCCASIONS, nextBirthday, nextOccurrence, secondSunday } from '~/domain/reminders.ts'

test('Mother’s Day is the second Sunday of May, computed', () => {
	expect(secondSunday(2027, 5)).toEqual({ year: 2027, month: 5, day: 9 })
	expect(secondSunday(2026, 5)).toEqual({ year: 2026, month: 5, day: 10 })
	// A May that starts on a Sunday.
	expect(secondSunday(2033, 5)).toEqual({ year: 2033, month: 5, day: 8 })
	expect(DATED_OCCASIONS['mothers-day'].date(2027)).toEqual({ year: 2027, month: 5, day: 9 })
})

test('the next occasion is this year’s until its day has passed', () => {
	const valentines = DATED_OCCASIONS['valentines-day'].date
	expect(nextOccurrence(valentines, { year: 2027, month: 2, day: 14 })).toEqual({ year: 2027, month: 2, day: 14 })
	expect(nextOccurrence(valentines, { year: 2027, month: 2, day: 15 })).toEqual({ year: 2028, month: 2, day: 14 })
})

test('a birthday on 29 February falls on 28 February in other years', () => {
	expect(nextBirthday(2, 29, { year: 2027, month: 1, day: 1 })).toEqual({ year: 2027, month: 2, day: 28 })
	expect(nextBirthday(2, 29, { year: 2028, month: 1, day: 1 })).toEqual({ year: 2028, month: 2, day: 29 })
	expect(nextBirthday(3, 14, { year: 2027, month: 3, day: 15 })).toEqual({ year: 2028, month: 3, day: 14 })
})
