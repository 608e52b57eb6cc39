import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodeText, markupOf } from '#test/support/html.ts'
import { standInSettings, startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer, type RunningServer } from '#test/support/server.ts'

const CRAWLER = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }
const cities = (JSON.parse(readFileSync('data/cities.json', 'utf8')) as { cities: { slug: string; name: string; zipCodes: string[] }[] }).cities
const firstZip = (slug: string) => cities.find((city) => city.slug === slug)?.zipCodes[0] ?? ''
/** The partner's fee line, as the "who delivers" box words it. */
const FEE_LINE =
	/Florist One adds a service charge of \$(\d+\.\d{2}) and tax of \$(\d+\.\d{2}) to a \$(\d+\.\d{2}) arrangement \(Florist One’s figures for ZIP (\d{5}) on (\w+, \w+ \d+, \d{4})\)/
/** A card's delivered price. */
const DELIVERED = /about \$\d+\.\d{2} delivered to/
const FEES_UNKNOWN = 'Prices shown by Florist One do not include its service fee and tax, which it adds at checkout.'

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner?.stop()
})

/** A page as a crawler receives it (streamed parts included): `body` with its markup, `text` without tags. */
async function page(server: RunningServer, path: string) {
	const response = await fetch(`${server.url}${path}`, { headers: CRAWLER })
	const body = decodeText((await response.text()).replaceAll('<!-- -->', ''))
	return { status: response.status, body, text: body.replace(/<[^>]*>/g, '') }
}

const totalCalls = (zip: string) =>
	partner.restCalls.filter((call) => call.startsWith('/api/rest/flowershop/gettotal?') && call.includes(`zipcode=${zip}`)).length

describe('with the REST API: the whole price before the click', () => {
	let server: RunningServer
	beforeAll(async () => {
		// No render cache: every visit runs the page's loader, so the count below is the quote's own cache at work.
		server = await startServer({ ...standInSettings(partner, { rest: true }), RENDER_CACHE_MAX_MB: '0' })
	})
	afterAll(async () => {
		await server?.stop()
	})

	test('a city page names the service charge and the tax for its first ZIP, as Florist One’s figures for that date', async () => {
		const zip = firstZip('flagstaff')
		const { status, body, text } = await page(server, '/cities/flagstaff/')
		expect(status).toBe(200)
		const fee = FEE_LINE.exec(text)
		expect(fee, 'the fee line in the who-delivers box').not.toBeNull()
		const [, serviceCharge, tax, subtotal, quotedZip, date] = fee ?? []
		expect(quotedZip).toBe(zip)
		// The stand-in charges $14.99 for even ZIPs and $19.99 for odd ones, and a tax rate that varies by ZIP.
		expect(serviceCharge).toBe(Number(zip) % 2 === 0 ? '14.99' : '19.99')
		expect(Number(tax)).toBeCloseTo(Number(subtotal) * (0.05 + (Number(zip) % 7) / 1000), 2)
		expect(date).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), /)
		// The order number the partner returns for an order that does not exist is never shown.
		expect(body).not.toContain('987654')
		expect(markupOf(body)).not.toContain(FEES_UNKNOWN)
	})

	test('each priced card says about what it costs delivered to the city: price, service charge and tax in the quote’s proportion', async () => {
		const zip = firstZip('flagstaff')
		const { body, text } = await page(server, '/cities/flagstaff/')
		const [, serviceCharge, tax, subtotal] = FEE_LINE.exec(text) ?? []
		const cards = [...body.matchAll(/<p[^>]* class="[^"]*"[^>]*>\$(\d+\.\d{2})<span[^>]*> · about \$(\d+\.\d{2}) delivered to Flagstaff<\/span><\/p>/g)]
		expect(cards.length, `priced cards for ZIP ${zip}`).toBeGreaterThanOrEqual(20)
		for (const [, price, delivered] of cards) {
			const expected = Number(price) + Number(serviceCharge) + (Number(price) * Number(tax)) / Number(subtotal)
			expect(Number(delivered)).toBeCloseTo(expected, 1)
		}
	})

	test('the partner is asked once per ZIP per day, however many visitors come', async () => {
		const zip = firstZip('tucson')
		await Promise.all(Array.from({ length: 6 }, () => page(server, '/cities/tucson/')))
		for (let visit = 0; visit < 4; visit += 1) expect(FEE_LINE.exec((await page(server, '/cities/tucson/')).text)?.[4]).toBe(zip)
		expect(totalCalls(zip)).toBe(1)
		// Another city is another ZIP: one call of its own.
		const other = firstZip('yuma')
		await page(server, '/cities/yuma/')
		await page(server, '/cities/yuma/')
		expect(totalCalls(other)).toBe(1)
	})

	test('category pages serve all of Arizona: no ZIP, so no quote and no call', async () => {
		const before = partner.restCalls.filter((call) => call.includes('/gettotal')).length
		const { body } = await page(server, '/categories/anniversary/')
		expect(markupOf(body)).toContain(FEES_UNKNOWN)
		expect(body).not.toMatch(DELIVERED)
		expect(partner.restCalls.filter((call) => call.includes('/gettotal')).length).toBe(before)
	})
})

test('without REST credentials nothing of it shows and the page is whole', async () => {
	const server = await startServer({ PARTNER_BASE_URL: partner.url })
	try {
		const { status, body, text } = await page(server, '/cities/flagstaff/')
		expect(status).toBe(200)
		expect(markupOf(body)).toContain(FEES_UNKNOWN)
		expect(text).not.toMatch(FEE_LINE)
		expect(body).not.toMatch(DELIVERED)
		expect(body).toContain('data-product-card')
	} finally {
		await server.stop()
	}
})

test('when the partner cannot price the order, the city page says what it says without figures', async () => {
	const server = await startServer({ ...standInSettings(partner, { rest: true }), RENDER_CACHE_MAX_MB: '0' })
	try {
		partner.setMode('no-totals')
		const { status, body, text } = await page(server, '/cities/sedona/')
		expect(status).toBe(200)
		expect(totalCalls(firstZip('sedona'))).toBe(1)
		expect(markupOf(body)).toContain(FEES_UNKNOWN)
		expect(text).not.toMatch(FEE_LINE)
		expect(body).not.toMatch(DELIVERED)
		// The products still show, and the failed call is not repeated for the next visitor.
		expect(body).toContain('data-product-card')
		await page(server, '/cities/sedona/')
		expect(totalCalls(firstZip('sedona'))).toBe(1)
	} finally {
		partner.setMode('ok')
		await server.stop()
	}
})
