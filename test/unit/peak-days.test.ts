import { describe, expect, test } from 'vitest'
import { isoDate } from '#app/domain/calendar-date.ts'
import { peakDayPlan } from '#app/domain/peak-days.ts'
import { peakDayNotice } from '#app/server/peak-days.server.ts'

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
			label: 'Plan ahead',
			sentences: [
				'Valentine’s Day falls on Sunday, February 14 this year. The florist network does not deliver on Sundays: send for Saturday, February 13 or for Monday, February 15 instead.',
				'For delivery on Saturday, February 13, order by 2:00 PM Arizona time that day in the towns with same-day delivery, or by 2:00 PM Arizona time on Friday, February 12 in the towns that need a day’s notice.',
			],
		})
		expect(peakDayNotice('valentines-day', 'es', az('2027-02-08T10:00:00'))).toEqual({
			label: 'Planifique con tiempo',
			sentences: [
				'Este año, el Día de San Valentín cae el domingo 14 de febrero. La red de florerías no entrega los domingos: envíe sus flores para el sábado 13 de febrero o para el lunes 15 de febrero.',
				'Para la entrega del sábado 13 de febrero, haga su pedido ese mismo día antes de las 2:00 p. m., hora de Arizona, en las ciudades con entrega el mismo día, o el viernes 12 de febrero antes de las 2:00 p. m., hora de Arizona, en las que requieren un día de anticipación.',
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
