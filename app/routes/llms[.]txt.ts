import type { Route } from './+types/llms[.]txt'
import { cacheControl, FRESH_PAGE_SECONDS, keepFor } from '#app/domain/cache-policy.ts'
import { buildLlmsTxt } from '#app/domain/feeds.ts'
import { getCategories, getSpanishCategories, getTownCounts, occasionPath } from '#app/server/catalog-data.server.ts'
import { settingsContext } from '#app/context.ts'

/** GET /llms.txt: the site for an AI agent (see `buildLlmsTxt`). */
export function loader({ context }: Route.LoaderArgs) {
	const settings = context.get(settingsContext)
	const body = buildLlmsTxt({
		siteName: settings.SITE_NAME,
		siteUrl: settings.SITE_URL,
		contactEmail: settings.CONTACT_EMAIL,
		counts: getTownCounts(),
		categories: getCategories(),
		spanishCategories: getSpanishCategories().map((category) => ({ ...category, path: occasionPath('es', category.slug) })),
	})
	return new Response(body, {
		headers: { 'Content-Type': 'text/markdown; charset=utf-8', 'Cache-Control': cacheControl.siteFile, 'Surrogate-Control': keepFor(FRESH_PAGE_SECONDS) },
	})
}
