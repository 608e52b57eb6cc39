import { request, type Server } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { admission, chunkBytes, createResponseCache, keptHeaders, notModifiedHeaders, variantHeaders, type ResponseCache } from '#server/response-cache.ts'
import { waitUntil } from '#scripts/lib/wait.ts'

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

let server: Server | undefined
afterEach(() => {
	server?.close()
	server = undefined
})

/**
 * A site behind the edge cache: each path answers with the headers its
 * handler chooses; `renders` counts what reached the handlers.
 */
async function site(cache: ResponseCache, routes: Record<string, (res: express.Response) => void | Promise<void>>) {
	const app = express()
	const renders: string[] = []
	app.use(cache.serve)
	app.use(cache.capture)
	for (const [path, handler] of Object.entries(routes))
		app.get(path, async (_req, res) => {
			renders.push(path)
			await handler(res)
		})
	server = app.listen(0)
	await new Promise((resolve) => server?.once('listening', resolve))
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : 0
	const get = (path: string, headers: Record<string, string> = {}) =>
		new Promise<Raw>((resolve, reject) => {
			const req = request({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } }, (res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () => {
					const raw = Buffer.concat(chunks)
					const encoding = res.headers['content-encoding']
					const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
					resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString() })
				})
			})
			req.on('error', reject)
			req.end()
		})
	/** Asks until the answer comes from the cache (it is kept once compressed, off the response's path). */
	const warm = (path: string) =>
		waitUntil(
			async () => {
				const response = await get(path)
				return response.headers['x-page-cache'] === 'hit' && response
			},
			{ timeoutMs: 5_000, everyMs: 10, what: `${path} to be kept` },
		)
	return { get, warm, renders }
}

const page = (body: string, headers: Record<string, string>) => (res: express.Response) => {
	res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=0, s-maxage=300', ...headers }).send(body)
}

describe('the edge keeps what asks to be kept', () => {
	test('a response with Surrogate-Control is kept, sent in every encoding with its own headers, and its edge headers never leave', async () => {
		const cache = createResponseCache({ maxBytes: 1_000_000 })
		const { get, warm, renders } = await site(cache, {
			'/a/': page('<p>A page</p>'.repeat(50), {
				'Surrogate-Control': 'max-age=300',
				'Surrogate-Key': 'products-birthday',
				'Content-Security-Policy': "script-src 'nonce-abc'",
			}),
		})
		const first = await get('/a/')
		expect(first.headers['surrogate-control']).toBeUndefined()
		expect(first.headers['surrogate-key']).toBeUndefined()
		const hit = await warm('/a/')
		const rendered = renders.length
		expect(hit.body).toBe(first.body)
		expect(hit.headers['content-encoding']).toBe('br')
		expect(hit.headers['cache-control']).toBe('public, max-age=0, s-maxage=300')
		expect(hit.headers['content-security-policy']).toBe("script-src 'nonce-abc'")
		expect(hit.headers['surrogate-key']).toBeUndefined()
		expect(hit.headers.vary).toBe('Accept-Encoding')
		const gzip = await get('/a/', { 'accept-encoding': 'gzip' })
		expect([gzip.headers['content-encoding'], gzip.body]).toEqual(['gzip', first.body])
		const plain = await get('/a/', { 'accept-encoding': 'identity' })
		expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, first.body])
		const again = await get('/a/', { 'if-none-match': String(hit.headers.etag) })
		expect(again.status).toBe(304)
		expect(again.body).toBe('')
		expect(renders).toHaveLength(rendered)
	})

	test('no Surrogate-Control, a status other than 200, a cookie or a query string: rendered every time', async () => {
		const cache = createResponseCache({ maxBytes: 1_000_000 })
		const { get, renders } = await site(cache, {
			'/plain/': page('plain', {}),
			'/missing/': (res) => void res.status(404).set('Surrogate-Control', 'max-age=300').send('gone'),
			'/cookie/': page('cookie', { 'Surrogate-Control': 'max-age=300', 'Set-Cookie': 'a=b' }),
			'/query/': page('query', { 'Surrogate-Control': 'max-age=300' }),
		})
		for (let round = 0; round < 3; round += 1) {
			for (const path of ['/plain/', '/missing/', '/cookie/', '/query/?utm=1']) {
				const response = await get(path)
				expect(response.headers['x-page-cache'], path).toBeUndefined()
				expect(response.headers['surrogate-control'], path).toBeUndefined()
			}
			await cache.settle()
		}
		expect(renders).toHaveLength(12)
	})

	test('switched off (0 MB): nothing is kept, and the edge headers still never leave', async () => {
		const cache = createResponseCache({ maxBytes: 0 })
		const { get, renders } = await site(cache, { '/a/': page('a', { 'Surrogate-Control': 'max-age=300', 'Surrogate-Key': 'x' }) })
		for (let round = 0; round < 3; round += 1) {
			const response = await get('/a/')
			expect(response.headers['surrogate-key']).toBeUndefined()
			await cache.settle()
		}
		expect(renders).toHaveLength(3)
	})
})

