import { describe, expect, test } from 'vitest'
import { isoDate } from '#app/domain/calendar-date.ts'
import { peakDayPlan, upcomingPeakDays } from '#app/domain/peak-days.ts'
import { reachAt, type ReachPlace } from '#app/domain/reach.ts'
import { peakDayNotice, peakDaysIn, peakNotices } from '#app/server/peak-days-ahead.server.ts'

/** An instant given as Arizona wall-clock time (UTC-7 all year). */
const az = (iso: string) => new Date(`${iso}-07:00`)

describe('a dated occasion planned ahead, as facts', () => {
	test('Valentine’s Day 2027 is a Sunday: Saturday 13 or Monday 15, from 45 days before', () => {
		expect(peakDayPlan('valentines-day', az('2026-12-30T12:00:00'))).toBeUndefined()
		const plan = peakDayPlan('valentines-day', az('2026-12-31T00:00:00'))
		expect(plan && { day: isoDate(plan.day), daysAway: plan.daysAway, closed: plan.closed, deliverOn: isoDate(plan.deliverOn) }).toEqual({
			day: '2027-02-14',
			daysAway: 45,
			closed: { reason: 'sunday' },
			deliverOn: '2027-02-13',
		})
		expect(plan?.instead && [plan.instead.before && isoDate(plan.instead.before), isoDate(plan.instead.after)]).toEqual(['2027-02-13', '2027-02-15'])
	})

	test('on the Sunday itself, only Monday is left', () => {
		const plan = peakDayPlan('valentines-day', az('2027-02-14T09:00:00'))
		expect(plan?.instead?.before).toBeUndefined()
		expect(plan && isoDate(plan.deliverOn)).toBe('2027-02-15')
	})

	test('US Mother’s Day 9 May 2027 is a Sunday; the 10 de mayo 2027 is a Monday, the day itself', () => {
		const mothers = peakDayPlan('mothers-day', az('2027-05-01T10:00:00'))
		expect(mothers && [isoDate(mothers.day), isoDate(mothers.deliverOn), mothers.closed?.reason]).toEqual(['2027-05-09', '2027-05-08', 'sunday'])
		const mayTenth = peakDayPlan('dia-de-las-madres', az('2027-05-01T10:00:00'))
		expect(mayTenth && [isoDate(mayTenth.day), isoDate(mayTenth.deliverOn), mayTenth.closed]).toEqual(['2027-05-10', '2027-05-10', undefined])
	})

	test('Valentine’s Day 2028 is a Monday: the day itself', () => {
		const plan = peakDayPlan('valentines-day', az('2028-02-01T10:00:00'))
		expect(plan && [isoDate(plan.deliverOn), plan.closed]).toEqual(['2028-02-14', undefined])
	})
})

describe('what the occasion pages say of it, in both languages', () => {
	test('the Valentine’s page on Monday 8 February 2027', () => {
		expect(peakDayNotice('valentines-day', 'en', az('2027-02-08T10:00:00'))).toEqual({
			peak: 'valentines-day',
			label: 'Plan ahead',
			sentences: [
				'Valentine’s Day falls on Sunday, February 14 this year. The florist network does not deliver on Sundays: send for Saturday, February 13 or for Monday, February 15 instead.',
				'For delivery on Saturday, February 13, order by 2:00 PM Arizona time that day in the towns with same-day delivery, or by 2:00 PM Arizona time on Friday, February 12 in the towns that need a day’s notice.',
			],
		})
		expect(peakDayNotice('valentines-day', 'es', az('2027-02-08T10:00:00'))).toEqual({
			peak: 'valentines-day',
			label: 'Planifique con tiempo',
			sentences: [
				'Este año, el Día de San Valentín cae el domingo 14 de febrero. La red de florerías no entrega los domingos: envíe sus flores para el sábado 13 de febrero o para el lunes 15 de febrero.',
				'Para la entrega del sábado 13 de febrero, haga su pedido ese mismo día antes de las 2:00\u00a0p.\u00a0m., hora de Arizona, en las ciudades con entrega el mismo día, o el viernes 12 de febrero antes de las 2:00\u00a0p.\u00a0m., hora de Arizona, en las que requieren un día de anticipación.',
			],
		})
	})

	test('the 10 de mayo page in 2027: the day itself, a Monday', () => {
		expect(peakDayNotice('dia-de-las-madres', 'es', az('2027-05-01T10:00:00'))?.sentences[0]).toBe('Este año, el 10 de mayo cae el lunes 10 de mayo.')
	})

	test('nothing for an occasion without a date, or more than 45 days ahead', () => {
		expect(peakDayNotice('birthday-flowers', 'en', az('2027-02-08T10:00:00'))).toBeUndefined()
		expect(peakDayNotice('valentines-day', 'en', az('2026-12-04T10:00:00'))).toBeUndefined()
	})
})

