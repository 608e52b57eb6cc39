import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { crc32, deflateSync } from 'node:zlib'

export type PartnerMode =
	| 'ok'
	| 'down'
	| 'rate-limited'
	| 'slow'
	| 'hang'
	| 'huge'
	| 'hostile'
	| 'redirect-away'
	| 'garbage'
	| 'nested'
	| 'gated'
	/** Pages answer 200 but list no products (a soft 404 or a redesign); the REST API lists none. */
	| 'empty'
	/** Every page request with a query string is redirected to the same path without it, as some partner redirects do. */
	| 'drop-query'
	/** Category listing pages (main.cfm?cat=…) answer 404. */
	| 'missing-category'

/** The credentials the stand-in's REST API accepts: the sample pair of Florist One's own plugin. */
export const STAND_IN_API_KEY = '999993'
export const STAND_IN_API_PASSWORD = 'flowers'

const FORBIDDEN_PAGE = '<!DOCTYPE html><html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>Invalid API credentials.</p></body></html>'
const NOT_FOUND_PAGE = '<!DOCTYPE html><html><head><title>Page Not Found</title></head><body><h1>Sorry, that page could not be found.</h1><a href="/index.cfm"><img src="/images/logo.png" alt="Florist One"></a></body></html>'
const PRODUCT_NAMES = ['Bright Bouquet', 'Sunny Sunflowers', 'Pink Rose Celebration', 'Garden Party', 'Lavender Dreams', 'Classic Dozen Roses', 'Tropical Escape', 'Peaceful White Lilies']

/** 'MM/DD/YYYY' for a day counted from today in Arizona (UTC-7 all year). */
function arizonaDate(offsetDays: number): { text: string; weekday: number } {
	const date = new Date(Date.now() - 7 * 3_600_000 + offsetDays * 86_400_000)
	const pad = (n: number) => String(n).padStart(2, '0')
	return { text: `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`, weekday: date.getUTCDay() }
}

/**
 * A local stand-in for the partner, shaped like the real one: the ColdFusion
 * storefront (index.cfm, main.cfm?cat={code}, detail.cfm?dcode={CODE}, cart.cfm)
 * and a 404 page for any other path, product photos under /small and /large,
 * and the REST API under /api/rest (HTTP Basic, a 403 HTML page for bad
 * credentials, upper-case JSON, MM/DD/YYYY delivery dates). It counts every
 * request and can be switched into failure modes.
 */
