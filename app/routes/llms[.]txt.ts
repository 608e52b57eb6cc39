import { cacheControl, FRESH_PAGE_SECONDS, keepFor } from '#app/domain/cache-policy.ts'
import { pagePath } from '#app/domain/paths.ts'
import { absoluteUrl } from '#app/domain/structured-data.ts'
import { getCategories, getTownCounts } from '#app/server/catalog.server.ts'
import { getSettings } from '#app/server/settings.server.ts'

/**
 * GET /llms.txt: the site for an AI agent, in the llms.txt form (llmstxt.org): an H1, a summary
 * blockquote, notes without headings (how delivery and prices work in Arizona), then sections whose
 * entries are all Markdown links (the pages, the MCP endpoint, the contact). Made from the same data
 * as the pages.
 */
export function loader() {
	const settings = getSettings()
	const url = (path: string) => absoluteUrl(settings.SITE_URL, path)
	const counts = getTownCounts()
	const body = [
		`# ${settings.SITE_NAME}`,
		'',
		`> A guide and directory for sending flowers anywhere in Arizona: ${counts.cities} city and town pages and nine occasions, with arrangements from the Florist One network, whether flowers can still arrive today, and links to order. Orders are placed on Florist One and filled by its partner florists; this site earns an affiliate commission on them, at no extra cost to the buyer.`,
		'',
		'How delivery works in Arizona:',
		'',
		`- Same-day delivery in ${counts.sameDay} of the ${counts.cities} towns listed when the order is in before 2:00 PM Arizona time; later orders go out the next day.`,
		`- In the ${counts.cities - counts.sameDay} remote towns the florist drives out from a larger town: order by 2:00 PM Arizona time the day before. Each town's page and the tools below say which applies.`,
		'- Arizona keeps Mountain Standard Time all year; the Navajo Nation keeps daylight saving time, so in summer its clocks are an hour ahead.',
		'- Prices on Florist One exclude its service charge and tax, which its checkout adds; the city pages and the tools give the whole delivered price for a ZIP where the partner quotes it.',
		'',
		'## Pages',
		'',
		`- [All Arizona cities](${url(pagePath('/cities'))}): every town with its ZIP codes`,
		...getCategories().map((category) => `- [${category.title}](${url(pagePath('/categories/:slug', { slug: category.slug }))}): ${category.description}`),
		`- [Sitemap](${url(pagePath('/sitemap.xml'))})`,
		'',
		'## For agents',
		'',
		`- [MCP server](${settings.SITE_URL.replace(/\/+$/, '')}/mcp): Streamable HTTP, stateless, read-only, POST only. Tools: find_arrangements (a town, place or ZIP and an occasion, optionally under a budget, with delivered prices and order links), delivery_dates (the dates that can still be ordered for a ZIP, town or place, the earliest first, and today's cut-off), town_notes (hospitals, funerals, weather and clock of a town).`,
		`- [Contact](mailto:${settings.CONTACT_EMAIL}): questions about the site and its listings`,
		'',
	].join('\n')
	return new Response(body, {
		headers: { 'Content-Type': 'text/markdown; charset=utf-8', 'Cache-Control': cacheControl.siteFile, 'Surrogate-Control': keepFor(FRESH_PAGE_SECONDS) },
	})
}
