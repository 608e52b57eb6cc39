import { LRUCache } from 'lru-cache'
import type { CalendarDate } from '#app/domain/calendar-date.ts'
import { deliveryDatesExpiry } from '#app/domain/delivery.ts'
import { log } from '#app/server/log.server.ts'
import type { FloristOneClient } from '#app/server/offers/partner-setup.server.ts'

/** After a failed delivery-date call, how long the checker keeps to the standard rules before asking again. */
const DELIVERY_FAILURE_PAUSE_MS = 60_000
const CALL_TIMEOUT_MS = 8_000

export type DeliveryDates = { dates: CalendarDate[]; expiresAt: number }

/** The partner's delivery dates for ZIPs, asked of its REST API through `client`. */
export function createDeliveryDates(client: FloristOneClient) {
	/**
	 * Answers per ZIP (null: the call failed), each kept until its own expiry; one per city's first ZIP at most.
	 * Requests asking while a call is under way share it.
	 */
	const answers = new LRUCache<string, { value: DeliveryDates | null }>({
		max: 200,
		// A call under way still answers the requests waiting for it when its ZIP is pushed out.
		ignoreFetchAbort: true,
		fetchMethod: async (zip, _stale, { options }) => {
			const now = Date.now()
			try {
				const dates = await client.deliveryDates(zip, AbortSignal.timeout(CALL_TIMEOUT_MS))
				const value = { dates, expiresAt: deliveryDatesExpiry(now) }
				options.ttl = Math.max(1, value.expiresAt - now)
				return { value }
			} catch (error) {
				log.warn({ err: error, zip }, 'Delivery dates unavailable')
				options.ttl = Math.max(1, Math.min(DELIVERY_FAILURE_PAUSE_MS, deliveryDatesExpiry(now) - now))
				return { value: null }
			}
		},
	})

	/**
	 * The dates the partner delivers to a ZIP, from its REST API, kept per ZIP
	 * until `deliveryDatesExpiry` (the next cut-off or Arizona midnight, at most an
	 * hour). Null when the call fails: the checker then keeps to the standard
	 * rules, and the partner is asked again a minute later.
	 */
	async function getDeliveryDates(zip: string): Promise<DeliveryDates | null> {
		const answer = await answers.fetch(zip)
		return answer?.value ?? null
	}

	return { get: getDeliveryDates }
}

export type DeliveryDateAnswers = ReturnType<typeof createDeliveryDates>
