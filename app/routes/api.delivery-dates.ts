import { z } from 'zod'
import { cacheControl } from '#app/domain/cache-policy.ts'
import type { Route } from './+types/api.delivery-dates'
import { isoDate } from '#app/domain/calendar-date.ts'
import { json, parseQuery } from '#app/server/api-response.server.ts'
import { getCity, getListedZipCodes } from '#app/server/catalog-data.server.ts'
import { partnerContext } from '#app/context.ts'

const querySchema = z.strictObject({
	city: z
		.string()
		.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a city slug such as phoenix')
		.max(64),
})

/**
 * GET /api/delivery-dates?city={slug}: the dates the florist network delivers
 * to the city's first ZIP, as Arizona calendar dates (YYYY-MM-DD). `dates` is
 * null when the partner's API is not set up or does not answer; the checker
 * then keeps to the standard rules. Browsers may keep an answer only until
 * the next cut-off or Arizona midnight.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const query = parseQuery(request, querySchema)
	if ('error' in query) return query.error
	const city = getCity(query.data.city)
	if (!city) return json({ error: `Unknown city "${query.data.city}"` }, 404)
	const zip = getListedZipCodes(city)[0] ?? ''
	const answer = (await context.get(partnerContext).deliveryDates?.get(zip)) ?? null
	if (!answer) return json({ city: city.slug, zip, dates: null }, 200, cacheControl.privateFor(60))
	const maxAge = Math.max(0, Math.floor((answer.expiresAt - Date.now()) / 1000))
	return json({ city: city.slug, zip, dates: answer.dates.map(isoDate) }, 200, cacheControl.privateFor(maxAge))
}
