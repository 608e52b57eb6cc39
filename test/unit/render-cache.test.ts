import { randomBytes } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, test } from 'vitest'
import { brotliWithNonce, compressTemplate, gzipWithNonce, textWithNonce, type NonceTemplate } from '~/server/nonce-template.server.ts'
import { acceptsEncoding, createRenderCache, type CachedRender } from '~/server/render-cache.server.ts'

const PLACEHOLDER = '\u0000NONCE\u0000'
const page = [
	'<!DOCTYPE html><html><head><script nonce="', PLACEHOLDER, '">window.a=1</script></head><body>',
	'<p>Désert bloom 🌵 Phoenix</p>'.repeat(2_000),
	'<script nonce="', PLACEHOLDER, '" type="module">import("/assets/entry.js")</script></body></html>',
].join('')

const nonce = () => randomBytes(16).toString('base64')

describe('a page compressed once, sent with a fresh nonce each time', () => {
	let template: NonceTemplate
	beforeAll(async () => {
		template = await compressTemplate(page.split(PLACEHOLDER))
	})

	test('the gzip body is valid gzip (CRC and length checked) that decodes to the page with the new nonce in every place', () => {
		for (let round = 0; round < 20; round += 1) {
			const fresh = nonce()
			const body = gzipWithNonce(template, fresh)
			expect(body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
			expect(gunzipSync(body).toString('utf8')).toBe(page.replaceAll(PLACEHOLDER, fresh))
		}
	})

	test('the brotli body decodes to the page with the new nonce in every place', () => {
		expect(template.brotli).toBeDefined()
		for (let round = 0; round < 20; round += 1) {
			const fresh = nonce()
			expect(brotliDecompressSync(brotliWithNonce(template.brotli ?? [], fresh)).toString('utf8')).toBe(page.replaceAll(PLACEHOLDER, fresh))
		}
	})

	test('two responses differ only in the nonce', () => {
		const [a, b] = [nonce(), nonce()]
		const first = gunzipSync(gzipWithNonce(template, a)).toString()
		const second = gunzipSync(gzipWithNonce(template, b)).toString()
		expect(first).not.toBe(second)
		expect(first.replaceAll(a, 'x')).toBe(second.replaceAll(b, 'x'))
	})

	test('the plain body is the page with the nonce', () => {
		const fresh = nonce()
		expect(textWithNonce(template, fresh).toString('utf8')).toBe(page.replaceAll(PLACEHOLDER, fresh))
	})

	test('both forms are much smaller than the page, brotli the smaller', () => {
		const fresh = nonce()
		const gzip = gzipWithNonce(template, fresh).length
		const brotli = brotliWithNonce(template.brotli ?? [], fresh).length
		expect(gzip).toBeLessThan(Buffer.byteLength(page) / 10)
		expect(brotli).toBeLessThan(gzip)
	})

	test('a page without a nonce, and empty parts, still decode', async () => {
		const plain = await compressTemplate(['<p>plain</p>'])
		expect(gunzipSync(gzipWithNonce(plain, nonce())).toString()).toBe('<p>plain</p>')
		expect(brotliDecompressSync(brotliWithNonce(plain.brotli ?? [], nonce())).toString()).toBe('<p>plain</p>')
		const empty = await compressTemplate(['', '', ''])
		const fresh = nonce()
		expect(gunzipSync(gzipWithNonce(empty, fresh)).toString()).toBe(fresh + fresh)
		expect(brotliDecompressSync(brotliWithNonce(empty.brotli ?? [], fresh)).toString()).toBe(fresh + fresh)
	})
})

describe('Accept-Encoding', () => {
	test.each([
		['gzip, deflate, br, zstd', true, true],
		['br;q=1.0, gzip;q=0.8', true, true],
		['gzip;q=0', false, false],
		['br', false, true],
		['*', true, true],
		['*;q=0.5, br;q=0', true, false],
		['identity', false, false],
		[undefined, false, false],
	])('%s → gzip %s, br %s', (header, gzip, brotli) => {
		expect(acceptsEncoding(header, 'gzip')).toBe(gzip)
		expect(acceptsEncoding(header, 'br')).toBe(brotli)
	})
})

const TINY: NonceTemplate = { deflate: [Buffer.from([0x03, 0x00])], crcs: [0], shifts: [new Uint32Array(32)], lengths: [0], bytes: 0 }

function entry(sources: string[], bytes = 1_000): Omit<CachedRender, 'expiresAt'> {
	const template = TINY
	return { template: { ...template, bytes }, etag: 'W/"e"', contentType: 'text/html', cacheControl: 'no-cache', ttlMs: 60_000, sources }
}

describe('the rendered-page store', () => {
	test('memory stays under its bound: the least recently used page goes first', () => {
		const cache = createRenderCache({ maxBytes: 3_000 })
		cache.set('/a/', entry([]))
		cache.set('/b/', entry([]))
		cache.set('/c/', entry([]))
		expect(cache.get('/a/')).toBeDefined()
		cache.set('/d/', entry([]))
		expect(cache.stats().bytes).toBeLessThanOrEqual(3_000)
		expect(cache.get('/b/')).toBeUndefined()
		expect(cache.get('/a/')).toBeDefined()
		expect(cache.get('/d/')).toBeDefined()
		cache.set('/huge/', entry([], 10_000))
		expect(cache.get('/huge/')).toBeUndefined()
		expect(cache.stats().entries).toBe(3)
	})

	test('a page expires after its time to live', () => {
		let now = 0
		const cache = createRenderCache({ maxBytes: 10_000, now: () => now })
		cache.set('/a/', entry([]))
		now = 59_999
		expect(cache.get('/a/')).toBeDefined()
		now = 60_000
		expect(cache.get('/a/')).toBeUndefined()
		expect(cache.stats().bytes).toBe(0)
	})

	test('a product source that changes drops exactly the pages showing it', () => {
		const cache = createRenderCache({ maxBytes: 10_000 })
		cache.set('/categories/birthday-flowers/', entry(['https://partner/birthday']))
		cache.set('/', entry(['https://partner/graduation', 'https://partner/new-baby']))
		cache.set('/about/', entry([]))
		const stamp = cache.stamp()
		cache.invalidateSource('https://partner/new-baby')
		expect(cache.get('/')).toBeUndefined()
		expect(cache.get('/categories/birthday-flowers/')).toBeDefined()
		expect(cache.get('/about/')).toBeDefined()
		// A render that began before the change is not stored afterwards.
		expect(cache.changedSince(['https://partner/new-baby'], stamp)).toBe(true)
		expect(cache.changedSince(['https://partner/birthday'], stamp)).toBe(false)
	})
})
