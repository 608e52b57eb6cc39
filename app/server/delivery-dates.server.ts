import { LRUCache } from 'lru-cache'
import type { CalendarDate } from '~/domain/calendar-date.ts'
import { deliveryDatesExpiry } from '~/domain/delivery.ts'
import { log } from './log.server.ts'
import type { FloristOneClient } from './partner-setup.server.ts'

/** After a failed delivery-date call, how long the checker keeps to the standard rules before asking again. */
const DELIVERY_FAILURE_PAUSE_MS = 60_000
const CALL_TIMEOUT_MS = 8_000

export type DeliveryDates = { dates: CalendarDate[]; expiresAt: number }

/** The partner's delivery dates for ZIPs, asked of its REST API through `client`. */
export function createDeliveryDates(client: FloristOneClient) {
	/** Answers per ZIP (null: the call failed), each kept until its own expiry; one per city's first ZIP at most. */
	const answers = new LRUCache<string, { value: DeliveryDates | null }>({ max: 200 })
	const pending = new Map<string, Promise<DeliveryDates | null>>()

	/**
	 * The dates the partner delivers to a ZIP, from its REST API, kept per ZIP
	 * until `deliveryDatesExpiry` (the next cut-off or Arizona midnight, at most an
	 * hour). Null when the call fails: the checker then keeps to the standard
	 * rules, and the partner is asked again a minute later.
	 */
	async function getDeliveryDates(zip: string): Promise<DeliveryDates | null> {
		const cached = answers.get(zip)
		if (cached) return cached.value
		const inFlight = pending.get(zip)
		if (inFlight) return inFlight
		const now = Date.now()
		const call = (async () => {
			try {
				const dates = await client.deliveryDates(zip, AbortSignal.timeout(CALL_TIMEOUT_MS))
				const value = { dates, expiresAt: deliveryDatesExpiry(now) }
				answers.set(zip, { value }, { ttl: Math.max(1, value.expiresAt - now) })
				return value
			} catch (error) {
				log.warn({ err: error, zip }, 'Delivery dates unavailable')
				answers.set(zip, { value: null }, { ttl: Math.max(1, Math.min(DELIVERY_FAILURE_PAUSE_MS, deliveryDatesExpiry(now) - now)) })
				return null
			} finally {
				pending.delete(zip)
			}
		})()
		pending.set(zip, call)
		return call
	}

	return { get: getDeliveryDates }
}

export type DeliveryDateAnswers = ReturnType<typeof createDeliveryDates>
