import { LRUCache } from 'lru-cache'
import type { CalendarDate } from '~/domain/calendar-date.ts'
import { deliveryDatesExpiry } from '~/domain/delivery.ts'
import { errorMessage } from './errors.server.ts'
import { log } from './log.server.ts'
import { getFloristOneClient, usesRestApi } from './partner-setup.server.ts'
import { getSettings, type Settings } from './settings.server.ts'

/** After a failed delivery-date call, how long the checker keeps to the standard rules before asking again. */
const DELIVERY_FAILURE_PAUSE_MS = 60_000
const CALL_TIMEOUT_MS = 8_000

export type DeliveryDates = { dates: CalendarDate[]; expiresAt: number }

/**
 * Answers per ZIP (null: the call failed), each kept until its own expiry; one per city's first ZIP at most.
 * Requests asking while a call is under way share it.
 */
const answers = new LRUCache<string, { value: DeliveryDates | null }, Settings>({
	max: 200,
	// A call under way still answers the requests waiting for it when its ZIP is pushed out.
	ignoreFetchAbort: true,
	fetchMethod: async (zip, _stale, { options, context: settings }) => {
		const now = Date.now()
		try {
			const dates = await getFloristOneClient(settings).deliveryDates(zip, AbortSignal.timeout(CALL_TIMEOUT_MS))
			const value = { dates, expiresAt: deliveryDatesExpiry(now) }
			options.ttl = Math.max(1, value.expiresAt - now)
			return { value }
		} catch (error) {
			log.warn(`Delivery dates unavailable for ZIP ${zip}: ${errorMessage(error)}`)
			options.ttl = Math.max(1, Math.min(DELIVERY_FAILURE_PAUSE_MS, deliveryDatesExpiry(now) - now))
			return { value: null }
		}
	},
})

/**
 * The dates the partner delivers to a ZIP, from its REST API, kept per ZIP
 * until `deliveryDatesExpiry` (the next cut-off or Arizona midnight, at most an
 * hour). Null without credentials or when the call fails: the checker then
 * keeps to the standard rules, and the partner is asked again a minute later.
 */
export async function getDeliveryDates(zip: string): Promise<DeliveryDates | null> {
	const settings = getSettings()
	if (!usesRestApi(settings)) return null
	const answer = await answers.fetch(zip, { context: settings })
	return answer?.value ?? null
}
