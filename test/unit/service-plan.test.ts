import { describe, expect, test } from 'vitest'
import { isoDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import { reachAt, type ReachPlace } from '#app/domain/reach.ts'
import { serviceSentences } from '#app/domain/reach-words.ts'
import { servicePlan, type Service } from '#app/domain/service-plan.ts'
import { delivery } from '#app/words/delivery-words.server.ts'

/** An instant given as Arizona wall-clock time (UTC-7 all year). */
const az = (iso: string) => new Date(`${iso}-07:00`)
const day = (text: string): CalendarDate => {
	const [year, month, date] = text.split('-').map(Number)
	return { year: year ?? 0, month: month ?? 0, day: date ?? 0 }
}
const PHOENIX: ReachPlace = { name: 'Phoenix', townReach: 'metro', timeZone: 'America/Phoenix' }
const TUBA_CITY: ReachPlace = { name: 'Tuba City', townReach: 'remote', timeZone: 'America/Denver' }

/** The funeral question asked at `at` (Arizona time) of a service at `when` ('YYYY-MM-DD HH:MM' on the town's clock). */
function ask(place: ReachPlace, at: string, when: string, lang: 'en' | 'es' = 'en', offered?: CalendarDate[]) {
	const [date = '', time = ''] = when.split(' ')
	const [hour = 0, minute = 0] = time.split(':').map(Number)
	const service: Service = { date: day(date), hour, minute }
	const reach = reachAt(place, az(at), offered)
	const plan = servicePlan(reach, service)
	return { plan, sentences: serviceSentences(plan, service, place, reach.today, delivery[lang]) }
}

describe('the funeral question: a service in a town, and by when to order', () => {
	test('Tuba City, a Saturday 10:00 service, asked on the Wednesday: delivery by 9:00 AM that Saturday, ordered by 2:00 PM Friday', () => {
		const { plan, sentences } = ask(TUBA_CITY, '2027-02-10T10:00:00', '2027-02-13 10:00')
		expect(plan).toMatchObject({ kind: 'in-time', deliverOn: day('2027-02-13'), bySlot: 9 })
		expect(sentences[0]).toBe(
			'Order by 2:00 PM, Friday, February 12 for delivery in Tuba City by 9:00 AM on Saturday, February 13, at least an hour before the 10:00 AM service.',
		)
	})

	test('in summer the Navajo Nation is an hour ahead: a 10:00 service is 9:00 Arizona time, so the flowers come the day before', () => {
		const { plan, sentences } = ask(TUBA_CITY, '2027-07-07T10:00:00', '2027-07-10 10:00')
		expect(plan).toMatchObject({ kind: 'in-time', deliverOn: day('2027-07-09'), serviceDay: { reason: 'too-early' } })
		expect(sentences[0]).toBe(
			'Order by 2:00 PM Arizona time (3:00 PM in Tuba City), Thursday, July 8 for delivery in Tuba City on Friday, July 9, the delivery day before the 10:00 AM service on Saturday, July 10.',
		)
		expect(sentences[1]).toBe('Deliveries run from 9:00 AM to 5:00 PM Arizona time, so none can be promised an hour before a 10:00 AM service.')
	})

	test('too late: asked on the Friday after 2:00 PM, the family’s home on Monday instead (no Sunday), with its deadline', () => {
		const { plan, sentences } = ask(TUBA_CITY, '2027-02-12T15:00:00', '2027-02-13 10:00')
		expect(plan.kind).toBe('too-late')
		if (plan.kind === 'too-late') {
			expect(plan.serviceDay).toEqual({ reason: 'past-cutoff' })
			expect(plan.home && isoDate(plan.home.date)).toBe('2027-02-15')
		}
		expect(sentences).toEqual([
			'It is too late to order flowers that arrive in Tuba City before the 10:00 AM service on Saturday, February 13.',
			'Orders for delivery on Saturday, February 13 were due by 2:00 PM Arizona time today.',
			'You can still send flowers to the family’s home: the earliest delivery is Monday, February 15, if you order by 2:00 PM, Sunday, February 14.',
		])
	})

	test('a Monday service after Christmas on a Sunday: the Saturday before, and the reason', () => {
		// Monday 8 a.m. service on 27 December 2027; Christmas Day 2027 is a Saturday and 26 December a Sunday.
		const { plan, sentences } = ask(PHOENIX, '2027-12-20T10:00:00', '2027-12-27 08:00')
		expect(plan).toMatchObject({ kind: 'in-time', deliverOn: day('2027-12-24'), serviceDay: { reason: 'too-early' } })
		expect(sentences[0]).toBe(
			'Order by Thursday, December 23 for delivery in Phoenix on Friday, December 24, the delivery day before the 8:00 AM service on Monday, December 27.',
		)
	})

	test('a Sunday service: the Saturday before, said in Spanish with the reason', () => {
		const { plan, sentences } = ask(PHOENIX, '2027-02-10T10:00:00', '2027-02-14 14:30', 'es')
		expect(plan).toMatchObject({ kind: 'in-time', deliverOn: day('2027-02-13'), serviceDay: { reason: 'sunday' } })
		expect(sentences[0]).toBe(
			'Haga su pedido a más tardar el viernes 12 de febrero para la entrega en Phoenix el sábado 13 de febrero, el día de entrega anterior al servicio del domingo 14 de febrero a las 2:30\u00a0p.\u00a0m.',
		)
		expect(sentences[1]).toBe('La red de florerías no entrega los domingos.')
	})

	test('a service today in a metro town: by the last slot an hour before it, ordered before today’s cut-off', () => {
		const { plan, sentences } = ask(PHOENIX, '2027-02-10T09:15:00', '2027-02-10 15:00')
		expect(plan).toMatchObject({ kind: 'in-time', deliverOn: day('2027-02-10'), bySlot: 14 })
		expect(sentences[0]).toBe(
			'Order by 2:00 PM today for delivery in Phoenix by 2:00 PM on Wednesday, February 10, at least an hour before the 3:00 PM service.',
		)
	})

	test('a service that has begun, or is less than an hour away, is past', () => {
		expect(ask(PHOENIX, '2027-02-10T10:30:00', '2027-02-10 11:00').plan).toEqual({ kind: 'past' })
		expect(ask(PHOENIX, '2027-02-10T10:30:00', '2027-02-09 11:00').sentences[0]).toMatch(/^That service has begun/)
	})

	test('the network’s own dates decide where it gives them', () => {
		const offered = [day('2027-02-11'), day('2027-02-15')]
		const { plan } = ask(PHOENIX, '2027-02-10T10:00:00', '2027-02-13 11:00', 'en', offered)
		expect(plan).toMatchObject({ kind: 'in-time', deliverOn: day('2027-02-11'), serviceDay: { reason: 'not-offered-by-network' } })
	})
})
