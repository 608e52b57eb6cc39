import type { CalendarDate } from '#app/domain/calendar-date.ts'
import { fill } from '#app/words/locale.ts'
import type { DeliveryMessages } from '#app/words/delivery-words.server.ts'

/**
 * Arizona's clock for the delivery rules (SPEC §4 "Delivery checker"): today, the hour, the cut-off.
 * Arizona (America/Phoenix) keeps UTC-7 all year, so "today" and the current
 * hour never depend on the visitor's own time zone.
 */
export const ARIZONA_TIME_ZONE = 'America/Phoenix'
/** The same-day cut-off, 2:00 PM Arizona time. */
export const CUTOFF_HOUR = 14
export const SLOT_HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17] as const

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Arizona's offset from UTC: America/Phoenix has kept Mountain Standard Time, UTC-7, all year since 1968. */
const ARIZONA_OFFSET_MS = -7 * HOUR_MS

/**
 * Today's calendar date and the current hour in Arizona for an instant.
 * Plain arithmetic on the fixed offset rather than Intl: a page's first use of
 * Intl loads the locale data (44-76 ms in Chromium on the 2-core development
 * machine, unthrottled; a phone is slower), and this runs while the page starts.
 */
export function arizonaNow(instant: Date): { today: CalendarDate; hour: number } {
	const shifted = new Date(instant.getTime() + ARIZONA_OFFSET_MS)
	return {
		today: { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() },
		hour: shifted.getUTCHours(),
	}
}

/** How many hours the town's clock is ahead of Arizona time at 2:00 PM Arizona time on `date` (0 or 1 here). */
export function hoursAheadOfArizona(timeZone: string, date: CalendarDate): number {
	if (timeZone === ARIZONA_TIME_ZONE) return 0
	const cutoff = new Date(Date.UTC(date.year, date.month - 1, date.day, CUTOFF_HOUR + 7))
	const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(cutoff))
	return (((hour - CUTOFF_HOUR) % 24) + 24) % 24
}

/** The one time formatter: 9 -> '9:00 AM', 17 -> '5:00 PM' ('9:00 a. m.', '5:00 p. m.' in Spanish). */
export function formatSlot(hour: number, words: Pick<DeliveryMessages, 'time'>): string {
	return formatTime(hour, 0, words)
}

/** A time of day on a 12-hour clock: (10, 30) -> '10:30 AM' ('10:30 a. m.' in Spanish); noon as each language says it ('12:00 del mediodía'). */
export function formatTime(hour: number, minute: number, words: Pick<DeliveryMessages, 'time'>): string {
	if (hour === 12 && minute === 0) return words.time.noon
	const twelve = hour % 12 === 0 ? 12 : hour % 12
	return fill(words.time.hour, { hour: twelve, minute: String(minute).padStart(2, '0'), half: hour < 12 ? words.time.am : words.time.pm })
}

/** The instant (epoch ms) Arizona's day holding `now` began: its midnight. */
function arizonaDayStart(now: number): number {
	const arizonaWall = now + ARIZONA_OFFSET_MS
	return now - (((arizonaWall % DAY_MS) + DAY_MS) % DAY_MS)
}

/** The instant (epoch ms) Arizona's today ends, when anything said about "today" stops being true. */
export function arizonaDayEnd(now: number): number {
	return arizonaDayStart(now) + DAY_MS
}

/**
 * When an answer about delivery dates stops being true: at most an hour, and
 * never past the next 2:00 PM cut-off or Arizona midnight, when "today" changes.
 */
export function deliveryDatesExpiry(now: number): number {
	const { hour } = arizonaNow(new Date(now))
	const boundary = hour < CUTOFF_HOUR ? arizonaDayStart(now) + CUTOFF_HOUR * HOUR_MS : arizonaDayEnd(now)
	return Math.min(now + HOUR_MS, boundary)
}