describe('what the edge holds, and for how long', () => {
	test('memory stays under its bound: the least recently used response goes first', async () => {
		const cache = createResponseCache({ maxBytes: 15_000 })
		// Random text does not compress: each response costs about three times its size (plain, gzip, brotli), and its headers.
		const noise = (n: number) => Array.from({ length: n }, () => Math.random().toString(36).slice(2, 3)).join('')
		const routes = Object.fromEntries(['/a/', '/b/', '/c/'].map((path) => [path, page(noise(1_500), { 'Surrogate-Control': 'max-age=300' })]))
		const { warm, get } = await site(cache, { ...routes, '/huge/': page(noise(20_000), { 'Surrogate-Control': 'max-age=300' }) })
		await warm('/a/')
		await warm('/b/')
		await warm('/a/')
		await warm('/c/')
		expect(cache.stats().bytes).toBeLessThanOrEqual(15_000)
		expect(cache.has('/b/')).toBe(false)
		expect(cache.has('/a/')).toBe(true)
		expect(cache.has('/c/')).toBe(true)
		// A response larger than the whole cache is never kept, however often it is asked for.
		for (let round = 0; round < 3; round += 1) {
			expect((await get('/huge/')).headers['x-page-cache']).not.toBe('hit')
			await cache.settle()
		}
		expect(cache.has('/huge/')).toBe(false)
	})

	test('a response is kept for its Surrogate-Control max-age', async () => {
		let now = 1_000_000
		const cache = createResponseCache({ maxBytes: 100_000, now: () => now })
		const { warm, get } = await site(cache, { '/a/': page('a', { 'Surrogate-Control': 'max-age=60' }) })
		await warm('/a/')
		now += 59_999
		expect((await get('/a/')).headers['x-page-cache']).toBe('hit')
		now += 2
		expect((await get('/a/')).headers['x-page-cache']).not.toBe('hit')
	})

	test('a product change drops exactly the responses tagged with it, and a render that began before the change is not kept', async () => {
		const cache = createResponseCache({ maxBytes: 100_000 })
		let release: () => void = () => undefined
		let began: () => void = () => undefined
		const rendering = new Promise<void>((resolve) => (began = resolve))
		const { warm, get } = await site(cache, {
			'/categories/birthday/': page('birthday', { 'Surrogate-Control': 'max-age=300', 'Surrogate-Key': 'products-birthday' }),
			'/': page('home', { 'Surrogate-Control': 'max-age=300', 'Surrogate-Key': 'products-graduation products-new-baby' }),
			'/about/': page('about', { 'Surrogate-Control': 'max-age=300' }),
			'/slow/': async (res) => {
				began()
				await new Promise<void>((resolve) => (release = resolve))
				page('slow', { 'Surrogate-Control': 'max-age=300', 'Surrogate-Key': 'products-new-baby' })(res)
			},
		})
		for (const path of ['/categories/birthday/', '/', '/about/']) await warm(path)
		const slow = get('/slow/')
		await rendering
		cache.invalidate(['products-new-baby'])
		release()
		await slow
		await cache.settle()
		expect(cache.has('/')).toBe(false)
		expect(cache.has('/slow/')).toBe(false)
		expect(cache.has('/categories/birthday/')).toBe(true)
		expect(cache.has('/about/')).toBe(true)
	})

	test('a render that began before the page was kept answers as it is and never replaces the kept copy, nonce and all', async () => {
		const cache = createResponseCache({ maxBytes: 100_000 })
		let renders = 0
		const { get } = await site(cache, {
			'/p/': async (res) => {
				renders += 1
				const nonce = renders === 1 ? 'first' : 'second'
				// The second visitor's render is still under way when the first visitor's copy is kept.
				if (renders > 1) await waitUntil(() => cache.has('/p/'), { timeoutMs: 5_000, everyMs: 5, what: 'the first render to be kept' })
				page(`<p>${nonce}</p>`.repeat(40), { 'Surrogate-Control': 'max-age=300', 'Content-Security-Policy': `script-src 'nonce-${nonce}'` })(res)
			},
		})
		const [first, second] = await Promise.all([get('/p/'), get('/p/')])
		expect(renders).toBe(2)
		expect([first.body, second.body].sort()).toEqual(['<p>first</p>'.repeat(40), '<p>second</p>'.repeat(40)])
		await cache.settle()
		for (const encoding of ['br', 'gzip', 'identity']) {
			const hit = await get('/p/', { 'accept-encoding': encoding })
			expect(hit.headers['x-page-cache']).toBe('hit')
			expect(hit.headers['content-security-policy']).toBe("script-src 'nonce-first'")
			expect(hit.body).toBe('<p>first</p>'.repeat(40))
		}
	})
})

