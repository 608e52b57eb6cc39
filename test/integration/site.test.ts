import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { temporaryFolder } from '#test/support/temporary.ts'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodeText, jsonLdBlocks, jsonLdTypes, linkHref, metaContent, titleOf, markupOf } from '#test/support/html.ts'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer, TEST_AFFILIATE_ID, type RunningServer } from '#test/support/server.ts'
import cities from '#data/cities.json' with { type: 'json' }
import categories from '#data/categories.json' with { type: 'json' }
import { CATEGORY_CARD_ORDER } from '#test/support/spec.ts'

let server: RunningServer
let partner: PartnerStandIn
let site = ''

beforeAll(async () => {
	// The partner is down throughout: pages must still render, with the fallback states.
	partner = await startPartnerStandIn()
	partner.setMode('down')
	server = await startServer({ PARTNER_BASE_URL: partner.url })
	site = `http://localhost:${server.port}`
})
afterAll(async () => {
	await server.stop()
	await partner.stop()
})

async function get(path: string, init: RequestInit = {}) {
	const response = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init })
	// React's text-joining markers are invisible; drop them so tests read the text a visitor sees.
	return { response, body: (await response.text()).replaceAll('<!-- -->', '') }
}

/** A raw request with a chosen Host header (fetch does not allow setting it). */
function getWithHost(path: string, host: string): Promise<{ status?: number; location?: string }> {
	return new Promise((resolve, reject) => {
		http
			.get(`${server.url}${path}`, { headers: { host } }, (response) => {
				response.resume()
				resolve({ status: response.statusCode, location: response.headers.location })
			})
			.on('error', reject)
	})
}

const pages = [
	{ path: '/', title: /Same-Day in Most Arizona Towns/, types: ['Organization', 'FAQPage'] },
	{ path: '/cities/', title: /Arizona Cities We Deliver To/, types: ['Organization', 'BreadcrumbList'] },
	{ path: '/cities/phoenix/', title: /Phoenix/, types: ['Organization', 'BreadcrumbList', 'Service', 'FAQPage'] },
	{ path: '/cities/lake-havasu-city/', title: /Lake Havasu City/, types: ['BreadcrumbList', 'Service', 'FAQPage'] },
	{ path: '/categories/birthday-flowers/', title: /Birthday Flowers/, types: ['BreadcrumbList', 'Service'] },
	{ path: '/categories/sympathy-funeral/', title: /Sympathy & Funeral Flowers/, types: ['BreadcrumbList', 'Service'] },
	{ path: '/about/', title: /About Us/, types: ['Organization', 'BreadcrumbList'] },
	{ path: '/contact/', title: /Contact Us/, types: ['Organization', 'BreadcrumbList'] },
	{ path: '/privacy-policy/', title: /Privacy Policy/, types: ['BreadcrumbList'] },
	{ path: '/terms/', title: /Terms of Service/, types: ['BreadcrumbList'] },
]

describe('every page of the site', () => {
	test.each(pages)('$path: 200, title, description, canonical, hreflang, OG, Twitter, JSON-LD', async ({ path, title, types }) => {
		const { response, body } = await get(path)
		expect(response.status).toBe(200)
		// A guide and directory, not a shop: no page calls the site a local business or a florist.
		expect(jsonLdTypes(body)).not.toContain('LocalBusiness')
		expect(jsonLdTypes(body)).not.toContain('Florist')
		expect(response.headers.get('content-type')).toMatch(/text\/html/)
		expect(decodeText(titleOf(body) ?? '')).toMatch(title)
		expect(metaContent(body, 'description')?.length).toBeGreaterThan(40)
		expect(linkHref(body, 'canonical')).toBe(`${site}${path}`)
		expect(linkHref(body, 'alternate', 'hrefLang="en-US"')).toBe(`${site}${path}`)
		expect(linkHref(body, 'alternate', 'hrefLang="x-default"')).toBe(`${site}${path}`)
		expect(metaContent(body, 'og:url')).toBe(`${site}${path}`)
		expect(metaContent(body, 'og:title')).toBe(decodeText(titleOf(body) ?? ''))
		expect(metaContent(body, 'twitter:card')).toBe('summary_large_image')
		expect(metaContent(body, 'geo.region')).toBe('US-AZ')
		expect(jsonLdTypes(body)).toEqual(expect.arrayContaining(types))
		expect(body).not.toMatch(/aggregateRating/)
		expect(body.match(/<h1\b/g)).toHaveLength(1)
		expect(body).toContain(`© ${new Date().getFullYear()}`)
	})

	test('/terms-of-service/ is the same terms page, canonical /terms/, dated January 20, 2025', async () => {
		const { response, body } = await get('/terms-of-service/')
		expect(response.status).toBe(200)
		expect(linkHref(body, 'canonical')).toBe(`${site}/terms/`)
		expect(body).toContain('January 20, 2025')
		expect((await get('/privacy-policy/')).body).toContain('Last updated January 20, 2025')
	})
})

