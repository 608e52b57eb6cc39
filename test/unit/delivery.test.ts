import { describe, expect, test } from 'vitest'
import { addDays } from '#app/domain/calendar-date.ts'
import { arizonaDayEnd, arizonaNow, formatSlot } from '#app/domain/delivery.ts'
import { checkDelivery as checkIn } from '#app/domain/delivery-check.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import type { Reach } from '#app/domain/reach.ts'

/** The checker's answers in English. */
const checkDelivery = (input: Omit<Parameters<typeof checkIn>[0], 'words'>) => checkIn({ ...input, words: delivery.en })

/** An instant given as Arizona wall-clock time (UTC-7 all year). */
const az = (iso: string) => new Date(`${iso}-07:00`)
const day = (year: number, month: number, dayOfMonth: number) => ({ year, month, day: dayOfMonth })
/** A town with a page, on Arizona time. */
const town = (name: string, townReach: Reach = 'metro') => ({ name, townReach, timeZone: 'America/Phoenix' })

describe('today', () => {
	test('13:59: same-day delivery for a later slot', () => {
		expect(checkDelivery({ now: az('2026-11-19T13:59:59'), date: day(2026, 11, 19), slotHour: 15, place: town('Mesa') })).toMatchObject({
			deliverable: true,
			message: 'Yes! Order before 2:00 PM today for delivery by 3:00 PM in Mesa.',
			deadline: '2:00 PM today',
		})
	})

	test('14:00: the same-day deadline has passed', () => {
		expect(checkDelivery({ now: az('2026-11-19T14:00:00'), date: day(2026, 11, 19), slotHour: 17, place: town('Mesa') })).toMatchObject({
			deliverable: false,
			message: 'Same-day deadline passed. Your flowers will arrive by 5:00 PM tomorrow (Friday, November 20).',
			// The deadline of the date the answer names: tomorrow's, as when tomorrow is picked.
			deadline: '11:59 PM today',
		})
	})

	test('23:59: still today in Arizona, deadline passed', () => {
		const result = checkDelivery({ now: az('2026-11-19T23:59:00'), date: day(2026, 11, 19), slotHour: 9, place: town('Yuma') })
		expect(result?.deliverable).toBe(false)
		expect(result?.message).toContain('tomorrow (Friday, November 20)')
	})

	test('a slot not later than the current hour is shown as passed, pointing to a later slot', () => {
		const result = checkDelivery({ now: az('2026-11-19T10:30:00'), date: day(2026, 11, 19), slotHour: 10, place: town('Mesa') })
		expect(result).toMatchObject({
			deliverable: false,
			message: 'The 10:00 AM slot has already passed today. Choose 11:00 AM or later, or delivery tomorrow (Friday, November 20).',
			deadline: '2:00 PM today',
		})
		expect(checkDelivery({ now: az('2026-11-19T10:30:00'), date: day(2026, 11, 19), slotHour: 11, place: town('Mesa') })?.deliverable).toBe(true)
	})

	test('early morning: every slot is still ahead', () => {
		expect(checkDelivery({ now: az('2026-11-19T06:00:00'), date: day(2026, 11, 19), slotHour: 9, place: town('Mesa') })?.deliverable).toBe(true)
	})
})

