import { expect, test } from 'vitest'
import { markupOf } from '#test/support/html.ts'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }), browser: false })

/** The grid as a crawler receives it: its count line, prices in order, robots, canonical and caching. */
async function grid(search: string) {
	const response = await fetch(`${site.server.url}/categories/birthday-flowers/${search}`, { headers: { 'user-agent': 'Googlebot/2.1' } })
	const body = (await response.text()).replaceAll('<!-- -->', '')
	return {
		status: response.status,
		cacheControl: response.headers.get('cache-control'),
		count: /<p role="status" class="mb-6[^"]*">([^<]*)<\/p>/.exec(body)?.[1],
		prices: [...body.matchAll(/<li class="offscreen-card">[\s\S]*?<p[^>]* class="mt-1 text-stone-700"[^>]*>\$([\d.,]+)<\/p>/g)].map((match) =>
			Number(match[1]),
		),
		noindex: /<meta name="robots" content="noindex/.test(body),
		canonical: /<link rel="canonical" href="([^"]+)"/.exec(body)?.[1],
		body,
	}
}

test('sorting and price bands change the grid as they say; the view is in the address, noindex, with the plain canonical, kept by no shared cache', async () => {
	// Products already in the cache: a page that had to wait for them says no-cache.
	await grid('')
	const plain = await grid('')
	expect(plain.prices).toHaveLength(24)
	expect(plain.noindex).toBe(false)
	expect(plain.cacheControl).toContain('s-maxage=300')

	const descending = await grid('?sort=price-desc')
	expect(descending.prices).toEqual([...plain.prices].sort((a, b) => b - a))
	const band = await grid('?band=60-80')
	expect(band.prices.length).toBeGreaterThan(0)
	expect(band.prices.every((price) => price >= 60 && price <= 80)).toBe(true)
	expect(band.prices).toEqual(plain.prices.filter((price) => price >= 60 && price <= 80))
	expect(band.count).toBe(`${band.prices.length} of 24 arrangements: $60–$80`)
	const both = await grid('?sort=price-desc&band=over-100')
	expect(both.prices).toEqual(plain.prices.filter((price) => price > 100).sort((a, b) => b - a))

	for (const view of [descending, band, both]) {
		expect(view.status).toBe(200)
		expect(view.noindex).toBe(true)
		expect(view.canonical).toBe(`http://localhost:${site.server.port}/categories/birthday-flowers/`)
		expect(view.cacheControl).toBe('private, max-age=300')
	}
	// The controls are links that keep the other choice, and mark the current one.
	const current = /<a [^>]*>Price: high to low<\/a>/.exec(both.body)?.[0] ?? ''
	expect(current).toContain('aria-current="true"')
	expect(current).toContain('href="/categories/birthday-flowers/?sort=price-desc&amp;band=over-100"')
	expect(both.body).toContain('href="/categories/birthday-flowers/?sort=price-asc&amp;band=over-100"')
	expect(both.body).toContain('href="/categories/birthday-flowers/?sort=price-desc&amp;band=under-60"')
})

test('bad parameters get the plain grid, never an error page', async () => {
	const plain = await grid('')
	for (const search of ['?sort=cheapest', '?band=%3Cscript%3E', '?band=60-80x', '?page=99']) {
		const view = await grid(search)
		expect(view.status, search).toBe(200)
		expect(view.prices, search).toEqual(plain.prices)
		expect(view.cacheControl, search).toBe('private, max-age=300')
	}
})

test('with no products to sort, the page shows the fallback and no sort or price links; with products, both kinds of links show', async () => {
	const controls = (body: string) => body.includes('aria-label="Sort and filter arrangements"')
	// A category never fetched, while the partner lists nothing: the fallback alone.
	site.partner.setMode('empty')
	try {
		const empty = await fetch(`${site.server.url}/categories/anniversary/`, { headers: { 'user-agent': 'Googlebot/2.1' } })
		const body = await empty.text()
		expect(markupOf(body)).toContain('We couldn’t load products right now.')
		expect(controls(body)).toBe(false)
		expect(body).not.toContain('>Price: low to high<')
	} finally {
		site.partner.setMode('ok')
	}
	const full = await grid('')
	expect(full.prices.length).toBeGreaterThan(0)
	expect(controls(full.body)).toBe(true)
})
