import { describe, expect, test } from 'vitest'
import { addDays, isoDate, weekday, type CalendarDate } from '#app/domain/calendar-date.ts'
import { closedDay, NETWORK_HOLIDAYS } from '#app/domain/delivery-calendar.ts'
import { checkDelivery } from '#app/domain/delivery-check.ts'
import { reachAt, type ReachPlace } from '#app/domain/reach.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { DATED_OCCASIONS } from '#app/domain/reminders.ts'
import { createPartnerLinks } from '#app/domain/partner-links.ts'
import { deliveryDatesFor } from '#app/server/agents/agent-dates.server.ts'
import { getPartnerTemplates } from '#app/server/catalog-data.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'

const day = (year: number, month: number, dayOfMonth: number): CalendarDate => ({ year, month, day: dayOfMonth })
/** An instant given as Arizona wall-clock time (UTC-7 all year). */
const az = (iso: string) => new Date(`${iso}-07:00`)
const phoenix: ReachPlace = { name: 'Phoenix', townReach: 'metro', timeZone: 'America/Phoenix' }
const tubaCity: ReachPlace = { name: 'Tuba City', townReach: 'remote', timeZone: 'America/Denver' }
/** A place without a page, 30 miles from its nearest town: a day's notice. */
const farPlace: ReachPlace = {
	name: 'Wikieup',
	townReach: 'regional',
	timeZone: 'America/Phoenix',
	from: { town: 'Kingman', miles: 30, timeZone: 'America/Phoenix' },
}

describe('the network’s calendar, 2026 to 2030', () => {
	test.each([
		// Thanksgiving, the fourth Thursday of November, on each of its dates.
		[2026, '2026-11-26'],
		[2027, '2027-11-25'],
		[2028, '2028-11-23'],
		[2029, '2029-11-22'],
		[2030, '2030-11-28'],
	])('Thanksgiving %i is %s, a Thursday', (year, iso) => {
		const date = NETWORK_HOLIDAYS.thanksgiving(year)
		expect(isoDate(date)).toBe(iso)
		expect(weekday(date)).toBe(4)
		expect(closedDay(date)).toEqual({ reason: 'holiday', holiday: 'thanksgiving' })
	})

	test('every Sunday, New Year’s Day and Christmas Day is closed; every other day of five years is open', () => {
		const counts = { sunday: 0, holiday: 0, open: 0 }
		for (let date = day(2026, 1, 1); date.year <= 2030; date = addDays(date, 1)) {
			const closed = closedDay(date)
			const holiday =
				(date.month === 1 && date.day === 1) || (date.month === 12 && date.day === 25) || isoDate(date) === isoDate(NETWORK_HOLIDAYS.thanksgiving(date.year))
			if (holiday) expect(closed?.reason, isoDate(date)).toBe('holiday')
			else if (weekday(date) === 0) expect(closed, isoDate(date)).toEqual({ reason: 'sunday' })
			else expect(closed, isoDate(date)).toBeUndefined()
			counts[closed ? (closed.reason === 'sunday' ? 'sunday' : 'holiday') : 'open'] += 1
		}
		// 1,826 days: 15 holidays, and the Sundays that are not one of them.
		expect(counts.holiday).toBe(15)
		expect(counts.sunday + counts.holiday + counts.open).toBe(1826)
		// Christmas Day 2033 is no concern here; 29 February 2028 is an open Tuesday.
		expect(closedDay(day(2028, 2, 29))).toBeUndefined()
	})

	test('Christmas and New Year’s Day on a Sunday are named as the holiday', () => {
		expect(closedDay(day(2028, 12, 25))).toEqual({ reason: 'holiday', holiday: 'christmas-day' })
		expect(closedDay(day(2034, 1, 1))).toEqual({ reason: 'holiday', holiday: 'new-years-day' })
	})

	test.each([2027, 2028, 2029, 2030])('Valentine’s Day and Mother’s Day %i: what the calendar says of each', (year) => {
		const valentines = DATED_OCCASIONS['valentines-day'].date(year)
		expect(closedDay(valentines)).toEqual(weekday(valentines) === 0 ? { reason: 'sunday' } : undefined)
		// US Mother's Day is always a Sunday; 10 de mayo falls on any weekday.
		expect(closedDay(DATED_OCCASIONS['mothers-day'].date(year))).toEqual({ reason: 'sunday' })
		const mayTenth = DATED_OCCASIONS['dia-de-las-madres'].date(year)
		expect(closedDay(mayTenth)).toEqual(weekday(mayTenth) === 0 ? { reason: 'sunday' } : undefined)
	})
})