describe('midnight and calendar edges', () => {
	test('00:00: yesterday is gone, today is a new day with the cut-off ahead', () => {
		const now = az('2026-11-20T00:00:00')
		expect(checkDelivery({ now, date: day(2026, 11, 19), slotHour: 12, place: town('Mesa') })).toBeNull()
		expect(checkDelivery({ now, date: day(2026, 11, 20), slotHour: 12, place: town('Mesa') })?.deliverable).toBe(true)
	})

	test('tomorrow across a month end', () => {
		expect(checkDelivery({ now: az('2026-11-30T16:00:00'), date: day(2026, 12, 1), slotHour: 9, place: town('Tucson') })).toMatchObject({
			deliverable: true,
			message: 'Perfect! Order today for delivery by 9:00 AM tomorrow in Tucson.',
			deadline: '11:59 PM today',
		})
	})

	test('today after the cut-off on New Year’s Eve rolls past New Year’s Day into the new year', () => {
		expect(checkDelivery({ now: az('2026-12-31T15:00:00'), date: day(2026, 12, 31), slotHour: 12, place: town('Tucson') })?.message).toBe(
			'Same-day deadline passed. The next delivery date the florist network offers in Tucson is Saturday, January 2, by 12:00 PM.',
		)
		expect(checkDelivery({ now: az('2027-12-30T15:00:00'), date: day(2027, 12, 30), slotHour: 12, place: town('Tucson') })?.message).toBe(
			'Same-day deadline passed. Your flowers will arrive by 12:00 PM tomorrow (Friday, December 31).',
		)
	})

	test('a later date: order by the day before, across a year end', () => {
		expect(checkDelivery({ now: az('2026-12-30T09:00:00'), date: day(2027, 1, 2), slotHour: 13, place: town('Tucson') })).toMatchObject({
			deliverable: true,
			message: 'Yes! Order by the day before for delivery by 1:00 PM on Saturday, January 2.',
			deadline: 'Friday, January 1',
		})
	})

	test('February 29 in a leap year', () => {
		expect(addDays(day(2028, 2, 28), 1)).toEqual(day(2028, 2, 29))
		expect(addDays(day(2028, 2, 29), 1)).toEqual(day(2028, 3, 1))
		expect(checkDelivery({ now: az('2028-02-27T10:00:00'), date: day(2028, 2, 29), slotHour: 11, place: town('Flagstaff') })).toMatchObject({
			deliverable: true,
			message: 'Yes! Order by the day before for delivery by 11:00 AM on Tuesday, February 29.',
			deadline: 'Monday, February 28',
		})
	})
})

describe('the visitor’s own time zone does not matter', () => {
	test('Arizona’s date and hour agree with the time zone database at every hour of two years', () => {
		const phoenix = new Intl.DateTimeFormat('en-US', {
			timeZone: 'America/Phoenix',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			hourCycle: 'h23',
		})
		for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2028, 0, 1); time += 3_600_000 + 60_000) {
			const parts = Object.fromEntries(phoenix.formatToParts(time).map((part) => [part.type, Number(part.value)]))
			expect(arizonaNow(new Date(time))).toEqual({ today: day(parts.year ?? 0, parts.month ?? 0, parts.day ?? 0), hour: parts.hour })
		}
	})

	test('New York at 4:30 PM is Arizona at 2:30 PM (winter): deadline passed', () => {
		const now = new Date('2026-11-21T16:30:00-05:00')
		expect(arizonaNow(now)).toEqual({ today: day(2026, 11, 21), hour: 14 })
		expect(checkDelivery({ now, date: day(2026, 11, 21), slotHour: 16, place: town('Mesa') })?.deliverable).toBe(false)
	})

	test('New York at 4:30 PM in summer (EDT) is Arizona at 1:30 PM: still same-day', () => {
		const now = new Date('2026-07-15T16:30:00-04:00')
		expect(arizonaNow(now)).toEqual({ today: day(2026, 7, 15), hour: 13 })
		expect(checkDelivery({ now, date: day(2026, 7, 15), slotHour: 16, place: town('Mesa') })?.deliverable).toBe(true)
	})

	test('New York just after midnight is still yesterday evening in Arizona', () => {
		const now = new Date('2026-11-22T00:30:00-05:00')
		expect(arizonaNow(now)).toEqual({ today: day(2026, 11, 21), hour: 22 })
	})

	test('Honolulu at 11:30 AM is Arizona at 2:30 PM: deadline passed', () => {
		const now = new Date('2026-11-21T11:30:00-10:00')
		expect(arizonaNow(now).hour).toBe(14)
		expect(checkDelivery({ now, date: day(2026, 11, 21), slotHour: 17, place: town('Mesa') })?.deliverable).toBe(false)
	})
})

