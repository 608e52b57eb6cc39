import { pagePath } from './paths.ts'
import { absoluteUrl } from './structured-data.ts'

export function escapeXml(text: string): string {
	return text.replace(/[<>&'"]/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`)
}

/** Sitemap with every page, weekly, priority 0.6 (SPEC "Sitemap page"). */
export function buildSitemap(siteUrl: string, paths: readonly string[]): string {
	const urls = paths
		.map(
			(path) => `  <url>\n    <loc>${escapeXml(absoluteUrl(siteUrl, path))}</loc>\n    <changefreq>weekly</changefreq>\n    <priority>0.6</priority>\n  </url>`,
		)
		.join('\n')
	return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export type FeedItem = { title: string; path: string; description: string }

/** RSS 2.0 with an atom:link to itself; every item dated `now` (SPEC "RSS feed page"). */
export function buildRss(input: { siteName: string; siteUrl: string; now: Date; items: readonly FeedItem[] }): string {
	const date = input.now.toUTCString()
	const self = absoluteUrl(input.siteUrl, pagePath('/rss.xml'))
	const items = input.items
		.map((item) => {
			const link = escapeXml(absoluteUrl(input.siteUrl, item.path))
			return [
				'    <item>',
				`      <title>${escapeXml(item.title)}</title>`,
				`      <link>${link}</link>`,
				`      <guid isPermaLink="true">${link}</guid>`,
				`      <pubDate>${date}</pubDate>`,
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
		`    <lastBuildDate>${date}</lastBuildDate>`,
		'    <generator>React Router</generator>',
		items,
		'  </channel>',
		'</rss>',
		'',
	].join('\n')
}
