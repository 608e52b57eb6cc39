import { expect, test } from 'vitest'
import { buildRss, buildSitemap, escapeXml } from '~/domain/feeds.ts'

test('sitemap: absolute URLs with trailing slashes, weekly, 0.6', () => {
	const xml = buildSitemap('https://flowers.example', ['/', '/cities/mesa/', '/about'])
	expect(xml).toContain('<loc>https://flowers.example/</loc>')
	expect(xml).toContain('<loc>https://flowers.example/cities/mesa/</loc>')
	expect(xml).toContain('<loc>https://flowers.example/about/</loc>')
	expect(xml.match(/<changefreq>weekly<\/changefreq>/g)).toHaveLength(3)
	expect(xml.match(/<priority>0\.6<\/priority>/g)).toHaveLength(3)
})

test('RSS: channel, self link, one escaped item per page', () => {
	const now = new Date('2026-11-21T12:00:00Z')
	const xml = buildRss({
		siteName: 'Flowers & Co',
		siteUrl: 'https://flowers.example',
		now,
		items: [{ title: 'A <b>', path: '/a/', description: 'x & y' }],
	})
	expect(xml).toContain('<title>Flowers &amp; Co – Updates</title>')
	expect(xml).toContain('<atom:link href="https://flowers.example/rss.xml" rel="self" type="application/rss+xml"/>')
	expect(xml).toContain('<language>en-us</language>')
	expect(xml).toContain(`<lastBuildDate>${now.toUTCString()}</lastBuildDate>`)
	expect(xml).toContain('<title>A &lt;b&gt;</title>')
	expect(xml).toContain('<guid isPermaLink="true">https://flowers.example/a/</guid>')
	expect(xml).toContain('<description>x &amp; y</description>')
	expect(escapeXml(`'"`)).toBe('&apos;&quot;')
})
