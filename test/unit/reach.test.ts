import { describe, expect, test } from 'vitest'
import { addDays, formatDate as formatIn, isoDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import { checkDelivery as checkIn } from '#app/domain/delivery-check.ts'
import { reachAt, reachOf, reachPromise as promiseIn, type ReachAnswer, type ReachPlace } from '#app/domain/reach.ts'
import { clockSentences as clockIn, deadlineHour, deadlineWords, promiseWords } from '#app/domain/reach-words.ts'
import { delivery } from '#app/words/delivery-words.server.ts'

/** The rule's answers in English, as the English pages give them. */
const words = delivery.en
const formatDate = (date: CalendarDate) => formatIn(date, words.dates)
const checkDelivery = (input: Omit<Parameters<typeof checkIn>[0], 'words'>) => checkIn({ ...input, words })
/** A date's deadline and today's cut-off as the English pages write them. */
const deadlineOf = (answer: ReachAnswer, date: CalendarDate) => deadlineWords(answer.deadline(date), answer.today, answer.place, words)
const cutoffOf = (answer: ReachAnswer) => deadlineHour(answer.cutoff, answer.place, words)
const reachPromise = (place: ReachPlace) => ({ ...promiseIn(place), ...promiseWords(promiseIn(place), place, words) })
const clockSentences = (place: ReachPlace) => clockIn(place, words)

/** An instant given as Arizona wall-clock time (UTC-7 all year). */
const az = (iso: string) => new Date(`${iso}-07:00`)
const day = (text: string): CalendarDate => {
	const [year, month, date] = text.split('-').map(Number)
	return { year: year ?? 0, month: month ?? 0, day: date ?? 0 }
}
/** Every day from `from` for `count` days but Sundays: the partner's usual offer. */
function allButSundays(from: string, count = 30): CalendarDate[] {
	const start = new Date(`${from}T12:00:00Z`)
	return Array.from({ length: count }, (_, index) => new Date(start.getTime() + index * 86_400_000))
		.filter((date) => date.getUTCDay() !== 0)
		.map((date) => day(date.toISOString().slice(0, 10)))
}

const PHOENIX: ReachPlace = { name: 'Phoenix', townReach: 'metro', timeZone: 'America/Phoenix' }
const AJO: ReachPlace = { name: 'Ajo', townReach: 'remote', timeZone: 'America/Phoenix' }
const TUBA_CITY: ReachPlace = { name: 'Tuba City', townReach: 'remote', timeZone: 'America/Denver' }
const WINDOW_ROCK: ReachPlace = {
	name: 'Window Rock',
	townReach: 'remote',
	timeZone: 'America/Denver',
	from: { town: 'Holbrook', miles: 81, timeZone: 'America/Phoenix' },
}
const SECOND_MESA: ReachPlace = {
	name: 'Second Mesa',
	townReach: 'remote',
	timeZone: 'America/Phoenix',
	from: { town: 'Tuba City', miles: 47, timeZone: 'America/Denver' },
}
const QUARTZSITE: ReachPlace = {
	name: 'Quartzsite',
	townReach: 'metro',
	timeZone: 'America/Phoenix',
	from: { town: 'Lake Havasu City', miles: 53, timeZone: 'America/Phoenix' },
}
const NEAR_MESA: ReachPlace = {
	name: 'Sunland Village',
	townReach: 'metro',
	timeZone: 'America/Phoenix',
	from: { town: 'Mesa', miles: 6, timeZone: 'America/Phoenix' },
}

/**
 * The rule's table: for a place, an Arizona time and the network's dates (all but Sundays, or none
 * known), the earliest orderable date, whether today can still be ordered, and the deadline of the
 * earliest date.
 */
const TABLE: { place: ReachPlace; at: string; offered: 'all-but-sundays' | 'unknown'; earliest: string; today: boolean; deadline: string }[] = [
	// A metro town, Friday 27 November 2026: today until 2:00 PM, then tomorrow (Saturday).
	{ place: PHOENIX, at: '2026-11-27T13:59', offered: 'all-but-sundays', earliest: '2026-11-27', today: true, deadline: '2:00 PM today' },
	{ place: PHOENIX, at: '2026-11-27T14:00', offered: 'all-but-sundays', earliest: '2026-11-28', today: false, deadline: '11:59 PM today' },
	// Saturday after the cut-off: Sunday is not offered, so Monday.
	{ place: PHOENIX, at: '2026-11-28T14:00', offered: 'all-but-sundays', earliest: '2026-11-30', today: false, deadline: 'Sunday, November 29' },
	// Without the network's dates its calendar holds: no Sunday either.
	{ place: PHOENIX, at: '2026-11-28T14:00', offered: 'unknown', earliest: '2026-11-30', today: false, deadline: 'Sunday, November 29' },
	// A Sunday itself: nothing today, Monday next.
	{ place: PHOENIX, at: '2026-11-29T09:00', offered: 'all-but-sundays', earliest: '2026-11-30', today: false, deadline: '11:59 PM today' },
	{ place: PHOENIX, at: '2026-11-30T13:59', offered: 'all-but-sundays', earliest: '2026-11-30', today: true, deadline: '2:00 PM today' },
	// A remote town: tomorrow until the cut-off, then the day after, never a Sunday.
	{ place: AJO, at: '2026-11-27T13:59', offered: 'all-but-sundays', earliest: '2026-11-28', today: false, deadline: '2:00 PM today' },
	{ place: AJO, at: '2026-11-27T14:00', offered: 'all-but-sundays', earliest: '2026-11-30', today: false, deadline: '2:00 PM, Sunday, November 29' },
	{ place: AJO, at: '2026-11-27T14:00', offered: 'unknown', earliest: '2026-11-30', today: false, deadline: '2:00 PM, Sunday, November 29' },
	{ place: AJO, at: '2026-11-28T13:59', offered: 'all-but-sundays', earliest: '2026-11-30', today: false, deadline: '2:00 PM, Sunday, November 29' },
	{ place: AJO, at: '2026-11-30T14:00', offered: 'all-but-sundays', earliest: '2026-12-02', today: false, deadline: '2:00 PM, Tuesday, December 1' },
	// 29 February and 31 December.
	{ place: PHOENIX, at: '2028-02-28T14:00', offered: 'unknown', earliest: '2028-02-29', today: false, deadline: '11:59 PM today' },
	{ place: AJO, at: '2028-02-28T10:00', offered: 'unknown', earliest: '2028-02-29', today: false, deadline: '2:00 PM today' },
	// New Year's Day is a holiday the network keeps.
	{ place: PHOENIX, at: '2026-12-31T14:00', offered: 'unknown', earliest: '2027-01-02', today: false, deadline: 'Friday, January 1' },
	{ place: AJO, at: '2026-12-31T14:30', offered: 'unknown', earliest: '2027-01-02', today: false, deadline: '2:00 PM, Friday, January 1' },
	// The clocks: Tuba City and Window Rock keep daylight saving time (3:00 PM there in summer), Second Mesa does not.
	{
		place: TUBA_CITY,
		at: '2027-07-15T10:00',
		offered: 'unknown',
		earliest: '2027-07-16',
		today: false,
		deadline: '2:00 PM Arizona time (3:00 PM in Tuba City) today',
	},
	{ place: TUBA_CITY, at: '2027-01-15T10:00', offered: 'unknown', earliest: '2027-01-16', today: false, deadline: '2:00 PM today' },
	{
		place: WINDOW_ROCK,
		at: '2027-07-15T10:00',
		offered: 'unknown',
		earliest: '2027-07-16',
		today: false,
		deadline: '2:00 PM Arizona time (3:00 PM in Window Rock) today',
	},
	{ place: WINDOW_ROCK, at: '2027-01-15T10:00', offered: 'unknown', earliest: '2027-01-16', today: false, deadline: '2:00 PM today' },
	{ place: SECOND_MESA, at: '2027-07-15T10:00', offered: 'unknown', earliest: '2027-07-16', today: false, deadline: '2:00 PM today' },
	{ place: SECOND_MESA, at: '2027-01-15T10:00', offered: 'unknown', earliest: '2027-01-16', today: false, deadline: '2:00 PM today' },
	// A place beyond 20 miles of its metro town gets a day's notice; one within keeps the town's same-day.
	{ place: QUARTZSITE, at: '2026-11-27T10:00', offered: 'all-but-sundays', earliest: '2026-11-28', today: false, deadline: '2:00 PM today' },
	{ place: NEAR_MESA, at: '2026-11-27T10:00', offered: 'all-but-sundays', earliest: '2026-11-27', today: true, deadline: '2:00 PM today' },
]

describe('the rule of reach, as a table', () => {
	for (const row of TABLE) {
		test(`${row.place.name} at ${row.at} (${row.offered}): earliest ${row.earliest}, by ${row.deadline}`, () => {
			const offered = row.offered === 'unknown' ? null : allButSundays(row.at.slice(0, 10))
			const answer = reachAt(row.place, az(`${row.at}:00`), offered)
			expect(answer.earliest && isoDate(answer.earliest)).toBe(row.earliest)
			expect(answer.sameDayNow).toBe(row.today)
			expect(answer.dates[0] && isoDate(answer.dates[0])).toBe(row.earliest)
			expect(answer.earliest && deadlineOf(answer, answer.earliest)).toBe(row.deadline)
			// Every date it lists is one it accepts, and none before the earliest.
			for (const date of answer.dates) expect(answer.orderable(date)).toBe(true)
			if (offered) for (const date of answer.dates) expect(offered.some((candidate) => isoDate(candidate) === isoDate(date))).toBe(true)
		})
	}
})

test('whatever date is picked, a refusal names a date that picking it then accepts', () => {
	const places = [PHOENIX, AJO, TUBA_CITY, WINDOW_ROCK, SECOND_MESA, QUARTZSITE, NEAR_MESA]
	const times = ['2026-11-27T13:59', '2026-11-27T14:00', '2026-11-28T14:00', '2026-11-29T08:00', '2026-12-31T14:00', '2028-02-28T15:00']
	for (const place of places) {
		for (const at of times) {
			for (const offered of [null, allButSundays(at.slice(0, 10))]) {
				const now = az(`${at}:00`)
				const today = reachAt(place, now).today
				for (let ahead = 0; ahead < 10; ahead += 1) {
					const pick = addDays(today, ahead)
					const result = checkDelivery({ now, date: pick, slotHour: 17, place, offered })
					if (!result || result.deliverable) continue
					const accepted = reachAt(place, now, offered).dates.find((candidate) => result.message.includes(formatDate(candidate)))
					expect(accepted, `${place.name} ${at}: "${result.message}" names a date the rule accepts`).toBeDefined()
					if (accepted) expect(checkDelivery({ now, date: accepted, slotHour: 17, place, offered })?.deliverable).toBe(true)
				}
			}
		}
	}
})

test('Tuba City on a Friday after 2:00 PM: tomorrow is refused for Monday, and Monday is accepted', () => {
	const now = az('2026-11-27T14:55:00')
	const offered = allButSundays('2026-11-27')
	const saturday = checkDelivery({ now, date: day('2026-11-28'), slotHour: 12, place: TUBA_CITY, offered })
	expect(saturday).toMatchObject({
		deliverable: false,
		// What was asked is answered: Saturday's orders were due by today's cut-off.
		message:
			'Orders for delivery in Tuba City on Saturday, November 28 were due by 2:00 PM today. The earliest delivery you can order now is Monday, November 30, by 12:00 PM.',
		deadline: '2:00 PM, Sunday, November 29',
		facts: { refusal: { reason: 'past-cutoff' }, next: day('2026-11-30') },
	})
	const sunday = checkDelivery({ now, date: day('2026-11-29'), slotHour: 12, place: TUBA_CITY, offered })
	expect(sunday?.deliverable).toBe(false)
	expect(sunday?.message).toContain('The next delivery date it offers is Monday, November 30')
	expect(checkDelivery({ now, date: day('2026-11-30'), slotHour: 12, place: TUBA_CITY, offered })).toMatchObject({
		deliverable: true,
		message: 'Yes! Order by 2:00 PM on Sunday, November 29 for delivery by 12:00 PM on Monday, November 30.',
		deadline: '2:00 PM, Sunday, November 29',
	})
})

test('a place gets its town’s reach within 20 miles, a day’s notice beyond, and the distance said plainly', () => {
	expect(reachOf(NEAR_MESA)).toBe('metro')
	expect(reachOf({ ...NEAR_MESA, from: { town: 'Mesa', miles: 20, timeZone: 'America/Phoenix' } })).toBe('metro')
	expect(reachOf({ ...NEAR_MESA, from: { town: 'Mesa', miles: 21, timeZone: 'America/Phoenix' } })).toBe('remote')
	const far = reachPromise(QUARTZSITE)
	expect(far.sameDay).toBe(false)
	expect(far.headerNote).toBe('Delivery with a Day’s Notice')
	expect(far.rule).toBe(
		'Quartzsite lies about 53 miles from Lake Havasu City in a straight line, the nearest town we list, so same-day delivery cannot be promised there: order by 2:00 PM Arizona time the day before; delivery times from 9:00 AM to 5:00 PM.',
	)
	expect(reachPromise(PHOENIX).rule).toBe('Same-day delivery when you order before 2:00 PM Arizona time; delivery times from 9:00 AM to 5:00 PM.')
})

test('clocks follow the place: the Navajo Nation keeps daylight saving time, a Hopi village beside a Navajo town does not', () => {
	expect(clockSentences(PHOENIX)).toEqual([])
	expect(clockSentences(WINDOW_ROCK)[0]).toMatch(/^Window Rock keeps daylight saving time, as the Navajo Nation does/)
	expect(clockSentences(SECOND_MESA)[0]).toMatch(/^Second Mesa keeps Arizona time all year, with no daylight saving time, while Tuba City keeps/)
	expect(cutoffOf(reachAt(SECOND_MESA, az('2027-07-15T10:00:00')))).toBe('2:00 PM')
	expect(cutoffOf(reachAt(WINDOW_ROCK, az('2027-07-15T10:00:00')))).toBe('2:00 PM Arizona time (3:00 PM in Window Rock)')
})
