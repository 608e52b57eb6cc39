import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { jsonLdBlocks } from '#test/support/html.ts'
import { standInSettings } from '#test/support/partner-stand-in.ts'

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

test('no page carries an Offer without a price, and every page type keeps the types the SPEC asks for', async () => {
	const seen = new Set<string>()
	for (const path of PAGES) {
		const response = await fetch(`${site.server.url}${path}`, { headers: { 'user-agent': 'Googlebot/2.1' } })
		expect(response.status, path).toBe(200)
		const all = jsonLdBlocks(await response.text()).flatMap(nodes)
		for (const node of all) for (const type of typesOf(node)) seen.add(type)
		const priceless = all.filter((node) => typesOf(node).includes('Offer') && (node.price === undefined || node.priceCurrency !== 'USD'))
		expect(priceless, path).toEqual([])
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