describe('the rule of reach keeps the calendar when the network gives no dates', () => {
	const isoDates = (dates: readonly CalendarDate[]) => dates.map(isoDate)

	test('Wednesday 23 December 2026 at 10:00: no Christmas, no New Year’s Day, no Sunday, in a metro, a remote town and a named place', () => {
		for (const place of [phoenix, tubaCity, farPlace]) {
			const answer = reachAt(place, az('2026-12-23T10:00:00'))
			const offered = isoDates(answer.dates)
			for (const closed of ['2026-12-25', '2026-12-27', '2027-01-01', '2027-01-03']) expect(offered, place.name).not.toContain(closed)
			expect(answer.refusal(day(2026, 12, 25))).toEqual({ reason: 'holiday', holiday: 'christmas-day' })
			expect(answer.refusal(day(2026, 12, 27))).toEqual({ reason: 'sunday' })
			expect(answer.refusal(day(2027, 1, 1))).toEqual({ reason: 'holiday', holiday: 'new-years-day' })
			expect(answer.refusal(day(2026, 12, 28))).toBeUndefined()
		}
		expect(isoDate(reachAt(phoenix, az('2026-12-23T10:00:00')).earliest ?? day(0, 0, 0))).toBe('2026-12-23')
		expect(isoDate(reachAt(tubaCity, az('2026-12-23T10:00:00')).earliest ?? day(0, 0, 0))).toBe('2026-12-24')
	})

	test('after the cut-off on Christmas Eve the earliest date is Saturday 26 December, and today’s refusal is the cut-off', () => {
		const answer = reachAt(phoenix, az('2026-12-24T15:00:00'))
		expect(isoDate(answer.earliest ?? day(0, 0, 0))).toBe('2026-12-26')
		expect(answer.refusal(day(2026, 12, 24))).toEqual({ reason: 'past-cutoff' })
		const remote = reachAt(tubaCity, az('2026-12-24T15:00:00'))
		expect(remote.refusal(day(2026, 12, 24))).toEqual({ reason: 'days-notice' })
		expect(remote.refusal(day(2026, 12, 25))).toEqual({ reason: 'past-cutoff' })
		expect(isoDate(remote.earliest ?? day(0, 0, 0))).toBe('2026-12-26')
	})

	test('Monday 8 February 2027: Sunday 14 February, Valentine’s Day, is not offered; Saturday 13 and Monday 15 are', () => {
		for (const place of [phoenix, tubaCity, farPlace]) {
			const offered = isoDates(reachAt(place, az('2027-02-08T10:00:00')).dates)
			expect(offered, place.name).not.toContain('2027-02-14')
			expect(offered, place.name).toContain('2027-02-13')
			expect(offered, place.name).toContain('2027-02-15')
		}
	})

	test('the network’s own dates decide where it gives them: a holiday it offers is offered, a weekday it leaves out is refused', () => {
		const offered = [day(2026, 12, 25), day(2026, 12, 26)]
		const answer = reachAt(phoenix, az('2026-12-23T10:00:00'), offered)
		expect(isoDates(answer.dates)).toEqual(['2026-12-25', '2026-12-26'])
		expect(answer.refusal(day(2026, 12, 24))).toEqual({ reason: 'not-offered-by-network' })
		expect(answer.refusal(day(2026, 12, 25))).toBeUndefined()
	})
})

