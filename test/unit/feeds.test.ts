import { expect, test } from 'vitest'
import { buildRss, buildSitemap, escapeXml } from '#app/domain/feeds.ts'

test('sitemap: absolute URLs with trailing slashes, weekly, 0.6, lastmod where the content date is known', () => {
	const xml = buildSitemap('https://flowers.example', [
		{ path: '/', updated: '2026-11-20' },
		{ path: '/cities/mesa/', updated: '2026-10-02' },
		{ path: '/about' },
	])
	expect(xml).toContain('<loc>https://flowers.example/</loc>')
	expect(xml).toContain('<loc>https://flowers.example/cities/mesa/</loc>')
	expect(xml).toContain('<loc>https://flowers.example/about/</loc>')
	expect(xml.match(/<changefreq>weekly<\/changefreq>/g)).toHaveLength(3)
	expect(xml.match(/<priority>0\.6<\/priority>/g)).toHaveLength(3)
	expect(xml.match(/<lastmod>[^<]+<\/lastmod>/g)).toEqual(['<lastmod>2026-11-20</lastmod>', '<lastmod>2026-10-02</lastmod>'])
	// The sitemaps.org schema's order: loc, lastmod, changefreq, priority, then any extension (the hreflang links).
	for (const entry of xml.split('<url>').slice(1))
		expect(entry.replace(/\s+/g, '')).toMatch(
			/^<loc>[^<]+<\/loc>(<lastmod>[^<]+<\/lastmod>)?<changefreq>weekly<\/changefreq><priority>0\.6<\/priority>(<xhtml:link[^>]*\/>)*<\/url>/,
		)
})

test('sitemap: a page and its twin in the other language carry the same three language links', () => {
	const alternates = { en: '/cities/yuma/', es: '/es/ciudades/yuma/' }
	const xml = buildSitemap('https://flowers.example', [
		{ path: '/cities/yuma/', alternates },
		{ path: '/es/ciudades/yuma/', alternates },
		{ path: '/es/ocasiones/10-de-mayo/' },
	])
	expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
	const entries = xml.split('<url>').slice(1)
	const links = (entry: string) => entry.match(/<xhtml:link [^>]*\/>/g) ?? []
	expect(links(entries[0] ?? '')).toEqual([
		'<xhtml:link rel="alternate" hreflang="en-US" href="https://flowers.example/cities/yuma/"/>',
		'<xhtml:link rel="alternate" hreflang="es-US" href="https://flowers.example/es/ciudades/yuma/"/>',
		'<xhtml:link rel="alternate" hreflang="x-default" href="https://flowers.example/cities/yuma/"/>',
	])
	expect(links(entries[1] ?? '')).toEqual(links(entries[0] ?? ''))
	expect(links(entries[2] ?? '')).toEqual([])
})

test('RSS: channel, self link, one escaped item per page, dated by when its content changed', () => {
	const xml = buildRss({
		siteName: 'Flowers & Co',
		siteUrl: 'https://flowers.example',
		items: [
			{ title: 'A <b>', path: '/a/', description: 'x & y', updated: '2026-11-20' },
			{ title: 'B', path: '/b/', description: 'b', updated: '2026-11-24' },
			{ title: 'C', path: '/c/', description: 'c' },
		],
	})
	expect(xml).toContain('<title>Flowers &amp; Co – Updates</title>')
	expect(xml).toContain('<atom:link href="https://flowers.example/rss.xml" rel="self" type="application/rss+xml"/>')
	expect(xml).toContain('<language>en-us</language>')
	// The start of the day in Arizona (UTC-7), and the channel dated by its newest item.
	expect(xml).toContain('<pubDate>Fri, 20 Nov 2026 07:00:00 GMT</pubDate>')
	expect(xml).toContain('<lastBuildDate>Tue, 24 Nov 2026 07:00:00 GMT</lastBuildDate>')
	expect(xml.match(/<pubDate>/g)).toHaveLength(2)
	expect(xml).toContain('<title>A &lt;b&gt;</title>')
	expect(xml).toContain('<guid isPermaLink="true">https://flowers.example/a/</guid>')
	expect(xml).toContain('<description>x &amp; y</description>')
	expect(escapeXml(`'"`)).toBe('&apos;&quot;')
})
