import { pagePath } from '#app/domain/paths.ts'
import { absoluteUrl } from '#app/domain/structured-data.ts'

export function escapeXml(text: string): string {
	return text.replace(/[<>&'"]/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`)
}

/** A page of the sitemap and the feed: `updated` is the day its content last changed (YYYY-MM-DD), where known. */
export type SitePage = { path: string; updated?: string | undefined }

/** Sitemap with every page, weekly, priority 0.6 (SPEC "Sitemap page"), each with the day its content last changed. */
export function buildSitemap(siteUrl: string, pages: readonly SitePage[]): string {
	const urls = pages
		.map((page) =>
			[
				'  <url>',
				`    <loc>${escapeXml(absoluteUrl(siteUrl, page.path))}</loc>`,
				...(page.updated ? [`    <lastmod>${page.updated}</lastmod>`] : []),
				'    <changefreq>weekly</changefreq>',
				'    <priority>0.6</priority>',
				'  </url>',
			].join('\n'),
		)
		.join('\n')
	return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
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