describe('the checker says why a day is refused, and the nearest day that works', () => {
	test.each([
		[
			'en',
			day(2026, 12, 25),
			'The florist network does not deliver on Christmas Day, so delivery in Phoenix on Friday, December 25 cannot be promised. The next delivery date is Saturday, December 26, by 11:00 AM.',
		],
		[
			'en',
			day(2026, 12, 27),
			'The florist network does not deliver on Sundays, so delivery in Phoenix on Sunday, December 27 cannot be promised. The next delivery date is Monday, December 28, by 11:00 AM.',
		],
		[
			'es',
			day(2027, 1, 1),
			'La red de florerías no entrega el Día de Año Nuevo, así que no se puede prometer la entrega en Phoenix el viernes 1 de enero. La siguiente fecha de entrega es el sábado 2 de enero, a más tardar a las 11:00\u00a0a.\u00a0m.',
		],
	] as const)('%s: %o', (lang, date, message) => {
		const result = checkDelivery({ now: az('2026-12-23T10:00:00'), date, slotHour: 11, place: phoenix, words: delivery[lang] })
		expect(result).toMatchObject({ deliverable: false, message })
		// Picking the date it names is accepted.
		const next = date.day === 25 ? day(2026, 12, 26) : date.day === 27 ? day(2026, 12, 28) : day(2027, 1, 2)
		expect(checkDelivery({ now: az('2026-12-23T10:00:00'), date: next, slotHour: 11, place: phoenix, words: delivery[lang] })?.deliverable).toBe(true)
	})

	test('after the cut-off on a holiday eve, “tomorrow” is never promised', () => {
		const result = checkDelivery({ now: az('2026-12-24T15:00:00'), date: day(2026, 12, 24), slotHour: 12, place: phoenix, words: delivery.en })
		expect(result?.message).toBe(
			'Same-day deadline passed. The next delivery date the florist network offers in Phoenix is Saturday, December 26, by 12:00 PM.',
		)
	})
})

describe('the agents’ delivery_dates gives each date’s weekday, how far the list reaches and every refused day with its reason', () => {
	/** No REST dates: the network's calendar answers, as for an operator without credentials. */
	const noNetwork = {
		deliveryDates: { get: async () => null },
		links: createPartnerLinks(getPartnerTemplates(), { partnerBaseUrl: 'https://www.floristone.com', affiliateId: '12345' }),
	} as unknown as PartnerServices

	test.each(['Phoenix', 'Tuba City', 'Nogales'])('%s on Wednesday 23 December 2026 at 10:00', async (town) => {
		const answer = await deliveryDatesFor(noNetwork, { place: town }, az('2026-12-23T10:00:00'))
		for (const closed of ['2026-12-25', '2026-12-27', '2027-01-01', '2027-01-03']) expect(answer.deliveryDates).not.toContain(closed)
		expect(answer.deliveryDays[0]).toEqual({ date: answer.earliestDate, weekday: town === 'Tuba City' ? 'Thursday' : 'Wednesday' })
		expect(answer.listedThrough).toBe(answer.deliveryDates.at(-1))
		expect(answer.refusedDates).toEqual(
			expect.arrayContaining([
				{ date: '2026-12-25', weekday: 'Friday', reason: 'holiday', holiday: 'christmas-day' },
				{ date: '2026-12-27', weekday: 'Sunday', reason: 'sunday' },
				{ date: '2027-01-01', weekday: 'Friday', reason: 'holiday', holiday: 'new-years-day' },
			]),
		)
		if (town === 'Tuba City') expect(answer.refusedDates[0]).toEqual({ date: '2026-12-23', weekday: 'Wednesday', reason: 'days-notice' })
	})
})
