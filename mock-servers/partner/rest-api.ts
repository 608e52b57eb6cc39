/**
 * The partner's REST API under /api/rest: HTTP Basic, a 403 HTML page for bad credentials,
 * upper-case JSON, MM/DD/YYYY delivery dates. Products, delivery dates and order totals.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { imageBase, type StandInState } from '#mock-servers/partner/state.ts'

/** The credentials the stand-in's REST API accepts: the sample pair of Florist One's own plugin. */
export const STAND_IN_API_KEY = '999993'
export const STAND_IN_API_PASSWORD = 'flowers'

const FORBIDDEN_PAGE = '<!DOCTYPE html><html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>Invalid API credentials.</p></body></html>'
const PRODUCT_NAMES = [
	'Bright Bouquet',
	'Sunny Sunflowers',
	'Pink Rose Celebration',
	'Garden Party',
	'Lavender Dreams',
	'Classic Dozen Roses',
	'Tropical Escape',
	'Peaceful White Lilies',
]

/** 'MM/DD/YYYY' for a day counted from today in Arizona (UTC-7 all year). */
function arizonaDate(offsetDays: number): { text: string; weekday: number } {
	const date = new Date(Date.now() - 7 * 3_600_000 + offsetDays * 86_400_000)
	const pad = (n: number) => String(n).padStart(2, '0')
	return { text: `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`, weekday: date.getUTCDay() }
}

/** A category's 30 products, `{CODE}01` to `{CODE}30`, the first carrying the edition. */
function apiProducts(state: StandInState, code: string) {
	return Array.from({ length: 30 }, (_, index) => {
		const n = index + 1
		const CODE = `${code.toUpperCase()}${String(n).padStart(2, '0')}`
		return {
			CODE,
			NAME: `${PRODUCT_NAMES[index % PRODUCT_NAMES.length]} ${CODE}${n === 1 ? state.edition : ''}`,
			DESCRIPTION: `A hand-arranged <b>${code}</b> bouquet of seasonal blooms &amp; greenery.`,
			PRICE: 39.95 + index * 5,
			SMALL: `${imageBase(state)}/small/${CODE}_t1.jpg`,
			LARGE: `${imageBase(state)}/large/${CODE}_d1.jpg`,
			DIMENSION: `Approximately ${14 + (index % 6)}" W x ${16 + (index % 5)}" H`,
		}
	})
}

/**
 * `gettotal` in Florist One's shape: a service charge and a tax that vary by ZIP, and an
 * ORDERNO for an order that does not exist (a page must never show it).
 */
function orderTotal(url: URL) {
	const zip = url.searchParams.get('zipcode') ?? ''
	let products: unknown
	try {
		products = JSON.parse(url.searchParams.get('products') ?? '')
	} catch {
		return { errors: ['Invalid products'] }
	}
	const prices = Array.isArray(products) ? products.map((item: { PRICE?: unknown }) => Number(item?.PRICE)) : []
	if (!/^\d{5}$/.test(zip) || prices.length === 0 || prices.some((price) => !Number.isFinite(price))) return { errors: ['Invalid zipcode or products'] }
	const subtotal = prices.reduce((sum, price) => sum + price, 0)
	const serviceCharge = Number(zip) % 2 === 0 ? 14.99 : 19.99
	const tax = Math.round(subtotal * (0.05 + (Number(zip) % 7) / 1000) * 100) / 100
	const round = (value: number) => Math.round(value * 100) / 100
	return {
		SUBTOTAL: round(subtotal),
		FLORISTONESERVICECHARGE: serviceCharge,
		AFFILIATESERVICECHARGE: 0,
		MASTERSERVICECHARGE: 0,
		SERVICECHARGETOTAL: serviceCharge,
		FLORISTONETAX: tax,
		AFFILIATETAX: 0,
		TAXTOTAL: tax,
		ORDERTOTAL: round(subtotal + serviceCharge + tax),
		ORDERNO: 987654,
	}
}

/** Answers one request under /api/rest/, counted in `restCalls` (a 'slow' answer is counted again when it is answered). */
export function answerApi(state: StandInState, request: IncomingMessage, response: ServerResponse, url: URL): void {
	state.restCalls.push(`${url.pathname}${url.search}`)
	const json = (body: unknown) => {
		response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' })
		response.end(JSON.stringify(body))
	}
	const expected = `Basic ${Buffer.from(`${STAND_IN_API_KEY}:${STAND_IN_API_PASSWORD}`).toString('base64')}`
	if (request.headers.authorization !== expected) {
		response.writeHead(403, { 'content-type': 'text/html; charset=UTF-8' })
		response.end(FORBIDDEN_PAGE)
		return
	}
	if (state.mode === 'down') return void response.writeHead(503).end('down')
	if (state.mode === 'slow') return void setTimeout(() => answerApi(state, request, response, url), state.slowMs).unref?.()
	if (url.pathname.endsWith('/flowershop/getproducts')) {
		const all = state.mode === 'empty' ? [] : apiProducts(state, url.searchParams.get('category') ?? '')
		const start = Math.max(1, Number(url.searchParams.get('start')) || 1)
		const count = Math.max(1, Number(url.searchParams.get('count')) || 12)
		return json({ PRODUCTS: all.slice(start - 1, start - 1 + count), TOTAL: all.length })
	}
	if (url.pathname.endsWith('/flowershop/checkdeliverydate')) {
		if (!/^\d{5}$/.test(url.searchParams.get('zipcode') ?? '')) return json({ errors: ['Invalid zipcode'] })
		const dates = Array.from({ length: 30 }, (_, offset) => ({ offset, ...arizonaDate(offset) }))
			.filter(({ weekday, offset }) => state.offersDay(weekday, offset))
			.map(({ text }) => text)
		return json({ DATES: dates })
	}
	if (url.pathname.endsWith('/flowershop/gettotal'))
		return json(state.mode === 'no-totals' ? { errors: ['Unable to calculate the order total'] } : orderTotal(url))
	response.writeHead(404, { 'content-type': 'application/json' }).end('{"errors":["Unknown method"]}')
}