describe('Christmas, the peak without a page of its own', () => {
	test('on Friday 4 December 2026 it is the one peak within 45 days: Thursday 24 or Saturday 26 instead', () => {
		const plans = upcomingPeakDays(az('2026-12-04T10:00:00'))
		expect(plans.map((plan) => [plan.peak, isoDate(plan.day), plan.closed, isoDate(plan.deliverOn)])).toEqual([
			['christmas', '2026-12-25', { reason: 'holiday', holiday: 'christmas-day' }, '2026-12-24'],
		])
		expect(peakNotices('en', az('2026-12-04T10:00:00'))[0]?.sentences[0]).toBe(
			'Christmas Day falls on Friday, December 25 this year. The florist network does not deliver on Christmas Day: send for Thursday, December 24 or for Saturday, December 26 instead.',
		)
		expect(peakNotices('es', az('2026-12-04T10:00:00'))[0]?.sentences[0]).toBe(
			'Este año, la Navidad cae el viernes 25 de diciembre. La red de florerías no entrega el día de Navidad: envíe sus flores para el jueves 24 de diciembre o para el sábado 26 de diciembre.',
		)
	})

	test('on 31 December Valentine’s Day joins, and Christmas has gone', () => {
		expect(upcomingPeakDays(az('2026-12-31T10:00:00')).map((plan) => plan.peak)).toEqual(['valentines-day'])
	})

	test('the 10 de mayo comes after US Mother’s Day in the list, the nearest first', () => {
		expect(upcomingPeakDays(az('2027-04-20T10:00:00')).map((plan) => plan.peak)).toEqual(['mothers-day', 'dia-de-las-madres'])
	})
})

describe('a peak day seen from one place (the agents’ answers)', () => {
	const tucson: ReachPlace = { name: 'Tucson', townReach: 'metro', timeZone: 'America/Phoenix' }
	const tubaCity: ReachPlace = { name: 'Tuba City', townReach: 'remote', timeZone: 'America/Denver' }

	test('a same-day town orders by 2:00 PM on the day it sends for, a day’s-notice town by 2:00 PM the day before', () => {
		const now = az('2027-02-08T10:00:00')
		const [inTucson] = peakDaysIn(reachAt(tucson, now), 'en', now)
		expect(inTucson?.sentences[1]).toBe('For delivery on Saturday, February 13 in Tucson, order by 2:00 PM Arizona time on Saturday, February 13.')
		expect(inTucson?.deadline && [isoDate(inTucson.deadline.date), inTucson.deadline.hour]).toEqual(['2027-02-13', 14])
		const [inTubaCity] = peakDaysIn(reachAt(tubaCity, now), 'es', now)
		expect(inTubaCity?.sentences[1]).toBe(
			'Para la entrega del sábado 13 de febrero en Tuba City, haga su pedido el viernes 12 de febrero antes de las 2:00\u00a0p.\u00a0m., hora de Arizona.',
		)
	})

	test('in summer the Navajo Nation’s clock is said beside Arizona’s', () => {
		const now = az('2027-05-01T10:00:00')
		const [mothersDay] = peakDaysIn(reachAt(tubaCity, now), 'en', now)
		expect(mothersDay?.sentences[1]).toBe(
			'For delivery on Saturday, May 8 in Tuba City, order by 2:00 PM Arizona time (3:00 PM in Tuba City) on Friday, May 7.',
		)
	})

	test('past the last moment, the place is told why and the earliest date that can still be ordered', () => {
		const now = az('2027-02-12T15:00:00')
		const [late] = peakDaysIn(reachAt(tubaCity, now), 'en', now)
		expect(late?.orderable).toBe(false)
		expect(late?.sentences.slice(1)).toEqual([
			'Saturday, February 13 can no longer be ordered in Tuba City. Past today’s cut-off (2:00 PM Arizona time).',
			'The earliest date that can be ordered there is Monday, February 15.',
		])
	})
})
