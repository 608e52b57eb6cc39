import { gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { compressTemplate, gzipWithNonce, textWithNonce } from '~/server/nonce-template.server.ts'
import { acceptsGzip, createRenderCache, type CachedRender } from '~/server/render-cache.server.ts'

const PLACEHOLDER = '\u0000NONCE\u0000'
const page = [
	'<!DOCTYPE html><html><head><script nonce="', PLACEHOLDER, '">window.a=1</script></head><body>',
	'<p>Désert bloom 🌵 Phoenix</p>'.repeat(2_000),
	'<script nonce="', PLACEHOLDER, '" type="module">import("/assets/entry.js")</script></body></html>',
].join('')

describe('a page compressed once, sent with a fresh nonce each time', () => {
	const template = compressTemplate(page.split(PLACEHOLDER))

	test('the gzip body is valid gzip that decodes to the page with the new nonce in every place', () => {
		for (const nonce of ['k3v+Xz/9AbCdEfGhIjKlMw==', 'another-nonce-of-other-length']) {
			const body = gzipWithNonce(template, nonce)
			expect(body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
			// gunzip checks the trailer's CRC-32 and length.
			expect(gunzipSync(body).toString('utf8')).toBe(page.replaceAll(PLACEHOLDER, nonce))
		}
	})

	test('two responses differ only in the nonce', () => {
		const first = gunzipSync(gzipWithNonce(template, 'AAAAAAAAAAAAAAAAAAAAAA==')).toString()
		const second = gunzipSync(gzipWithNonce(template, 'BBBBBBBBBBBBBBBBBBBBBB==')).toString()
		expect(first).not.toBe(second)
		expect(first.replaceAll('AAAAAAAAAAAAAAAAAAAAAA==', 'x')).toBe(second.replaceAll('BBBBBBBBBBBBBBBBBBBBBB==', 'x'))
	})

	test('the plain body is the page with the nonce', () => {
		expect(textWithNonce(template, 'n0nce').toString('utf8')).toBe(page.replaceAll(PLACEHOLDER, 'n0nce'))
	})

	test('the compressed page is much smaller than the page', () => {
		expect(template.bytes).toBeLessThan(Buffer.byteLength(page) / 10)
	})

	test('a page without a nonce, and empty parts, still decode', () => {
		expect(gunzipSync(gzipWithNonce(compressTemplate(['<p>plain</p>']), 'x')).toString()).toBe('<p>plain</p>')
		expect(gunzipSync(gzipWithNonce(compressTemplate(['', '', '']), 'ab')).toString()).toBe('abab')
	})
})

describe('Accept-Encoding', () => {
	test.each([
		['gzip, deflate, br, zstd', true],
		['br;q=1.0, gzip;q=0.8', true],
		['gzip;q=0', false],
		['br', false],
		['*', true],
		['*;q=0.5, br', true],
		['identity', false],
		[undefined, false],
	])('%s → gzip %s', (header, expected) => {
		expect(acceptsGzip(header)).toBe(expected)
	})
})

function entry(sources: string[], bytes = 1_000): Omit<CachedRender, 'expiresAt'> {
	const template = compressTemplate(['x'])
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
