import { expect, test, vi } from 'vitest'
import { fakeClock, fakePartner } from '#test/support/fake-partner.ts'
import { productsTag } from '#app/domain/cache-policy.ts'
import type { Product } from '#app/domain/product.ts'
import { getCategory } from '#app/server/catalog.server.ts'
import { openDatabase } from '#app/server/db.server.ts'
import type { PageLoader } from '#app/server/partner/page-cache.server.ts'
import { createPartner } from '#app/server/partner-setup.server.ts'
import { createPartnerServices } from '#app/server/partner-services.server.ts'
import { createProductService } from '#app/server/products.server.ts'
import { parseSettings } from '#app/server/settings.server.ts'

/**
 * The product service over a partner built from settings, a store in memory and
 * a partner that answers what each test says: what it shows, which product
 * codes it counts as shown, and the one announcement of each change of products.
 */

const HOUR = 3_600_000
const PARTNER = 'https://www.floristone.com'
const AFFILIATE_ID = '4200000042'

const product = (code: string): Product => ({
	title: `Bouquet ${code}`,
	price: '$39.95',
	image: `https://cdn.floristone.com/${code}.jpg`,
	url: `${PARTNER}/detail.cfm?dcode=${code}`,
})

const category = (slug: string) => {
	const found = getCategory(slug)
	if (!found) throw new Error(`No category ${slug}`)
	return found
}

async function setUp(load: PageLoader, options: { db?: Awaited<ReturnType<typeof openDatabase>>; clock?: ReturnType<typeof fakeClock> } = {}) {
	const db = options.db ?? (await openDatabase(':memory:'))
	const clock = options.clock ?? fakeClock()
	const partner = createPartner(parseSettings({ PARTNER_BASE_URL: PARTNER, AFFILIATE_ID }), { db: db.db, clock, load })
	const changes: string[][] = []
	const products = createProductService(partner, { clock, onProductsChanged: (tags) => changes.push(tags) })
	return { db, clock, partner, products, changes }
}

test('a grid shows the partner’s products with the affiliate parameters and photos on the site, and nothing off the partner', async () => {
	const offPartner = { ...product('X1'), url: 'https://elsewhere.example/detail.cfm?dcode=X1' }
	const { products } = await setUp(fakePartner([[product('B1'), offPartner, product('B2')]]))
	const shown = await products.getCategoryProducts(category('birthday-flowers'))
	expect(shown.refreshing).toBe(false)
	expect(shown.products.map((item) => new URL(item.url).searchParams.get('dcode'))).toEqual(['B1', 'B2'])
	for (const item of shown.products) {
		expect(new URL(item.url).searchParams.get('AffiliateID')).toBe(AFFILIATE_ID)
		expect(item.photo).toMatch(/^[\w-]+$/)
		expect(item).not.toHaveProperty('image')
	}
})

test('the codes shown are those of every stored page, any process’s, read again at most once a minute', async () => {
	const { db, clock, products } = await setUp(fakePartner([[product('B1'), product('B2')]]))
	expect(await products.shownProductCodes()).toEqual(new Set())
	await products.getCategoryProducts(category('birthday-flowers'))
	// Another process, sharing the store, shows sympathy flowers.
	const other = await setUp(fakePartner([[product('S1')]]), { db, clock })
	await other.products.getCategoryProducts(category('sympathy-funeral'))
	expect(await products.shownProductCodes()).toEqual(new Set())
	clock.advance(60_000)
	expect(await products.shownProductCodes()).toEqual(new Set(['B1', 'B2', 'S1']))
})

test('a refresh that brings a new range is announced once, with every category that reads the source', async () => {
	const load = fakePartner([[product('A1'), product('A2')], [product('A3')]])
	const { clock, partner, products, changes } = await setUp(load)
	const [graduation, justBecause] = [category('graduation'), category('just-because')]
	expect(partner.productSourceUrl(graduation)).toBe(partner.productSourceUrl(justBecause))
	await products.getCategoryProducts(graduation)
	await products.getCategoryProducts(justBecause)
	expect(changes).toEqual([])

	clock.advance(72 * HOUR)
	expect((await products.getCategoryProducts(graduation)).refreshing).toBe(true)
	await partner.pageCache.settle()
	expect(changes).toEqual([[productsTag('graduation'), productsTag('just-because')]])

	// The same range again: nothing changed, nothing announced.
	clock.advance(72 * HOUR)
	await products.getCategoryProducts(graduation)
	await partner.pageCache.settle()
	expect(load).toHaveBeenCalledTimes(3)
	expect(changes).toHaveLength(1)
})

test('sliders draw one pool from the occasion pages, in windows of 20', async () => {
	const many = (prefix: string) => Array.from({ length: 12 }, (_, index) => product(`${prefix}${index}`))
	const load = vi.fn<PageLoader>(async (url) => ({ html: '', products: many(new URL(url).searchParams.get('cat')?.toUpperCase() ?? 'P') }))
	const { products } = await setUp(load)
	const categories = ['mothers-day', 'graduation', 'new-baby', 'get-well-soon', 'just-because'].map(category)
	const [first, second] = await Promise.all(products.loadSliders(categories, [0, 20]))
	expect(first?.products).toHaveLength(20)
	expect(second?.products).toHaveLength(20)
	const firstCodes = new Set(first?.products.map((item) => item.url))
	expect(second?.products.some((item) => !firstCodes.has(item.url))).toBe(true)
})

test('totals and delivery dates exist only where the partner’s REST API is in use', async () => {
	const db = await openDatabase(':memory:')
	const load = fakePartner([[product('B1')]])
	const pages = createPartner(parseSettings({ PARTNER_BASE_URL: PARTNER }), { db: db.db, load })
	const withoutRest = createPartnerServices(pages, { onProductsChanged: () => undefined })
	expect(withoutRest).toMatchObject({ usesRestApi: false, priceQuotes: undefined, deliveryDates: undefined })

	const rest = createPartner(parseSettings({ PARTNER_BASE_URL: PARTNER, FLORISTONE_API_KEY: '999993', FLORISTONE_API_PASSWORD: 'flowers' }), {
		db: db.db,
		load,
	})
	const withRest = createPartnerServices(rest, { onProductsChanged: () => undefined })
	expect(withRest.usesRestApi).toBe(true)
	expect(withRest.priceQuotes).toBeDefined()
	expect(withRest.deliveryDates).toBeDefined()
	expect(rest.productSourceUrl(category('birthday-flowers'))).toContain('/flowershop/getproducts?')
})
