import { arizonaNow, CUTOFF_HOUR, type CalendarDate } from '~/domain/delivery.ts'
import { errorMessage } from './page-cache.server.ts'
import { getFloristOneClient } from './products.server.ts'
import { getSettings } from './settings.server.ts'

const HOUR_MS = 3_600_000
const ARIZONA_OFFSET_MS = -7 * HOUR_MS
/** After a failed call, how long the checker keeps to the standard rules before asking again. */
const FAILURE_PAUSE_MS = 60_000

export type DeliveryDates = { dates: CalendarDate[]; expiresAt: number }

type Entry = { value: DeliveryDates | null; expiresAt: number }

/**
 * When an answer about delivery dates stops being true: at most an hour, and
 * never past the next 2:00 PM cut-off or Arizona midnight, when "today" changes.
 */
export function deliveryDatesExpiry(now: number): number {
	const { hour } = arizonaNow(new Date(now))
	const arizonaWall = now + ARIZONA_OFFSET_MS
	const startOfDay = arizonaWall - (((arizonaWall % (24 * HOUR_MS)) + 24 * HOUR_MS) % (24 * HOUR_MS))
	const boundary = hour < CUTOFF_HOUR ? startOfDay + CUTOFF_HOUR * HOUR_MS : startOfDay + 24 * HOUR_MS
	return Math.min(now + HOUR_MS, boundary - ARIZONA_OFFSET_MS)
}

const answers = new Map<string, Entry>()
const pending = new Map<string, Promise<DeliveryDates | null>>()

/**
 * The dates the partner delivers to a ZIP, from its REST API, kept per ZIP
 * until `deliveryDatesExpiry`. Null without credentials or when the call
 * fails: the checker then keeps to the standard rules.
 */
export async function getDeliveryDates(zip: string, now = Date.now()): Promise<DeliveryDates | null> {
	const settings = getSettings()
	if (!settings.FLORISTONE_API_KEY || !settings.FLORISTONE_API_PASSWORD) return null
	const cached = answers.get(zip)
	if (cached && cached.expiresAt > now) return cached.value
	const inFlight = pending.get(zip)
	if (inFlight) return inFlight
	const call = (async () => {
		try {
			const dates = await getFloristOneClient(settings).deliveryDates(zip, AbortSignal.timeout(8_000))
			const value = { dates, expiresAt: deliveryDatesExpiry(now) }
			answers.set(zip, { value, expiresAt: value.expiresAt })
			return value
		} catch (error) {
			console.warn(`Delivery dates unavailable for ZIP ${zip}: ${errorMessage(error)}`)
			answers.set(zip, { value: null, expiresAt: Math.min(now + FAILURE_PAUSE_MS, deliveryDatesExpiry(now)) })
			return null
		} finally {
			pending.delete(zip)
		}
	})()
	pending.set(zip, call)
	return call
}
