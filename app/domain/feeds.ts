import { LOCALE, type Alternates } from '#app/words/locale.ts'
import { localPath, pagePath } from '#app/domain/paths.ts'
import { absoluteUrl } from '#app/domain/structured-data.ts'

export function escapeXml(text: string): string {
	return text.replace(/[<>&'"]/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`)
}

/**
 * A page of the sitemap and the feed: `updated` is the day its content last changed (YYYY-MM-DD),
 * where known; `alternates`, its path in both languages where it has a twin.
 */
export type SitePage = { path: string; updated?: string | undefined; alternates?: Alternates | null }

/** The language links of a page with a twin, the same three on both: English, Spanish, and x-default (English). */
function alternateLinks(siteUrl: string, alternates: Alternates): string[] {
	const link = (hreflang: string, path: string) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(absoluteUrl(siteUrl, path))}"/>`
	return [link(LOCALE.en, alternates.en), link(LOCALE.es, alternates.es), link('x-default', alternates.en)]
}

/**
 * Sitemap with every page, weekly, priority 0.6 (SPEC "Sitemap page"), each with the day its content
 * last changed, and a page with a twin in the other language with both (Google's xhtml:link form, after
 * `<priority>`, as the sitemaps.org schema orders its elements).
 */
export function buildSitemap(siteUrl: string, pages: readonly SitePage[]): string {
	const urls = pages
		.map((page) =>
			[
				'  <url>',
				`    <loc>${escapeXml(absoluteUrl(siteUrl, page.path))}</loc>`,
				...(page.updated ? [`    <lastmod>${page.updated}</lastmod>`] : []),
				'    <changefreq>weekly</changefreq>',
				'    <priority>0.6</priority>',
				// Extensions stand after the sitemaps.org elements, where the schema allows them.
				...(page.alternates ? alternateLinks(siteUrl, page.alternates) : []),
				'  </url>',
			].join('\n'),
		)
		.join('\n')
	return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`
}

export type FeedItem = SitePage & { title: string; description: string }

/** A content date (YYYY-MM-DD) as RSS writes dates: the start of that day in Arizona. */
function rssDate(day: string): string {
	return new Date(`${day}T00:00:00-07:00`).toUTCString()
}

/**
 * RSS 2.0 with an atom:link to itself. Each item is dated by the day its page's content last
 * changed (none where that is unknown), and the channel by the latest of them: a feed reader sees
 * a page again only when it changed, not every time the feed is read.
 */
export function buildRss(input: { siteName: string; siteUrl: string; items: readonly FeedItem[] }): string {
	const latest = input.items.reduce<string | undefined>((last, item) => (item.updated && (!last || item.updated > last) ? item.updated : last), undefined)
	const self = absoluteUrl(input.siteUrl, pagePath('/rss.xml'))
	const items = input.items
		.map((item) => {
			const link = escapeXml(absoluteUrl(input.siteUrl, item.path))
			return [
				'    <item>',
				`      <title>${escapeXml(item.title)}</title>`,
				`      <link>${link}</link>`,
				`      <guid isPermaLink="true">${link}</guid>`,
				...(item.updated ? [`      <pubDate>${rssDate(item.updated)}</pubDate>`] : []),
				`      <description>${escapeXml(item.description)}</description>`,
				'    </item>',
			].join('\n')
		})
		.join('\n')
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
		'  <channel>',
		`    <title>${escapeXml(`${input.siteName} – Updates`)}</title>`,
		`    <link>${escapeXml(absoluteUrl(input.siteUrl, pagePath('/')))}</link>`,
		`    <description>${escapeXml(`New and updated pages from ${input.siteName}: Arizona flower delivery by city and occasion.`)}</description>`,
		'    <language>en-us</language>',
		`    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
		...(latest ? [`    <lastBuildDate>${rssDate(latest)}</lastBuildDate>`] : []),
		'    <generator>React Router</generator>',
		items,
		'  </channel>',
		'</rss>',
		'',
	].join('\n')
}

/** What `/llms.txt` is made from: the site's settings, its town counts and its occasions. */
export type LlmsTxtInput = {
	siteName: string
	siteUrl: string
	contactEmail: string
	counts: { cities: number; sameDay: number }
	categories: readonly { slug: string; title: string; description: string }[]
	/** The Spanish occasions, each with its page's path. */
	spanishCategories: readonly { path: string; title: string; description: string }[]
}

/**
 * `/llms.txt`: the site for an AI agent, in the llms.txt form (llmstxt.org): an H1, a summary
 * blockquote, notes without headings (how delivery and prices work in Arizona), then sections whose
 * entries are all Markdown links (the pages, the MCP endpoint, the contact). Made from the same data
 * as the pages.
 */
export function buildLlmsTxt({ siteName, siteUrl, contactEmail, counts, categories, spanishCategories }: LlmsTxtInput): string {
	const url = (path: string) => absoluteUrl(siteUrl, path)
	return [
		`# ${siteName}`,
		'',
		`> A guide and directory for sending flowers anywhere in Arizona: ${counts.cities} city and town pages and nine occasions, with arrangements from the Florist One network, whether flowers can still arrive today, and links to order. Orders are placed on Florist One and filled by its partner florists; this site earns an affiliate commission on them, at no extra cost to the buyer.`,
		'',
		'How delivery works in Arizona:',
		'',
		`- Same-day delivery in ${counts.sameDay} of the ${counts.cities} towns listed when the order is in before 2:00 PM Arizona time; later orders go out the next delivery day. No delivery on Sundays, New Year's Day, Thanksgiving or Christmas Day unless the network offers the date.`,
		`- In the ${counts.cities - counts.sameDay} remote towns the florist drives out from a larger town: order by 2:00 PM Arizona time the day before. Each town's page and the tools below say which applies.`,
		'- Arizona keeps Mountain Standard Time all year; the Navajo Nation keeps daylight saving time, so in summer its clocks are an hour ahead.',
		'- Prices on Florist One exclude its service charge and tax, which its checkout adds; the city pages and the tools give the whole delivered price for a ZIP where the partner quotes it.',
		'- Every page is also in Spanish, under /es/ (the section "Páginas en español" below); the tools answer in Spanish when asked.',
		'',
		'## Pages',
		'',
		`- [All Arizona cities](${url(pagePath('/cities'))}): every town with its ZIP codes`,
		...categories.map((category) => `- [${category.title}](${url(pagePath('/categories/:slug', { slug: category.slug }))}): ${category.description}`),
		`- [Sitemap](${url(pagePath('/sitemap.xml'))}): every page in both languages`,
		'',
		'## Páginas en español',
		'',
		`- [Inicio](${url(localPath('es', '/'))}): every page a sender uses has a Spanish twin under /es/, with the same facts; the sitemap pairs each with its English page`,
		`- [Ciudades de Arizona](${url(localPath('es', '/cities'))}): cada ciudad con sus códigos postales; cada página de ciudad en /es/ciudades/<slug>/`,
		...spanishCategories.map((category) => `- [${category.title}](${url(category.path)}): ${category.description}`),
		'',
		'## For agents',
		'',
		`- [MCP server](${siteUrl.replace(/\/+$/, '')}/mcp): Streamable HTTP, stateless, read-only, POST only. Tools: find_arrangements (a town, place or ZIP and an occasion, optionally under a budget, with delivered prices and order links), delivery_dates (the dates that can still be ordered for a ZIP, town or place, the earliest first, and today's cut-off), town_notes (hospitals, funerals, weather and clock of a town). Each takes language "en" or "es" and answers in it.`,
		`- [Contact](mailto:${contactEmail}): questions about the site and its listings`,
		'',
	].join('\n')
}
