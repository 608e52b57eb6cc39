import { describe, expect, test, vi } from 'vitest'
import { fakeClock, fakePartner } from '#test/support/fake-partner.ts'
import { productsTag } from '#app/domain/cache-policy.ts'
import type { Product } from '#app/domain/product.ts'
import { getCategory } from '#app/server/catalog-data.server.ts'
import { openDatabase } from '#app/server/store/db.server.ts'
import type { PageLoader } from '#app/server/partner/page-cache.server.ts'
import { createPartner } from '#app/server/offers/partner-setup.server.ts'
import { createPartnerServices } from '#app/server/offers/partner-services.server.ts'
import { codesIn, createProductService, gridSource, gridState, orderPool, poolState } from '#app/server/offers/products.server.ts'
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

test('a product counts as shown at once where this process showed it, and within a second where another did', async () => {
	const { db, clock, products } = await setUp(fakePartner([[product('B1'), product('B2')]]))
	expect(await products.isShownProduct('B1')).toBe(false)
	await products.getCategoryProducts(category('birthday-flowers'))
	// The codes were read a moment ago, before this page was shown: this process knows its own.
	expect(await products.isShownProduct('B1')).toBe(true)
	const other = await setUp(fakePartner([[product('S1')]]), { db, clock })
	await other.products.getCategoryProducts(category('sympathy-funeral'))
	expect(await products.isShownProduct('S1')).toBe(false)
	clock.advance(1_000)
	expect(await products.isShownProduct('S1')).toBe(true)
	expect(await products.isShownProduct('FORGED')).toBe(false)
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

describe('what a grid says of the page its products came from', () => {
	test.each([
		['a fresh copy', 'fresh', { refreshing: false }],
		['a page just fetched', 'crawled', { refreshing: false }],
		['a stale copy being refreshed', 'stale_but_acceptable', { refreshing: true }],
		['memory’s copy past acceptable', 'local_cache', { refreshing: true }],
		['an expired copy served', 'expired_but_served', { refreshing: true }],
		['memory’s copy while the database failed: not worth keeping', 'error_fallback', { refreshing: true, fallback: true }],
	] as const)('%s', (_name, status, expected) => {
		expect(gridState({ status })).toEqual(expected)
	})
})

describe('what a slider pool says of its pages', () => {
	test.each([
		['every page fresh', ['fresh', 'crawled'], 2, false, { refreshing: false }],
		['one page being refreshed', ['fresh', 'stale_but_acceptable'], 2, false, { refreshing: true }],
		['one page failed and was left out', ['fresh'], 2, false, { refreshing: false, fallback: true }],
		['one page from memory while the database failed', ['fresh', 'error_fallback'], 2, false, { refreshing: true, fallback: true }],
		['the page’s popular products lead', ['fresh', 'fresh'], 2, true, { refreshing: false, popular: true }],
	] as const)('%s', (_name, statuses, asked, popular, expected) => {
		expect(
			poolState(
				statuses.map((status) => ({ status })),
				asked,
				popular,
			),
		).toEqual(expected)
	})
})

describe('the order of a slider pool', () => {
	const lists = [['A1', 'A2', 'A3', 'A4', 'A5'].map(product), ['B1', 'B2', 'B3', 'B4', 'B5'].map(product)]
	test.each([
		['the lists taken in turn', lists, {}, ['A1', 'B1', 'A2', 'B2', 'A3', 'B3', 'A4', 'B4', 'A5', 'B5']],
		['a product in two lists shown once', [lists[0] ?? [], [product('A1'), product('B1')]], {}, ['A1', 'A2', 'B1', 'A3', 'A4', 'A5']],
		['shuffled within blocks by the page’s seed', lists, { seed: 'phoenix' }, ['A4', 'A1', 'B2', 'A3', 'A2', 'B1', 'B4', 'B3', 'A5', 'B5']],
		[
			'the popular products first, in their order',
			lists,
			{ seed: 'phoenix', popular: ['B4', 'A1'] },
			['B4', 'A1', 'A4', 'B2', 'A3', 'A2', 'B1', 'B3', 'A5', 'B5'],
		],
		['a popular product the pool lacks is skipped', lists, { popular: ['Z9', 'B2'] }, ['B2', 'A1', 'B1', 'A2', 'A3', 'B3', 'A4', 'B4', 'A5', 'B5']],
	])('%s', (_name, input, order, expected) => {
		expect(orderPool(input, order).map((item) => new URL(item.url).searchParams.get('dcode'))).toEqual(expected)
	})

	test('at most 80 products', () => {
		const many = Array.from({ length: 5 }, (_, list) => Array.from({ length: 30 }, (_, n) => product(`L${list}N${n}`)))
		expect(orderPool(many, {})).toHaveLength(80)
	})
})

describe('the source of the grid an address asks for', () => {
	const funeral = {
		slug: 'funeral',
		partnerTemplate: 'fu',
		partnerCode: 'fu',
		assortments: [
			{ id: 'sprays', label: 'Sprays', code: 'fs' },
			{ id: 'wreaths', label: 'Wreaths', code: 'fw' },
		],
	}
	test.each([
		['the whole category', funeral, {}, funeral],
		['one of its assortments', funeral, { assortment: 'sprays' }, { slug: 'funeral', partnerCode: 'fs', partnerTemplate: 'fu' }],
		['an assortment it does not have: the whole category', funeral, { assortment: 'baskets' }, funeral],
		[
			'a category without assortments',
			{ slug: 'birthday-flowers', partnerCode: 'bd' },
			{ assortment: 'sprays' },
			{ slug: 'birthday-flowers', partnerCode: 'bd' },
		],
	])('%s', (_name, category, view, expected) => {
		expect(gridSource(category, view)).toEqual(expected)
	})
})

describe('the product codes in product lists', () => {
	test.each([
		['none', [], []],
		[
			'every list’s, each once',
			[
				[product('B1'), product('B2')],
				[product('B2'), product('C3')],
			],
			['B1', 'B2', 'C3'],
		],
		['a link without a code is left out', [[{ url: `${PARTNER}/main.cfm?cat=bd` }, product('B1')]], ['B1']],
		['a link that is not a URL is left out', [[{ url: 'not a link' }]], []],
	])('%s', (_name, lists, expected) => {
		expect(codesIn(lists)).toEqual(new Set(expected))
	})
})