describe('which responses are kept', () => {
	const page = {
		method: 'GET',
		originalUrl: '/cities/tempe/',
		path: '/cities/tempe/',
		status: 200,
		surrogateControl: 'max-age=300',
		surrogateKey: 'products:bd',
		setsCookie: false,
	}
	test.each([
		['a page that asks to be kept', page, { keep: true, key: '/cities/tempe/', seconds: 300, tags: ['products:bd'] }],
		['one that does not ask', { ...page, surrogateControl: undefined }, { keep: false, why: 'not asked for', tags: ['products:bd'] }],
		['max-age=0', { ...page, surrogateControl: 'max-age=0' }, { keep: false, why: 'not asked for', tags: ['products:bd'] }],
		['a 404', { ...page, status: 404 }, { keep: false, why: 'status 404', tags: ['products:bd'] }],
		['a page setting a cookie', { ...page, setsCookie: true }, { keep: false, why: 'sets a cookie', tags: ['products:bd'] }],
		['a HEAD', { ...page, method: 'HEAD' }, { keep: false, why: 'not a GET', tags: ['products:bd'] }],
		['a page with a query string', { ...page, originalUrl: '/cities/tempe/?utm_source=x' }, { keep: false, why: 'address not kept', tags: ['products:bd'] }],
		[
			'a data request',
			{ ...page, originalUrl: '/cities/tempe.data', path: '/cities/tempe.data' },
			{ keep: false, why: 'address not kept', tags: ['products:bd'] },
		],
		[
			'the API, keyed by its parameters in name order, each name’s last value',
			{ ...page, originalUrl: '/api/products?sort=price&category=x&category=birthday&', path: '/api/products', surrogateKey: 'products:bd products:ao' },
			{ keep: true, key: '/api/products?category=birthday&sort=price', seconds: 300, tags: ['products:bd', 'products:ao'] },
		],
		['several directives', { ...page, surrogateControl: 'no-store, max-age=60' }, { keep: true, key: '/cities/tempe/', seconds: 60, tags: ['products:bd'] }],
	] as const)('%s', (_name, facts, expected) => {
		expect(admission(facts)).toEqual(expected)
	})
})

