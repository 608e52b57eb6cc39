import { readFileSync } from 'node:fs'
import { parse } from 'node-html-parser'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { jsonLdBlocks, markupOf } from '#test/support/html.ts'
import { standInSettings } from '#mock-servers/partner.ts'

const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }), browser: false })
const categories = (JSON.parse(readFileSync('data/categories.json', 'utf8')) as { slug: string }[]).map((category) => `/categories/${category.slug}/`)
/** Every page type: home, the cities index, a city of each reach, every category, the other pages. */
const PAGES = [
	'/',
	'/cities/',
	'/cities/phoenix/',
	'/cities/sierra-vista/',
	'/cities/tuba-city/',
	...categories,
	'/about/',
	'/contact/',
	'/privacy-policy/',
	'/terms/',
]

/** Every object in a JSON-LD tree, nested ones included. */
function nodes(value: unknown): Record<string, unknown>[] {
	if (Array.isArray(value)) return value.flatMap(nodes)
	if (value === null || typeof value !== 'object') return []
	const node = value as Record<string, unknown>
	return [node, ...Object.values(node).flatMap(nodes)]
}

const typesOf = (node: Record<string, unknown>) => [node['@type']].flat().map(String)

const CRAWLER = { 'user-agent': 'Googlebot/2.1' }

/** A product as a card on the page shows it: its title, its link, and the price digits where it shows a price. */
type Shown = { name: string; url?: string; price?: string }

/** The product cards a page shows (in `within`, when given), as a visitor reads them. */
function cardsShown(html: string, within?: string): Shown[] {
	const root = parse(html)
	const scope = within ? root.querySelector(within) : root
	return (scope?.querySelectorAll('[data-product-card]') ?? []).map((card) => {
		const priceText = card
			.querySelectorAll('p')
			.map((paragraph) => paragraph.text.trim())
			.find((text) => text.startsWith('$'))
		const price = /^\$([\d,]+(?:\.\d{2})?)/.exec(priceText ?? '')?.[1]?.replace(/,/g, '')
		return { name: card.querySelector('h3')?.text.trim() ?? '', url: card.getAttribute('href') ?? '', ...(price ? { price } : {}) }
	})
}

/** Every Product the page's structured data names, as it names it: name, offer link and price. */
function productsDeclared(html: string): Shown[] {
	return jsonLdBlocks(html)
		.flatMap(nodes)
		.filter((node) => typesOf(node).includes('Product'))
		.map((node) => {
			const offer = node.offers as Record<string, unknown> | undefined
			return { name: String(node.name), ...(offer ? { url: String(offer.url), price: String(offer.price) } : {}) }
		})
}

/** The cards as the structured data must name them: an offer (the card's link, its price as digits and the dot) only where the card shows a price. */
const asOffered = (cards: Shown[]) => cards.map((card) => (card.price ? { ...card, price: Number(card.price).toFixed(2) } : { name: card.name }))

test('no page carries an Offer without a price or names a product it does not show, and every page type keeps the types the SPEC asks for', async () => {
	const seen = new Set<string>()
	for (const path of PAGES) {
		const response = await fetch(`${site.server.url}${path}`, { headers: { 'user-agent': 'Googlebot/2.1' } })
		expect(response.status, path).toBe(200)
		const html = await response.text()
		const all = jsonLdBlocks(html).flatMap(nodes)
		for (const node of all) for (const type of typesOf(node)) seen.add(type)
		const priceless = all.filter((node) => typesOf(node).includes('Offer') && (node.price === undefined || node.priceCurrency !== 'USD'))
		expect(priceless, path).toEqual([])
		// No page names a product it does not show.
		const titles = cardsShown(html).map((card) => card.name)
		for (const product of productsDeclared(html)) expect(titles, path).toContain(product.name)
		// Each Product carries the photo its card shows, served by the site; none claims a stock the partner never states.
		const products = all.filter((node) => typesOf(node).includes('Product'))
		const photos = parse(html)
			.querySelectorAll('[data-product-card] img')
			.map((img) => new URL(img.getAttribute('src') ?? '', site.server.url).pathname.replace(/\/\d+(\.\w+)?$/, ''))
		for (const product of products) {
			expect(typeof product.image, `${path}: ${String(product.name)}`).toBe('string')
			expect(
				photos.some((photo) => new URL(String(product.image)).pathname.startsWith(photo)),
				String(product.image),
			).toBe(true)
			expect(JSON.stringify(product), path).not.toContain('InStock')
		}
		expect(
			all.some((node) => typesOf(node).includes('Organization')),
			path,
		).toBe(true)
	}
	for (const type of ['Organization', 'BreadcrumbList', 'Service', 'ItemList', 'Product', 'Offer', 'FAQPage']) expect(seen, type).toContain(type)
	// The site is a directory whose orders partner florists fill: no page calls it a local shop.
	for (const type of ['LocalBusiness', 'Florist']) expect(seen, type).not.toContain(type)
})

