import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodeText, metaContent } from '#test/support/html.ts'
import { standInSettings, startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer, type RunningServer } from '#test/support/server.ts'

const SYMPATHY = '/categories/sympathy-funeral/'
const ASSORTMENTS = [
	['best-sellers', 'fbs', 'Funeral best sellers'],
	['standing-sprays', 'fs', 'Standing sprays'],
	['wreaths', 'fw', 'Wreaths'],
	['casket-sprays', 'fc', 'Casket sprays'],
	['table-arrangements', 'fa', 'Table arrangements'],
	['plants', 'fp', 'Plants'],
	['baskets', 'fb', 'Baskets'],
	['crosses', 'fx', 'Crosses'],
	['hearts', 'fh', 'Hearts'],
] as const

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner?.stop()
})

async function page(server: RunningServer, path: string) {
	const response = await fetch(`${server.url}${path}`, {
		headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
	})
	return { status: response.status, headers: response.headers, body: decodeText((await response.text()).replaceAll('<!-- -->', '')) }
}

type Anchor = { text: string; href: string; current: boolean }

/** The links of the "Arrangement types" navigation: text, address (path and query) and whether marked current. */
function assortmentLinks(body: string): Anchor[] {
	const nav = /<nav aria-label="Arrangement types"[^>]*>([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? ''
	return [...nav.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map((match) => ({
		text: match[2] ?? '',
		href: /href="([^"]*)"/.exec(match[1] ?? '')?.[1] ?? '',
		current: (match[1] ?? '').includes('aria-current="true"'),
	}))
}

const current = (body: string) => assortmentLinks(body).find((link) => link.current)?.text

const productCodes = (body: string) => [...body.matchAll(/detail\.cfm\?dcode=([A-Z]+\d{2})/g)].map((match) => match[1])

/** The checklist's items, in order. */
function checklist(body: string): string[] {
	const section = /<section aria-labelledby="checklist-title"[\s\S]*?<\/section>/.exec(body)?.[0] ?? ''
	return [...section.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => match[1] ?? '')
}

describe('with the REST API: the sympathy page’s funeral assortments', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer(standInSettings(partner, { rest: true }))
	})
	afterAll(async () => {
		await server?.stop()
	})

	test('the nine assortments are plain links above the grid, after one for the whole category', async () => {
		const { status, body } = await page(server, SYMPATHY)
		expect(status).toBe(200)
		const links = assortmentLinks(body)
		expect(links.map(({ text, href }) => [text, href])).toEqual([
			['All sympathy & funeral flowers', SYMPATHY],
			...ASSORTMENTS.map(([id, , label]) => [label, `${SYMPATHY}?assortment=${id}`]),
		])
		expect(current(body)).toBe('All sympathy & funeral flowers')
		expect(body.indexOf('aria-label="Arrangement types"')).toBeLessThan(body.indexOf('data-product-card'))
		// The plain page is the category's own list, indexed and kept by shared caches.
		expect(productCodes(body)[0]).toMatch(/^SY\d{2}$/)
		expect(metaContent(body, 'robots') ?? '').not.toContain('noindex')
	})

	test.each(ASSORTMENTS)('?assortment=%s shows the partner’s %s list, marked current, for this visitor only and never indexed', async (id, code, label) => {
		const { status, headers, body } = await page(server, `${SYMPATHY}?assortment=${id}`)
		expect(status).toBe(200)
		expect(partner.restCalls).toContain(`/api/rest/flowershop/getproducts?category=${code}&count=24&start=1`)
		const codes = productCodes(body)
		expect(codes.length).toBeGreaterThanOrEqual(24)
		for (const product of codes) expect(product).toMatch(new RegExp(`^${code.toUpperCase()}\\d{2}$`))
		expect(current(body)).toBe(label)
		expect(metaContent(body, 'robots')).toContain('noindex')
		expect(headers.get('cache-control')).toMatch(/^private/)
		expect(headers.get('surrogate-control')).toBeNull()
	})

	test('a sort or band keeps the assortment, and the assortment links keep the sort', async () => {
		const { body } = await page(server, `${SYMPATHY}?assortment=wreaths&sort=price-desc`)
		const prices = [...body.matchAll(/data-product-card[\s\S]*?<p[^>]* class="[^"]*"[^>]*>\$(\d+\.\d{2})/g)].map((match) => Number(match[1]))
		expect(prices.length).toBeGreaterThan(2)
		expect([...prices].sort((a, b) => b - a)).toEqual(prices)
		expect(body).toContain(`href="${SYMPATHY}?assortment=wreaths&sort=price-asc"`)
		expect(assortmentLinks(body)).toContainEqual({ text: 'Plants', href: `${SYMPATHY}?assortment=plants&sort=price-desc`, current: false })
	})

	test('an unknown assortment shows the plain grid', async () => {
		const { status, body } = await page(server, `${SYMPATHY}?assortment=%3Cscript%3E`)
		expect(status).toBe(200)
		expect(productCodes(body)[0]).toMatch(/^SY\d{2}$/)
		expect(current(body)).toBe('All sympathy & funeral flowers')
	})

	test('a checklist comes before the outbound order button: the service, the funeral home, the family’s home, the casket spray, the card’s limit', async () => {
		const { body } = await page(server, SYMPATHY)
		const items = checklist(body)
		expect(items).toHaveLength(5)
		expect(items[0]).toContain('date, time and place of the service')
		expect(items[1]).toContain('funeral home')
		expect(items[2]).toBe("Too late for the service? Send to the family's home instead")
		expect(items[3]).toContain('casket spray is usually ordered by the immediate family')
		expect(items[4]).toContain('200 characters')
		expect(body.indexOf('id="checklist-title"')).toBeLessThan(body.indexOf('>Order for Delivery<'))
	})
})

test('without REST credentials: no assortment links, the plain sympathy grid for any address, and the checklist', async () => {
	const server = await startServer({ PARTNER_BASE_URL: partner.url })
	try {
		for (const path of [SYMPATHY, `${SYMPATHY}?assortment=wreaths`]) {
			const { status, body } = await page(server, path)
			expect(status).toBe(200)
			expect(assortmentLinks(body)).toEqual([])
			expect(body).toContain('data-product-card')
			expect(checklist(body)).toHaveLength(5)
		}
		expect(partner.hits.some((hit) => hit.includes('cat=fw'))).toBe(false)
	} finally {
		await server.stop()
	}
})

test('other categories have neither assortments nor a checklist', async () => {
	const server = await startServer(standInSettings(partner, { rest: true }))
	try {
		const { body } = await page(server, '/categories/birthday-flowers/?assortment=wreaths')
		expect(assortmentLinks(body)).toEqual([])
		expect(checklist(body)).toEqual([])
		expect(productCodes(body)[0]).toMatch(/^BD\d{2}$/)
	} finally {
		await server.stop()
	}
})