export async function startPartnerStandIn(options: { localImages?: boolean } = {}) {
	const listing = readFileSync('test/fixtures/partner/listing-grid.html', 'utf8')
	const hostile = readFileSync('test/fixtures/partner/hostile.html', 'utf8')
	const hits: string[] = []
	let mode: PartnerMode = 'ok'
	let slowMs = 3_000
	let edition = ''
	let hugeBytesSent = 0
	let offersDay: (weekday: number, offset: number) => boolean = (weekday) => weekday !== 0
	const gated: (() => void)[] = []
	const restCalls: string[] = []

	let ownUrl = ''
	const image = bouquetPng()
	// With local images, product pictures come from the stand-in too, so a browser offline loads them.
	const imageBase = () => (options.localImages ? ownUrl : 'https://cdn.floristone.com')
	const withImages = (page: string) => (options.localImages ? page.replaceAll('https://cdn.floristone.com/', `${ownUrl}/`).replaceAll('//cdn.floristone.com/', `${ownUrl}/`) : page)
	/** A category's listing page: the saved grid, its product codes and first name marked with the category. */
	const listingFor = (path: string) =>
		withImages(listing).replaceAll('dcode=', `dcode=${path.replace(/\W+/g, '')}-`).replaceAll('Bright Birthday Bouquet', `Bright Bouquet ${path}${edition}`)
	const emptyListing = '<!DOCTYPE html><html><head><title>Flowers | Florist One</title></head><body><main><p>No products match your selection.</p></main></body></html>'
	const storefront = () =>
		`<!DOCTYPE html><html><head><title>Florist One</title></head><body><h1>Same-day flower delivery</h1><a href="/main.cfm?cat=bd"><img src="${imageBase()}/large/BD01_d1.jpg" alt="Birthday"></a></body></html>`
	const detailPage = (code: string) => `<!DOCTYPE html><html><head><title>${code.replace(/\W/g, '')} | Florist One</title></head><body><h1>Arrangement ${code.replace(/\W/g, '')}</h1></body></html>`

	function apiProducts(code: string) {
		return Array.from({ length: 30 }, (_, index) => {
			const n = index + 1
			const CODE = `${code.toUpperCase()}${String(n).padStart(2, '0')}`
			return {
				CODE,
				NAME: `${PRODUCT_NAMES[index % PRODUCT_NAMES.length]} ${CODE}${n === 1 ? edition : ''}`,
				DESCRIPTION: `A hand-arranged <b>${code}</b> bouquet of seasonal blooms &amp; greenery.`,
				PRICE: 39.95 + index * 5,
				SMALL: `${imageBase()}/small/${CODE}_t1.jpg`,
				LARGE: `${imageBase()}/large/${CODE}_d1.jpg`,
				DIMENSION: `Approximately ${14 + (index % 6)}" W x ${16 + (index % 5)}" H`,
			}
		})
	}

	function answerApi(request: IncomingMessage, response: ServerResponse, url: URL) {
		restCalls.push(`${url.pathname}${url.search}`)
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
		if (mode === 'down') return void response.writeHead(503).end('down')
		if (mode === 'slow') return void setTimeout(() => answerApi(request, response, url), slowMs).unref?.()
		if (url.pathname.endsWith('/flowershop/getproducts')) {
			const all = mode === 'empty' ? [] : apiProducts(url.searchParams.get('category') ?? '')
			const start = Math.max(1, Number(url.searchParams.get('start')) || 1)
			const count = Math.max(1, Number(url.searchParams.get('count')) || 12)
			return json({ PRODUCTS: all.slice(start - 1, start - 1 + count), TOTAL: all.length })
		}
		if (url.pathname.endsWith('/flowershop/checkdeliverydate')) {
			if (!/^\d{5}$/.test(url.searchParams.get('zipcode') ?? '')) return json({ errors: ['Invalid zipcode'] })
			const dates = Array.from({ length: 30 }, (_, offset) => ({ offset, ...arizonaDate(offset) }))
				.filter(({ weekday, offset }) => offersDay(weekday, offset))
				.map(({ text }) => text)
			return json({ DATES: dates })
		}
		response.writeHead(404, { 'content-type': 'application/json' }).end('{"errors":["Unknown method"]}')
	}

	const server = createServer((request: IncomingMessage, response: ServerResponse) => {
		const path = request.url ?? '/'
		const url = new URL(path, 'http://stand-in')
		hits.push(path)
		if (/\.(jpe?g|png|webp|gif)$/i.test(url.pathname)) {
			response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' })
			response.end(image)
			return
		}
		if (url.pathname.startsWith('/api/rest/')) return answerApi(request, response, url)
		const html = (body: string, status = 200) => {
			response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
			response.end(body)
		}
		/** The real partner's page forms; anything else is its 404 page. */
		const page = (): [number, string] => {
			const form = url.pathname.toLowerCase()
			if (form === '/main.cfm' && (url.searchParams.get('cat') || url.searchParams.get('occ'))) {
				if (mode === 'missing-category') return [404, NOT_FOUND_PAGE]
				return [200, mode === 'empty' ? emptyListing : listingFor(path)]
			}
			if (form === '/' || form === '/index.cfm' || form === '/main.cfm') return [200, storefront()]
			if ((form === '/detail.cfm' || form === '/cart.cfm') && url.searchParams.get('dcode')) return [200, detailPage(url.searchParams.get('dcode') ?? '')]
			return [404, NOT_FOUND_PAGE]
		}
		const answer = () => {
			const [status, body] = page()
			html(body, status)
		}
		switch (mode) {
			case 'down':
				response.writeHead(503).end('down')
				return
			case 'rate-limited':
				response.writeHead(429, { 'retry-after': '120' }).end('slow down')
				return
			case 'hang':
				return
			case 'gated':
				gated.push(() => answer())
				return
			case 'slow':
				setTimeout(() => answer(), slowMs)
				return
			case 'redirect-away':
				response.writeHead(302, { location: 'http://127.0.0.2:1/elsewhere' }).end()
				return
			case 'drop-query':
				if (url.search) {
					response.writeHead(302, { location: url.pathname }).end()
					return
				}
				answer()
				return
			case 'hostile':
				html(hostile)
				return
			case 'garbage':
				html('\u0000\u0001<<<>>>&&&<a href=<img src= \uFFFD'.repeat(5_000))
				return
			case 'nested':
				// 20,000 unclosed nested cards: seconds of parsing for an unbounded parser.
				html(Array.from({ length: 20_000 }, (_, n) => `<div><a href="/detail.cfm?dcode=N${n}"><img src="/large/${n}.jpg">`).join(''))
				return
			case 'huge': {
				response.writeHead(200, { 'content-type': 'text/html' })
				const chunk = '<div>'.padEnd(64 * 1024, 'x')
				let sent = 0
				const push = () => {
					while (sent < 60 * 1024 * 1024) {
						sent += chunk.length
						hugeBytesSent += chunk.length
						if (!response.write(chunk)) return void response.once('drain', push)
					}
					response.end()
				}
				response.on('error', () => undefined)
				push()
				return
			}
			default:
				answer()
		}
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : 0
	ownUrl = `http://127.0.0.1:${port}`
	return {
		url: ownUrl,
		/** The REST API's base URL (FLORISTONE_API_URL). */
		apiUrl: `${ownUrl}/api/rest`,
		hits,
		/** Every REST API request, path and query. */
		restCalls,
		/** Answers every request held in 'gated' mode, and answers later ones at once. */
		release() {
			mode = 'ok'
			for (const answer of gated.splice(0)) answer()
		},
		/** Bytes of the 60 MB page written so far (the server's cut-off shows as a short count). */
		hugeBytesSent: () => hugeBytesSent,
		/** Changes the first product's name on every page from now on, as a partner's new range would. */
		setEdition(next: string) {
			edition = next
		},
		/** Which days (weekday 0 = Sunday, offset from today in Arizona) the delivery-date call offers; by default all but Sundays. */
		setDeliveryDays(offers: (weekday: number, offset: number) => boolean) {
			offersDay = offers
		},
		setMode(next: PartnerMode, options: { slowMs?: number } = {}) {
			mode = next
			if (options.slowMs) slowMs = options.slowMs
		},
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

export type PartnerStandIn = Awaited<ReturnType<typeof startPartnerStandIn>>

/** Settings that point the site at the stand-in: its pages, and with `rest` its REST API and the credentials it accepts. */
export function standInSettings(partner: PartnerStandIn, options: { rest?: boolean } = {}): Record<string, string> {
	return {
		PARTNER_BASE_URL: partner.url,
		FLORISTONE_API_URL: partner.apiUrl,
		...(options.rest ? { FLORISTONE_API_KEY: STAND_IN_API_KEY, FLORISTONE_API_PASSWORD: STAND_IN_API_PASSWORD } : {}),
	}
}

/** A 400 × 400 PNG: soft petals on cream, so product cards show a real picture. */
function bouquetPng(size = 400): Buffer {
	const rows: Buffer[] = []
	for (let y = 0; y < size; y += 1) {
		const row = Buffer.alloc(1 + size * 3)
		for (let x = 0; x < size; x += 1) {
			const dx = x - size / 2
			const dy = y - size / 2
			const petal = Math.cos(Math.atan2(dy, dx) * 5) * 40 + 120 > Math.hypot(dx, dy) ? 1 : 0
			row[1 + x * 3] = petal ? 214 : 250
			row[2 + x * 3] = petal ? 96 : 245
			row[3 + x * 3] = petal ? 122 : 235
		}
		rows.push(row)
	}
	const chunk = (type: string, data: Buffer) => {
		const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
		const framed = Buffer.alloc(body.length + 8)
		framed.writeUInt32BE(data.length, 0)
		body.copy(framed, 4)
		framed.writeUInt32BE(crc32(body), body.length + 4)
		return framed
	}
	const header = Buffer.alloc(13)
	header.writeUInt32BE(size, 0)
	header.writeUInt32BE(size, 4)
	header[8] = 8 // bit depth
	header[9] = 2 // truecolour
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
		chunk('IEND', Buffer.alloc(0)),
	])
}
