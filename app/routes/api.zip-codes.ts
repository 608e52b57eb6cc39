import { z } from 'zod'
import type { Route } from './+types/api.zip-codes'
import { cacheControl, FRESH_PAGE_SECONDS, keepFor } from '#app/domain/cache-policy.ts'
import { zipNote, ZIP_PATTERN } from '#app/domain/zip-search.ts'
import { cityPageMessages } from '#app/server/page-words.server.ts'
import { json, parseQuery } from '#app/server/api-response.server.ts'
import { findZip } from '#app/server/search/zip-codes.server.ts'

const querySchema = z.strictObject({ zip: z.string().regex(ZIP_PATTERN, 'must be a five-digit ZIP code') })

/** GET /api/zip-codes?zip=85251: where the site sends a ZIP code (the search box's suggestion). */
export function loader({ request }: Route.LoaderArgs) {
	const query = parseQuery(request, querySchema)
	if ('error' in query) return query.error
	const answer = findZip(query.data.zip)
	if (!answer) return json({ error: 'Invalid query', problems: ['zip: must be a five-digit ZIP code'] }, 400)
	const body = answer.kind === 'nearest' ? { ...answer, note: zipNote(answer, cityPageMessages('en').notes) } : answer
	return json(body, 200, cacheControl.siteFile, { 'Surrogate-Control': keepFor(FRESH_PAGE_SECONDS) })
}
