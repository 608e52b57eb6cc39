import { buildSitemap } from '~/domain/feeds.ts'
import { getSitePages } from '~/server/site-pages.server.ts'
import { getSettings } from '~/server/settings.server.ts'
import { cacheControl, FRESH_PAGE_SECONDS, keepFor } from '~/domain/cache-policy.ts'

export function loader() {
	const xml = buildSitemap(getSettings().SITE_URL, getSitePages())
	return new Response(xml, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': cacheControl.siteFile, 'Surrogate-Control': keepFor(FRESH_PAGE_SECONDS) },
	})
}
