import { z } from 'zod'
import type { Route } from './+types/api.places'
import { cacheControl, FRESH_PAGE_SECONDS, keepFor } from '#app/domain/cache-policy.ts'
import { json, parseQuery } from '#app/server/api-response.server.ts'
import { findPlace } from '#app/server/zip-codes.server.ts'

const querySchema = z.strictObject({ q: z.string().trim().min(2, 'must name a place of at least 2 letters').max(60, 'must be at most 60 characters') })

/**
 * GET /api/places?q=st johns: an Arizona place the site has no page for, and the nearest town that
 * has one, with the straight-line miles (the search boxes' suggestion; Enter and /search/ follow the
 * same rule). `place` is null when the text names no such place.
 */
export function loader({ request }: Route.LoaderArgs) {
	const query = parseQuery(request, querySchema)
	if ('error' in query) return query.error
	const found = findPlace(query.data.q)
	const place = found ? { place: found.place, slug: found.slug, miles: found.miles, city: found.city } : null
	return json({ place }, 200, cacheControl.siteFile, { 'Surrogate-Control': keepFor(FRESH_PAGE_SECONDS) })
}