describe('home page content', () => {
	test('nine category cards in the spec’s order with Popular marks, six featured cities, six FAQs', async () => {
		const { body } = await get('/')
		const cards = [...body.matchAll(/href="\/categories\/([a-z-]+)\/"[^>]*>Shop /g)].map((match) => match[1])
		expect(cards).toEqual(CATEGORY_CARD_ORDER)
		expect(body.match(/>Popular</g)).toHaveLength(3)
		expect(body).toContain('id="categories"')
		for (const name of ['Phoenix', 'Tucson', 'Mesa', 'Chandler', 'Scottsdale', 'Glendale']) expect(body).toContain(`/cities/${name.toLowerCase()}/`)
		expect(body).toContain('Population 1,608,139 (2020 U.S. Census)')
		expect(body).toContain('View All Arizona Cities')
		const faq = jsonLdBlocks(body).find((block) => block['@type'] === 'FAQPage') as { mainEntity: unknown[] }
		expect(faq.mainEntity).toHaveLength(6)
		expect(body).toContain('placeholder="Enter your Arizona city (Phoenix, Tucson, Flagstaff...)"')
		expect(body).toContain('placeholder="Search by city..."')
	})
})

describe('city pages', () => {
	test('hero, sections in order, ZIP codes, nearby cities and a partner order link with affiliate parameters', async () => {
		const { body } = await get('/cities/tempe/')
		expect(body).toContain('Flower Delivery in Tempe, AZ')
		const order = [
			'ZIP codes',
			'Why Choose Our Tempe Flower Delivery',
			'Will my flowers arrive on time?',
			'Delivering across Tempe',
			'Local florists serving Tempe',
			'Flower services in Tempe',
			'flower delivery questions',
			'Service area near Tempe',
		]
		const positions = order.map((text) => body.indexOf(text))
		for (const position of positions) expect(position).toBeGreaterThan(0)
		expect([...positions].sort((a, b) => a - b)).toEqual(positions)
		expect(body.match(/Flower Delivery<\/a>/g)?.length).toBe(6)
		expect(body).toMatch(/target="_blank" rel="sponsored noopener"/)
		expect(body).toContain(`AffiliateID=${TEST_AFFILIATE_ID}`)
		const breadcrumbs = jsonLdBlocks(body).find((block) => block['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] }
		expect(breadcrumbs.itemListElement.map((item) => item.name)).toEqual(['Home', 'Cities', 'Tempe'])
		const service = jsonLdBlocks(body).find((block) => block['@type'] === 'Service') as { hasOfferCatalog: { itemListElement: unknown[] } }
		expect(service.hasOfferCatalog.itemListElement.length).toBeLessThanOrEqual(6)
		expect(metaContent(body, 'geo.placename')).toBe('Tempe')
	})

	test('the home page counts the towns it has pages for, in its text, description and FAQ structured data', async () => {
		const { body } = await get('/')
		const text = decodeText(body)
		expect(text).not.toMatch(/over 120|120 (Arizona )?cities/i)
		expect(text).toContain(`Pages for ${cities.cities.length} Arizona cities and towns`)
		const faq = jsonLdBlocks(body).find((block) => block['@type'] === 'FAQPage') as { mainEntity: { acceptedAnswer: { text: string } }[] }
		expect(faq.mainEntity.map((item) => item.acceptedAnswer.text).join(' ')).toContain(`We have pages for ${cities.cities.length} Arizona cities and towns`)
		expect(metaContent(body, 'description')).toMatch(new RegExp(`\\d+ of the ${cities.cities.length} towns we list`))
	})

	test('the city list: 12 featured cities, then every city with the count text', async () => {
		const { body } = await get('/cities/')
		expect(body).toContain('Population 1,608,139 (2020 U.S. Census)')
		// Counted from the data: the remote towns are not promised same-day.
		const remote = readdirSync('data/cities').filter(
			(name) => (JSON.parse(readFileSync(`data/cities/${name}`, 'utf8')) as { facts: { reach: string } }).facts.reach === 'remote',
		).length
		expect(remote).toBeGreaterThan(0)
		expect(decodeText(body)).toContain(
			`${cities.cities.length - remote} of these ${cities.cities.length} Arizona cities and towns are available for same-day delivery; in the ${remote} remote towns, where the florist drives out, order a day ahead.`,
		)
		for (const city of cities.cities) expect(body).toContain(`href="/cities/${city.slug}/"`)
	})
})

test('city and category pages say who delivers the order, beside the order buttons', async () => {
	for (const [path, place] of [
		['/cities/tempe/', 'in Tempe'],
		['/categories/birthday-flowers/', 'in Arizona'],
	] as const) {
		const { body } = await get(path)
		const box = /<aside aria-labelledby="who-delivers-title"[\s\S]*?<\/aside>/.exec(body)?.[0] ?? ''
		expect(box, path).toContain('Who delivers your order')
		expect(box).toContain('You order on Florist One, which takes your payment and answers for the order.')
		expect(box).toContain(`who delivers ${place} arranges it and brings it to the recipient.`)
		expect(box).toContain('do not include its service fee and tax')
		expect(box).toContain('we earn a commission')
		// Next to the order buttons: in the hero, before the page's first section below it.
		expect(body.indexOf(box)).toBeLessThan(body.indexOf('</section>'))
	}
})

describe('category pages', () => {
	test('known category with the partner down: hero, collection, closing section, partner links, and no product in its JSON-LD', async () => {
		const { body } = await get('/categories/sympathy-funeral/')
		expect(body).toContain('Premium Sympathy &amp; Funeral Flowers Collection')
		expect(body).toContain('See All Sympathy &amp; Funeral Flowers Arrangements')
		expect(body).toContain('Browse Complete Sympathy &amp; Funeral Flowers Collection')
		expect(body).toContain(`/main.cfm?cat=sy&amp;source_id=aff&amp;AffiliateID=${TEST_AFFILIATE_ID}`)
		expect(markupOf(body)).toContain('We couldn’t load products right now.')
		// The page shows no arrangement, so its structured data names none.
		expect(jsonLdTypes(body)).toContain('Service')
		expect(jsonLdTypes(body)).not.toContain('ItemList')
		expect(body).not.toContain('"Product"')
	})

	test('unknown category: title from the slug, the spec’s description, 404 and noindex', async () => {
		const { response, body } = await get('/categories/spring-tulips/')
		expect(response.status).toBe(404)
		expect(body).toContain('<h1 class="mt-5 max-w-3xl font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">Spring Tulips</h1>')
		expect(body).toContain('Beautiful flower arrangements for every occasion')
		expect(metaContent(body, 'robots')).toContain('noindex')
		expect(server.logLines()).toContainEqual(expect.objectContaining({ msg: '404 Not Found', path: '/categories/spring-tulips/' }))
	})

	test('every category of the data file has a page', async () => {
		for (const category of categories) expect((await get(`/categories/${category.slug}/`)).response.status).toBe(200)
	})
})

describe('HTTP behaviour', () => {
	test('a www. host gets a 301 to the same URL without it', async () => {
		expect(await getWithHost('/cities/mesa/?ref=ad', `www.localhost:${server.port}`)).toEqual({
			status: 301,
			location: `${site}/cities/mesa/?ref=ad`,
		})
	})

	test('a missing trailing slash gets a 301 keeping the query', async () => {
		const { response } = await get('/cities/mesa?ref=ad&x=1')
		expect(response.status).toBe(301)
		expect(response.headers.get('location')).toBe('/cities/mesa/?ref=ad&x=1')
	})

	test.each(['/cities/nowhere/', '/no-such-page/', '/404/', '/cities/phoenix/extra/'])('%s: not-found page, 404, noindex, path logged', async (path) => {
		const { response, body } = await get(path)
		expect(response.status).toBe(404)
		expect(body).toContain('Oops! Page not found')
		expect(metaContent(body, 'robots')).toContain('noindex')
		expect(server.logLines()).toContainEqual(expect.objectContaining({ msg: '404 Not Found', path }))
	})

	test('the search form lands on the first matching city, or on the partner', async () => {
		expect((await get('/search/?q=%20MESA%20')).response.headers.get('location')).toBe('/cities/mesa/')
		const partnerPage = (await get('/search/?q=zzzz')).response.headers.get('location') ?? ''
		expect(partnerPage.startsWith(`${partner.url}/`)).toBe(true)
		expect(partnerPage).toContain(`AffiliateID=${TEST_AFFILIATE_ID}`)
	})

	test('pages are compressed and assets are cached for a year', async () => {
		const { response, body } = await get('/', { headers: { 'accept-encoding': 'gzip, br' } })
		expect(response.headers.get('content-encoding')).toMatch(/gzip|br/)
		expect(response.headers.get('x-powered-by')).toBeNull()
		const asset = /<link\b[^>]*rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(body)?.[1]
		expect(asset).toBeTruthy()
		const css = await get(asset ?? '', { headers: { 'accept-encoding': 'gzip, br' } })
		expect(css.response.status).toBe(200)
		expect(css.response.headers.get('cache-control')?.split(/,\s*/).sort()).toEqual(['immutable', 'max-age=31536000', 'public'])
		// Sent as the build's own brotli copy, the same text once decoded.
		expect(css.response.headers.get('content-encoding')).toBe('br')
		expect(css.response.headers.get('vary')).toMatch(/Accept-Encoding/i)
		expect(css.body).toContain('box-sizing')
		const plainCss = await get(asset ?? '', { headers: { 'accept-encoding': 'identity' } })
		expect(plainCss.response.headers.get('content-encoding')).toBeNull()
		expect(plainCss.body).toBe(css.body)
		expect((await get('/assets/missing.js')).response.status).toBe(404)
	})

	test('/healthz answers', async () => {
		const { response, body } = await get('/healthz')
		expect(response.status).toBe(200)
		expect(JSON.parse(body)).toEqual({ status: 'ok' })
	})
})

describe('sitemap, feed and robots', () => {
	test('sitemap.xml lists every page with absolute URLs, weekly, 0.6', async () => {
		const { response, body } = await get('/sitemap.xml')
		expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
		expect(body).toMatch(
			/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
		)
		const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
		for (const path of ['/', '/cities/', '/about/', '/contact/', '/privacy-policy/', '/terms/']) expect(locs).toContain(`${site}${path}`)
		for (const category of categories) expect(locs).toContain(`${site}/categories/${category.slug}/`)
		for (const city of cities.cities) {
			expect(locs).toContain(`${site}/cities/${city.slug}/`)
			expect(locs).toContain(`${site}/es/ciudades/${city.slug}/`)
		}
		// Every page and its Spanish twin, and the 10 de mayo page of the Spanish site alone.
		const english = 6 + categories.length + cities.cities.length
		expect(locs).toHaveLength(2 * english + 1)
		expect(body.match(/<changefreq>weekly<\/changefreq>/g)).toHaveLength(locs.length)
		expect(body.match(/<priority>0.6<\/priority>/g)).toHaveLength(locs.length)
		// Dated by the data a page is made from, not by the request: a city by its own file, the policies by their date.
		const lastmod = (path: string) => new RegExp(`<loc>${site}${path}</loc>(?:\\n    <xhtml:link [^>]*/>)*\\n    <lastmod>([^<]+)</lastmod>`).exec(body)?.[1]
		const ajo = JSON.parse(readFileSync('data/cities/ajo.json', 'utf8')) as { updated: string }
		expect(lastmod('/cities/ajo/')).toBe(ajo.updated > cities.updated ? ajo.updated : cities.updated)
		expect(lastmod('/privacy-policy/')).toBe('2025-01-20')
		expect(lastmod(`/categories/${categories[0]?.slug}/`)).toBe(categories[0]?.updated)
	})

	test('sitemap.xml is valid against the sitemaps.org schema, its hreflang links included (xmllint)', async () => {
		const { body } = await get('/sitemap.xml')
		const file = join(temporaryFolder('azsitemap-'), 'sitemap.xml')
		writeFileSync(file, body)
		const check = spawnSync('xmllint', ['--noout', '--schema', 'test/support/schemas/sitemap.xsd', file], { encoding: 'utf8' })
		expect(check.stderr.trim()).toBe(`${file} validates`)
		expect(check.status).toBe(0)
		expect(body.match(/<xhtml:link rel="alternate" hreflang="es-US"/g)?.length).toBeGreaterThan(70)
		// The schema is strict: a link between <loc> and <lastmod>, as sitemaps once had it, fails.
		const misplaced = body.replace(/(<loc>[^<]+<\/loc>)/, '$1\n    <xhtml:link rel="alternate" hreflang="en-US" href="https://example.com/"/>')
		writeFileSync(file, misplaced)
		expect(spawnSync('xmllint', ['--noout', '--schema', 'test/support/schemas/sitemap.xsd', file], { encoding: 'utf8' }).status).not.toBe(0)
	})

	test('rss.xml is RSS 2.0 with a self link and 6 + 9 + one item per city', async () => {
		const { response, body } = await get('/rss.xml')
		expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/)
		expect(body).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">')
		expect(body).toContain(`<atom:link href="${site}/rss.xml" rel="self" type="application/rss+xml"/>`)
		expect(body).toContain('<title>Arizona Flower Delivery – Updates</title>')
		expect(body.match(/<item>/g)).toHaveLength(6 + 9 + cities.cities.length)
		// The same feed read twice is the same feed: its dates are the content's, not the moment of the request.
		expect((await get('/rss.xml')).body).toBe(body)
		const cityDays = readdirSync('data/cities').map((name) => (JSON.parse(readFileSync(`data/cities/${name}`, 'utf8')) as { updated: string }).updated)
		const days = [cities.updated, ...cityDays, ...categories.map((category) => category.updated)].sort()
		expect(body).toContain(`<lastBuildDate>${new Date(`${days.at(-1)}T00:00:00-07:00`).toUTCString()}</lastBuildDate>`)
		expect(body).toContain(`<pubDate>${new Date('2025-01-20T00:00:00-07:00').toUTCString()}</pubDate>`)
		// Every item is dated, About and Contact by the day their text last changed.
		const items = body.split('<item>').slice(1)
		expect(items.filter((item) => !item.includes('<pubDate>'))).toEqual([])
		const about = items.find((item) => item.includes(`<link>${site}/about/</link>`))
		expect(about).toContain(`<pubDate>${new Date('2026-11-25T00:00:00-07:00').toUTCString()}</pubDate>`)
	})

	test('robots.txt names the sitemap', async () => {
		const { response, body } = await get('/robots.txt')
		expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
		expect(body).toContain(`Sitemap: ${site}/sitemap.xml`)
	})
})