describe('the headers a kept response is sent again with', () => {
	test.each([
		[
			'its own, numbers as text',
			{ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff', 'x-products': 24 },
			[
				['content-type', 'text/html; charset=utf-8'],
				['cache-control', 'public, max-age=300'],
				['x-content-type-options', 'nosniff'],
				['x-products', '24'],
			],
		],
		[
			'without those of one exchange',
			{
				date: 'Mon, 01 Jun 2026 10:00:00 GMT',
				connection: 'keep-alive',
				'content-length': 1200,
				'content-encoding': 'br',
				etag: 'W/"x"',
				vary: 'Accept-Encoding',
				'x-page-cache': 'miss',
				'set-cookie': ['a=1'],
				'ratelimit-policy': '60;w=60',
				'retry-after': '5',
				'surrogate-control': 'max-age=300',
				'surrogate-key': 'products:bd',
				'x-request-id': 'abc',
				'content-security-policy': "script-src 'nonce-abc'",
			},
			[['content-security-policy', "script-src 'nonce-abc'"]],
		],
		[
			'a header list kept as a list, one left unset dropped',
			{ link: ['</a.css>; rel=preload', '</b.js>; rel=modulepreload'], 'x-gone': undefined },
			[['link', ['</a.css>; rel=preload', '</b.js>; rel=modulepreload']]],
		],
	])('%s', (_name, headers, expected) => {
		expect(keptHeaders(headers)).toEqual(expected)
	})
})

describe('the headers of a kept answer in each encoding', () => {
	const kept: [string, string][] = [['content-type', 'text/html; charset=utf-8']]
	const common = { 'content-type': 'text/html; charset=utf-8', ETag: 'W/"e"', Vary: 'Accept-Encoding', 'X-Page-Cache': 'hit' }
	test.each([
		['brotli', 'br', 100, { ...common, 'Content-Length': 100, 'Content-Encoding': 'br' }],
		['gzip', 'gzip', 120, { ...common, 'Content-Length': 120, 'Content-Encoding': 'gzip' }],
		['as it is, without a Content-Encoding', 'identity', 900, { ...common, 'Content-Length': 900 }],
	] as const)('%s', (_name, encoding, length, expected) => {
		expect(variantHeaders(kept, 'W/"e"', length, encoding)).toEqual(expected)
	})
})

describe('the headers of a 304 for a kept response', () => {
	test.each([
		[
			'the kept headers but the policy and the type, then Vary and the cache’s mark',
			[
				['content-type', 'text/html; charset=utf-8'],
				['content-security-policy', "script-src 'nonce-abc'"],
				['cache-control', 'public, max-age=300'],
			],
			[
				['cache-control', 'public, max-age=300'],
				['Vary', 'Accept-Encoding'],
				['X-Page-Cache', 'hit'],
			],
		],
		[
			'no kept headers',
			[],
			[
				['Vary', 'Accept-Encoding'],
				['X-Page-Cache', 'hit'],
			],
		],
	] as const)('%s', (_name, kept, expected) => {
		expect(notModifiedHeaders(kept.map(([name, value]) => [name, value]))).toEqual(expected)
	})
})

describe('the bytes of a chunk written', () => {
	test.each([
		['text, as UTF-8', 'été', undefined, Buffer.from('été', 'utf8')],
		['text in a named encoding', '6869', 'hex', Buffer.from('hi')],
		['text with a callback where the encoding goes', 'hi', () => undefined, Buffer.from('hi')],
		['bytes', new Uint8Array([1, 2, 3]), undefined, Buffer.from([1, 2, 3])],
		['a Buffer', Buffer.from('page'), undefined, Buffer.from('page')],
		['nothing', undefined, undefined, undefined],
		['null', null, undefined, undefined],
		['a callback alone (res.end(callback))', () => undefined, undefined, undefined],
	])('%s', (_name, chunk, encoding, expected) => {
		expect(chunkBytes(chunk, encoding)).toEqual(expected)
	})
})
