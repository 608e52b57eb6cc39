import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import sharp from 'sharp'

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
	/** Like 'gated', but the headers go out at once and only the body waits: no headers timeout runs out, however long it is held. */
	| 'held'
	/** Pages answer 200 but list no products (a soft 404 or a redesign); the REST API lists none. */
	| 'empty'
	/** Every page request with a query string is redirected to the same path without it, as some partner redirects do. */
	| 'drop-query'
	/** Category listing pages (main.cfm?cat=…) answer 404. */
	| 'missing-category'
	/** The REST API prices no order: `gettotal` answers with an error list instead of totals; all else is well. */
	| 'no-totals'

/** The credentials the stand-in's REST API accepts: the sample pair of Florist One's own plugin. */
export const STAND_IN_API_KEY = '999993'
export const STAND_IN_API_PASSWORD = 'flowers'

const FORBIDDEN_PAGE = '<!DOCTYPE html><html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>Invalid API credentials.</p></body></html>'
const NOT_FOUND_PAGE =
	'<!DOCTYPE html><html><head><title>Page Not Found</title></head><body><h1>Sorry, that page could not be found.</h1><a href="/index.cfm"><img src="/images/logo.png" alt="Florist One"></a></body></html>'
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

/**
 * A local stand-in for the partner, shaped like the real one: the ColdFusion
 * storefront (index.cfm, main.cfm?cat={code}, detail.cfm?dcode={CODE}, cart.cfm)
 * and a 404 page for any other path, product photos under /small and /large,
 * and the REST API under /api/rest (HTTP Basic, a 403 HTML page for bad
 * credentials, upper-case JSON, MM/DD/YYYY delivery dates). It counts every
 * request and can be switched into failure modes.
 */
