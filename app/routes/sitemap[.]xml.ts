import type { Route } from './+types/sitemap[.]xml'
import { buildSitemap } from '#app/domain/feeds.ts'
import { getSitemapPages } from '#app/server/site-pages.server.ts'
import { settingsContext } from '#app/context.ts'
import { cacheControl, FRESH_PAGE_SECONDS, keepFor } from '#app/domain/cache-policy.ts'

export function loader({ context }: Route.LoaderArgs) {
	const xml = buildSitemap(context.get(settingsContext).SITE_URL, getSitemapPages())
	return new Response(xml, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': cacheControl.siteFile, 'Surrogate-Control': keepFor(FRESH_PAGE_SECONDS) },
	})
}
