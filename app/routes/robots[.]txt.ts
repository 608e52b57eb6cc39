import type { Route } from './+types/robots[.]txt'
import { localPath, pagePath } from '#app/domain/paths.ts'
import { settingsContext } from '#app/context.ts'
import { cacheControl, FRESH_PAGE_SECONDS, keepFor } from '#app/domain/cache-policy.ts'

export function loader({ context }: Route.LoaderArgs) {
	const site = context.get(settingsContext).SITE_URL
	const body = `User-agent: *\nAllow: /\nDisallow: ${pagePath('/search')}\nDisallow: ${localPath('es', '/search')}\n\n# For AI agents: ${site}/llms.txt (what the site is) and ${site}/mcp (its read-only MCP tools).\nSitemap: ${site}${pagePath('/sitemap.xml')}\n`
	return new Response(body, {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': cacheControl.siteFile, 'Surrogate-Control': keepFor(FRESH_PAGE_SECONDS) },
	})
}
