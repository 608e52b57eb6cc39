import { z } from 'zod'
import type { Route } from './+types/api.search'
import { cacheControl } from '#app/domain/cache-policy.ts'
import { json, parseQuery } from '#app/server/api-response.server.ts'
import { searchSuggestion } from '#app/server/search/search-answers.server.ts'

const querySchema = z.strictObject({
	q: z.string().trim().min(2, 'must be at least 2 characters').max(100, 'must be at most 100 characters'),
	lang: z.enum(['en', 'es']).default('en'),
})

/**
 * GET /api/search?q=hospital flowers tucson&lang=en: what Enter on the search boxes opens for a
 * text, as the boxes' list shows it (`path`, `name`, `detail`), so the list and Enter agree;
 * `suggestion: null` with 404 for text that names nothing the site knows (Enter then goes to the
 * partner's Arizona page). Browsers keep an answer for an hour; the site's own edge keeps none.
 */
export function loader({ request }: Route.LoaderArgs) {
	const query = parseQuery(request, querySchema)
	if ('error' in query) return query.error
	const suggestion = searchSuggestion(query.data.q, query.data.lang)
	return json({ suggestion }, suggestion ? 200 : 404, cacheControl.privateFor(3600))
}