test('slots outside 9 AM-5 PM give no result, and slots format as the spec shows', () => {
	expect(checkDelivery({ now: az('2026-11-21T06:00:00'), date: day(2026, 11, 21), slotHour: 8, place: town('Mesa') })).toBeNull()
	expect(checkDelivery({ now: az('2026-11-21T06:00:00'), date: day(2026, 11, 23), slotHour: 18, place: town('Mesa') })).toBeNull()
	expect([9, 12, 17].map((hour) => formatSlot(hour, delivery.en))).toEqual(['9:00 AM', '12:00 PM', '5:00 PM'])
})

describe('with the dates the florist network offers for the ZIP', () => {
	// Saturday, November 21, 2026; the partner offers every day but Sundays and Thanksgiving (Nov 26).
	const saturdayMorning = new Date('2026-11-21T10:00:00-07:00')
	const offered = [21, 23, 24, 25, 27, 28, 30].map((day) => ({ year: 2026, month: 11, day }))

	test('an offered date keeps the standard answer', () => {
		const result = checkDelivery({ now: saturdayMorning, date: { year: 2026, month: 11, day: 24 }, slotHour: 11, place: town('Phoenix'), offered })
		expect(result).toMatchObject({
			deliverable: true,
			message: 'Yes! Order by the day before for delivery by 11:00 AM on Tuesday, November 24.',
			deadline: 'Monday, November 23',
		})
	})

	test('a Sunday is not promised: the answer names the next offered date and its deadline', () => {
		const result = checkDelivery({ now: saturdayMorning, date: { year: 2026, month: 11, day: 22 }, slotHour: 11, place: town('Phoenix'), offered })
		expect(result).toMatchObject({
			deliverable: false,
			message: 'The florist network does not deliver in Phoenix on Sunday, November 22. The next delivery date it offers is Monday, November 23, by 11:00 AM.',
			deadline: 'Sunday, November 22',
		})
		const holiday = checkDelivery({ now: saturdayMorning, date: { year: 2026, month: 11, day: 26 }, slotHour: 9, place: town('Mesa'), offered })
		expect(holiday?.message).toContain('The next delivery date it offers is Friday, November 27, by 9:00 AM.')
		expect(holiday?.deadline).toBe('Thursday, November 26')
	})

	test('after the cut-off, a Sunday tomorrow moves the promise to Monday', () => {
		const result = checkDelivery({
			now: new Date('2026-11-21T15:00:00-07:00'),
			date: { year: 2026, month: 11, day: 21 },
			slotHour: 17,
			place: town('Tucson'),
			offered,
		})
		expect(result).toMatchObject({
			deliverable: false,
			message: 'Same-day deadline passed. The next delivery date the florist network offers in Tucson is Monday, November 23, by 5:00 PM.',
			deadline: 'Sunday, November 22',
		})
	})

	test('a date past the network’s last one, and no dates at all', () => {
		const late = checkDelivery({ now: saturdayMorning, date: { year: 2026, month: 12, day: 20 }, slotHour: 12, place: town('Yuma'), offered })
		expect(late).toMatchObject({
			deliverable: false,
			message: 'Sunday, December 20 is not open for orders yet: delivery dates in Yuma run through Monday, November 30.',
			facts: { refusal: { reason: 'beyond-window' } },
		})
		// An empty or missing list is no information: the standard rules and the network's calendar answer.
		const rules = checkDelivery({ now: saturdayMorning, date: { year: 2026, month: 11, day: 23 }, slotHour: 12, place: town('Yuma'), offered: [] })
		expect(rules).toEqual(checkDelivery({ now: saturdayMorning, date: { year: 2026, month: 11, day: 23 }, slotHour: 12, place: town('Yuma') }))
		expect(rules?.deliverable).toBe(true)
	})
})

