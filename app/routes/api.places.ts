import { z } from 'zod'
import type { Route } from './+types/api.places'
import { cacheControl } from '#app/domain/cache-policy.ts'
import { json, parseQuery } from '#app/server/api-response.server.ts'
import { findListedTown, findPlace } from '#app/server/search/zip-codes.server.ts'

const querySchema = z.strictObject({ q: z.string().trim().min(2, 'must name a place of at least 2 letters').max(60, 'must be at most 60 characters') })

/**
 * GET /api/places?q=st johns: an Arizona place the site has no page for, and the nearest town that
 * has one, with the straight-line miles (the search boxes' suggestion; Enter and /search/ follow the
 * same rule); 404 with `place: null` when the text names no such place. A listed town ("tempe") is
 * no such place: `place: null` and the town itself, whose own page answers for it. Browsers keep an
 * answer for an hour; the site's own edge keeps none, since any typed text is a new address.
 */
export function loader({ request }: Route.LoaderArgs) {
	const query = parseQuery(request, querySchema)
	if ('error' in query) return query.error
	const town = findListedTown(query.data.q)
	if (town) return json({ place: null, town: { name: town.name, slug: town.slug } }, 200, cacheControl.privateFor(3600))
	const found = findPlace(query.data.q)
	if (!found) return json({ place: null, error: `No Arizona place named "${query.data.q}" is known` }, 404, cacheControl.privateFor(3600))
	return json({ place: { place: found.place, slug: found.slug, miles: found.miles, city: found.city } }, 200, cacheControl.privateFor(3600))
}