test('the Organization names a logo the site serves: a square PNG of at least 112 px', async () => {
	const response = await fetch(`${site.server.url}/`)
	const organization = jsonLdBlocks(await response.text()).find((block) => block['@type'] === 'Organization')
	const logo = String(organization?.logo ?? '')
	expect(logo).toMatch(/^https?:\/\/[^/]+\/logo\.png$/)
	const image = await fetch(new URL(new URL(logo).pathname, site.server.url))
	expect(image.status).toBe(200)
	expect(image.headers.get('content-type')).toBe('image/png')
	const { width, height } = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
	expect(width).toBe(height)
	expect(width).toBeGreaterThanOrEqual(112)
})

const VIEWS = [
	...categories,
	'/categories/birthday-flowers/?sort=price-desc',
	'/categories/anniversary/?band=60-80&sort=price-asc',
	'/categories/sympathy-funeral/?assortment=wreaths',
	'/categories/sympathy-funeral/?assortment=standing-sprays&sort=price-asc',
]

test('a category page’s structured data lists exactly the arrangements its grid shows, in its order, each with the card’s price and link', async () => {
	for (const path of VIEWS) {
		const html = await (await fetch(`${site.server.url}${path}`, { headers: CRAWLER })).text()
		const cards = cardsShown(html, '#collection')
		expect(cards.length, path).toBeGreaterThan(0)
		expect(productsDeclared(html), path).toEqual(asOffered(cards))
		const list = jsonLdBlocks(html).find((block) => block['@type'] === 'ItemList') as { itemListElement: { position: number }[] }
		expect(
			list.itemListElement.map((element) => element.position),
			path,
		).toEqual(cards.map((_, index) => index + 1))
	}
	// A visitor's page, its products in hand, says the same.
	const html = await (await fetch(`${site.server.url}/categories/new-baby/`)).text()
	expect(cardsShown(html, '#collection').length).toBeGreaterThan(0)
	expect(productsDeclared(html)).toEqual(asOffered(cardsShown(html, '#collection')))
}, 60_000)

test('an unknown category’s 404 page names no product', async () => {
	const response = await fetch(`${site.server.url}/categories/spring-tulips/`, { headers: CRAWLER })
	expect(response.status).toBe(404)
	const html = await response.text()
	expect(cardsShown(html)).toEqual([])
	expect(productsDeclared(html)).toEqual([])
	expect(jsonLdBlocks(html).map((block) => block['@type'])).not.toContain('ItemList')
})

describe('products read from the partner’s pages', () => {
	const scraped = useSite({ partner: true, settings: (partner) => standInSettings(partner), browser: false })

	test('a card without a price is a product without an offer; the priced ones keep theirs', async () => {
		const html = await (await fetch(`${scraped.server.url}/categories/birthday-flowers/`, { headers: CRAWLER })).text()
		const cards = cardsShown(html, '#collection')
		expect(cards.length).toBeGreaterThan(0)
		expect(productsDeclared(html)).toEqual(asOffered(cards))
		expect(cards.map((card) => card.price)).toContain('1249.50')
		// The partner's page gives no price for one of them (Orchid Garden): named, with no offer.
		expect(cards.filter((card) => !card.price).length).toBeGreaterThan(0)
	})

	test('with the partner failing, the page shows no arrangement and its structured data names none', async () => {
		scraped.partner.setMode('down')
		try {
			const response = await fetch(`${scraped.server.url}/categories/anniversary/`, { headers: CRAWLER })
			expect(response.status).toBe(200)
			const html = await response.text()
			expect(markupOf(html)).toContain('We couldn’t load products right now.')
			expect(cardsShown(html)).toEqual([])
			expect(productsDeclared(html)).toEqual([])
			expect(jsonLdBlocks(html).map((block) => block['@type'])).not.toContain('ItemList')
		} finally {
			scraped.partner.setMode('ok')
		}
	})
})