export async function startPartnerStandIn(options: { localImages?: boolean } = {}) {
	// Photos come from the stand-in itself unless a test wants the partner's real image host in its pages.
	options = { localImages: true, ...options }
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
	const photoCache = new Map<string, Promise<Buffer>>()
	/** A product photo of the partner's real weight: a 500 px JPEG of about 120 kB (400 px for /small/). */
	const photoFor = (path: string) => {
		let photo = photoCache.get(path)
		if (!photo) {
			photo = productPhoto(path, path.includes('/small/') ? 400 : 500)
			photoCache.set(path, photo)
		}
		return photo
	}
	// With local images, product pictures come from the stand-in too, so a browser offline loads them.
	const imageBase = () => (options.localImages ? ownUrl : 'https://cdn.floristone.com')
	const withImages = (page: string) =>
		options.localImages ? page.replaceAll('https://cdn.floristone.com/', `${ownUrl}/`).replaceAll('//cdn.floristone.com/', `${ownUrl}/`) : page
	/** A category's listing page: the saved grid, its product codes and first name marked with the category. */
	const listingFor = (path: string) =>
		withImages(listing)
			.replaceAll('dcode=', `dcode=${path.replace(/\W+/g, '')}-`)
			.replaceAll('Bright Birthday Bouquet', `Bright Bouquet ${path}${edition}`)
	const emptyListing =
		'<!DOCTYPE html><html><head><title>Flowers | Florist One</title></head><body><main><p>No products match your selection.</p></main></body></html>'
	const storefront = () =>
		`<!DOCTYPE html><html><head><title>Florist One</title></head><body><h1>Same-day flower delivery</h1><a href="/main.cfm?cat=bd"><img src="${imageBase()}/large/BD01_d1.jpg" alt="Birthday"></a></body></html>`
	const detailPage = (code: string) =>
		`<!DOCTYPE html><html><head><title>${code.replace(/\W/g, '')} | Florist One</title></head><body><h1>Arrangement ${code.replace(/\W/g, '')}</h1></body></html>`

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
		if (url.pathname.endsWith('/flowershop/gettotal')) return json(mode === 'no-totals' ? { errors: ['Unable to calculate the order total'] } : orderTotal(url))
		response.writeHead(404, { 'content-type': 'application/json' }).end('{"errors":["Unknown method"]}')
	}

	const server = createServer((request: IncomingMessage, response: ServerResponse) => {
		const path = request.url ?? '/'
		const url = new URL(path, 'http://stand-in')
		hits.push(path)
		if (url.pathname.startsWith('/photo-faults/')) return answerPhotoFault(url.pathname, response)
		if (/\.(jpe?g|png|webp|gif)$/i.test(url.pathname)) {
			if (mode === 'down') return void response.writeHead(503).end('down')
			void photoFor(url.pathname).then((photo) => {
				response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length, 'cache-control': 'public, max-age=86400' })
				response.end(photo)
			})
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
			case 'held': {
				const [status, body] = page()
				response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
				response.flushHeaders()
				gated.push(() => response.end(body))
				return
			}
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

/**
 * A photo-like picture of an arrangement: seeded blooms with veined petals over
 * a studio backdrop, with film grain, saved at the high JPEG quality partner
 * photos have, so it weighs what a real one does (about 120 kB at 500 px).
 */
export function productPhoto(seedText: string, size: number): Promise<Buffer> {
	let state = [...seedText].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0, 2166136261) || 1
	const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296
	const raw = Buffer.alloc(size * size * 3)
	const blooms = Array.from({ length: 14 }, () => ({
		x: size * (0.2 + random() * 0.6),
		y: size * (0.15 + random() * 0.55),
		r: size * (0.06 + random() * 0.08),
		petals: 5 + Math.floor(random() * 4),
		colour: [150 + random() * 105, 40 + random() * 140, 60 + random() * 150],
	}))
	for (let y = 0; y < size; y += 1) {
		for (let x = 0; x < size; x += 1) {
			const index = (y * size + x) * 3
			const grain = random() * 15
			// A white studio backdrop, a vase below, blooms with petal texture above.
			let colour = [246 - y / 20 + grain, 244 - y / 20 + grain, 240 - y / 18 + grain]
			if (y > size * 0.62 && Math.abs(x - size / 2) < size * (0.12 + (y - size * 0.62) / size / 3)) colour = [90 + grain, 120 + grain, 150 + (x % 9) * 3]
			for (const bloom of blooms) {
				const dx = x - bloom.x
				const dy = y - bloom.y
				const radius = Math.hypot(dx, dy)
				const edge = bloom.r * (0.75 + 0.25 * Math.cos(Math.atan2(dy, dx) * bloom.petals))
				if (radius < edge) {
					const vein = 0.8 + 0.2 * Math.sin(radius * 0.9 + Math.atan2(dy, dx) * 7)
					colour = bloom.colour.map((channel) => channel * vein * (1 - (radius / edge) * 0.35) + grain)
				}
			}
			for (let channel = 0; channel < 3; channel += 1) raw[index + channel] = Math.min(255, Math.max(0, colour[channel] ?? 0))
		}
	}
	return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
		.jpeg({ quality: 95 })
		.toBuffer()
}

let hugePicture: Promise<Buffer> | undefined

/**
 * Photo addresses that fail the ways real image hosts do: a picture of 50
 * megapixels (small on the wire), an HTML page, a body of 12 MB, a redirect
 * to another site, and no answer at all.
 */
function answerPhotoFault(path: string, response: ServerResponse) {
	switch (path) {
		case '/photo-faults/50-megapixels.png':
			hugePicture ??= sharp({ create: { width: 7072, height: 7072, channels: 3, background: '#e0e0e0' } })
				.png({ compressionLevel: 9 })
				.toBuffer()
			void hugePicture.then((png) => response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png))
			return
		case '/photo-faults/not-an-image.jpg':
			response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html><body>Sorry</body></html>')
			return
		case '/photo-faults/oversized.jpg': {
			response.writeHead(200, { 'content-type': 'image/jpeg' })
			response.on('error', () => undefined)
			let sent = 0
			const chunk = Buffer.alloc(256 * 1024, 0xff)
			const push = () => {
				while (sent < 12 * 1024 * 1024) {
					sent += chunk.length
					if (!response.write(chunk)) return void response.once('drain', push)
				}
				response.end()
			}
			push()
			return
		}
		case '/photo-faults/redirect-away.jpg':
			response.writeHead(302, { location: 'http://127.0.0.2:1/photo.jpg' }).end()
			return
		default:
			response.writeHead(404, { 'content-type': 'text/html' }).end(NOT_FOUND_PAGE)
	}
}
