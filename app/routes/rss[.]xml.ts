import type { Route } from './+types/rss[.]xml'
import { buildRss } from '#app/domain/feeds.ts'
import { getSitePages } from '#app/server/site-pages.server.ts'
import { settingsContext } from '#app/context.ts'
import { cacheControl, FRESH_PAGE_SECONDS, keepFor } from '#app/domain/cache-policy.ts'

export function loader({ context }: Route.LoaderArgs) {
	const settings = context.get(settingsContext)
	const xml = buildRss({ siteName: settings.SITE_NAME, siteUrl: settings.SITE_URL, items: getSitePages() })
	return new Response(xml, {
		headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': cacheControl.siteFile, 'Surrogate-Control': keepFor(FRESH_PAGE_SECONDS) },
	})
}