describe('how long an answer about delivery dates holds', () => {
	test('an hour at most, never past the 2:00 PM cut-off or Arizona midnight', async () => {
		const { deliveryDatesExpiry } = await import('#app/domain/delivery.ts')
		const at = (iso: string) => new Date(iso).getTime()
		expect(deliveryDatesExpiry(at('2026-11-21T10:00:00-07:00'))).toBe(at('2026-11-21T11:00:00-07:00'))
		expect(deliveryDatesExpiry(at('2026-11-21T13:20:00-07:00'))).toBe(at('2026-11-21T14:00:00-07:00'))
		expect(deliveryDatesExpiry(at('2026-11-21T23:30:00-07:00'))).toBe(at('2026-11-22T00:00:00-07:00'))
		expect(deliveryDatesExpiry(at('2026-11-21T14:00:00-07:00'))).toBe(at('2026-11-21T15:00:00-07:00'))
	})
	test('anything said about "today" holds until Arizona midnight, whatever the UTC date', () => {
		// From its first moment to its last, 8:30 PM included (already the next day in UTC).
		for (const time of ['00:00:00', '20:30:00', '23:59:59'])
			expect(arizonaDayEnd(az(`2026-11-21T${time}`).getTime()), time).toBe(az('2026-11-22T00:00:00').getTime())
	})
})

describe('a remote town, where the florist drives out: orders by 2:00 PM the day before', () => {
	const remote = { place: town('Ajo', 'remote') }
	test('today is never promised, before or after the cut-off', () => {
		const morning = checkDelivery({ now: az('2026-11-19T08:00:00'), date: day(2026, 11, 19), slotHour: 15, ...remote })
		expect(morning).toMatchObject({
			deliverable: false,
			message:
				'Same-day delivery cannot be promised in Ajo: orders are due by 2:00 PM Arizona time the day before. The earliest delivery you can order now is Friday, November 20, by 3:00 PM.',
			// The deadline of the earliest date, which picking it then accepts.
			deadline: '2:00 PM today',
		})
	})
	test('tomorrow while today’s cut-off is ahead; the day after once it has passed', () => {
		expect(checkDelivery({ now: az('2026-11-19T13:59:00'), date: day(2026, 11, 20), slotHour: 10, ...remote })).toMatchObject({
			deliverable: true,
			message: 'Yes! Order before 2:00 PM today for delivery by 10:00 AM tomorrow in Ajo.',
			deadline: '2:00 PM today',
		})
		const late = checkDelivery({ now: az('2026-11-19T14:00:00'), date: day(2026, 11, 20), slotHour: 10, ...remote })
		expect(late?.deliverable).toBe(false)
		// What was asked is answered: tomorrow's orders were due by today's cut-off.
		expect(late?.message).toBe(
			'Orders for delivery in Ajo on Friday, November 20 were due by 2:00 PM today. The earliest delivery you can order now is Saturday, November 21, by 10:00 AM.',
		)
	})
	test('a later date names the cut-off on the day before', () => {
		expect(checkDelivery({ now: az('2026-11-21T16:00:00'), date: day(2026, 11, 25), slotHour: 12, ...remote })).toMatchObject({
			deliverable: true,
			message: 'Yes! Order by 2:00 PM on Tuesday, November 24 for delivery by 12:00 PM on Wednesday, November 25.',
			deadline: '2:00 PM, Tuesday, November 24',
		})
	})
	test('the network’s own dates never turn a refusal into a promise', () => {
		const offered = [day(2026, 11, 21), day(2026, 11, 22)]
		expect(checkDelivery({ now: az('2026-11-21T08:00:00'), date: day(2026, 11, 21), slotHour: 15, offered, ...remote })?.deliverable).toBe(false)
	})
})
