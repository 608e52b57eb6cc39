import { request } from 'node:http'
import { temporaryFolder } from '#test/support/temporary.ts'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { markupOf } from '#test/support/html.ts'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer, type RunningServer } from '#test/support/server.ts'
import { categoryPagePath } from '#test/support/partner-paths.ts'
import { waitUntil } from '#scripts/lib/wait.ts'
import { seedSqlite } from '#test/support/stores.ts'

let partner: PartnerStandIn
let server: RunningServer
const databasePath = join(temporaryFolder('azrender-'), 'cache.sqlite')

beforeAll(async () => {
	partner = await startPartnerStandIn()
	server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: databasePath })
})
afterAll(async () => {
	await server?.stop()
	await partner?.stop()
})
beforeEach(() => {
	partner.setMode('ok')
	partner.setEdition('')
})

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** One request as a browser sends it, the body left as it came over the wire. */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
	return new Promise((resolve, reject) => {
		const req = request(`${server.url}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } }, (res) => {
			const chunks: Buffer[] = []
			res.on('data', (chunk: Buffer) => chunks.push(chunk))
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
			res.on('error', reject)
		})
		req.on('error', reject)
		req.end()
	})
}

function html(response: Raw): string {
	const encoding = response.headers['content-encoding']
	const body = encoding === 'gzip' ? gunzipSync(response.body) : encoding === 'br' ? brotliDecompressSync(response.body) : response.body
	return body.toString('utf8')
}

function cspNonce(response: Raw): string {
	const policy = String(response.headers['content-security-policy'] ?? '')
	const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
	if (!nonce) throw new Error(`no nonce in ${policy}`)
	return nonce
}

/** Requests a page until it comes from the rendered-page cache. */
function warm(path: string): Promise<Raw> {
	return waitUntil(
		async () => {
			const response = await get(path)
			return response.headers['x-page-cache'] === 'hit' && response
		},
		// The first request crawls the partner and renders: on a busy machine that alone can take seconds.
		{ timeoutMs: 20_000, what: `${path} to come from the cache` },
	)
}

test('a warm page comes from the cache with a CDN Cache-Control, an ETag, brotli, and the nonce its policy names', async () => {
	const first = await warm('/categories/birthday-flowers/')
	const second = await get('/categories/birthday-flowers/')
	for (const response of [first, second]) {
		expect(response.status).toBe(200)
		expect(response.headers['x-page-cache']).toBe('hit')
		expect(response.headers['content-encoding']).toBe('br')
		expect(response.headers['cache-control']).toMatch(/s-maxage=\d+/)
		expect(response.headers['cache-control']).toMatch(/stale-while-revalidate=\d+/)
		expect(response.headers.etag).toMatch(/^W\/".+"$/)
		expect(response.headers.vary).toBe('Accept-Encoding')
		expect(Number(response.headers['content-length'])).toBe(response.body.length)
		const page = html(response)
		expect(page).toContain(`Bright Bouquet ${categoryPagePath('birthday-flowers')}`)
		// Every script carries the nonce of this response's policy, and no other.
		const nonce = cspNonce(response)
		const scriptNonces = [...page.matchAll(/<script[^>]*\snonce="([^"]*)"/g)].map((match) => match[1])
		expect(scriptNonces.length).toBeGreaterThan(0)
		expect(new Set(scriptNonces)).toEqual(new Set([nonce]))
	}
	// A kept page keeps the nonce it was rendered with, as a CDN would: the same bytes for every visitor.
	expect(cspNonce(first)).toBe(cspNonce(second))
	expect(first.headers.etag).toBe(second.headers.etag)
	expect(html(first)).toBe(html(second))
})

test('clients that take only gzip, or nothing, get the same cached page and policy', async () => {
	const cached = await warm('/categories/birthday-flowers/')
	const expected = html(cached).replaceAll(cspNonce(cached), 'N')
	const gzip = await get('/categories/birthday-flowers/', { 'accept-encoding': 'gzip, deflate' })
	expect(gzip.headers['x-page-cache']).toBe('hit')
	expect(gzip.headers['content-encoding']).toBe('gzip')
	expect(html(gzip).replaceAll(cspNonce(gzip), 'N')).toBe(expected)
	const plain = await get('/categories/birthday-flowers/', { 'accept-encoding': 'identity' })
	expect(plain.headers['x-page-cache']).toBe('hit')
	expect(plain.headers['content-encoding']).toBeUndefined()
	expect(plain.body.toString().replaceAll(cspNonce(plain), 'N')).toBe(expected)
	expect(new Set([cspNonce(cached), cspNonce(gzip), cspNonce(plain)]).size).toBe(1)
})

test('a repeat request with the ETag gets 304 with no body and no new policy to clash with the kept copy', async () => {
	const cached = await warm('/about/')
	const again = await get('/about/', { 'if-none-match': String(cached.headers.etag) })
	expect(again.status).toBe(304)
	expect(again.body.length).toBe(0)
	expect(again.headers.etag).toBe(cached.headers.etag)
	expect(again.headers['content-security-policy']).toBeUndefined()
	const other = await get('/about/', { 'if-none-match': 'W/"something-else"' })
	expect(other.status).toBe(200)
})

test('when the partner’s products change, the pages showing them are rendered anew', async () => {
	const before = await warm('/categories/sympathy-funeral/')
	expect(html(before)).toContain(`Bright Bouquet ${categoryPagePath('sympathy-funeral')}<`)
	// Three days on: the cached products are stale, and the partner has a new range.
	seedSqlite.expirePages(databasePath, `${partner.url}${categoryPagePath('sympathy-funeral')}`)
	partner.setEdition(' (new season)')
	// Any reader of those products (here the JSON API) starts the background refresh.
	const fetchesBefore = partner.hits.filter((hit) => hit === categoryPagePath('sympathy-funeral')).length
	await fetch(`${server.url}/api/products?category=sympathy-funeral`)
	await expect.poll(() => partner.hits.filter((hit) => hit === categoryPagePath('sympathy-funeral')).length).toBe(fetchesBefore + 1)
	await expect
		.poll(async () => html(await get('/categories/sympathy-funeral/')), { timeout: 5_000 })
		.toContain(`Bright Bouquet ${categoryPagePath('sympathy-funeral')} (new season)`)
	const after = await warm('/categories/sympathy-funeral/')
	expect(html(after)).toContain(`Bright Bouquet ${categoryPagePath('sympathy-funeral')} (new season)`)
	expect(after.headers.etag).not.toBe(before.headers.etag)
})

test('a page in its fallback state is never kept: after the back-off the next visitor gets the products', async () => {
	partner.setMode('down')
	const fallback = await get('/categories/valentines-day/')
	expect(markupOf(html(fallback))).toContain('We couldn’t load products right now.')
	expect(fallback.headers['cache-control']).toBe('no-cache')
	expect(fallback.headers['x-page-cache']).toBeUndefined()
	expect(fallback.headers.etag).toBeUndefined()
	partner.setMode('ok')
	// The failed fetch backs off: the partner is not asked again, and the fallback is still not kept.
	const listingFetches = () => partner.hits.filter((hit) => hit === categoryPagePath('valentines-day')).length
	const fetches = listingFetches()
	const backingOff = await get('/categories/valentines-day/')
	expect(markupOf(html(backingOff))).toContain('We couldn’t load products right now.')
	expect(backingOff.headers['x-page-cache']).toBeUndefined()
	expect(listingFetches()).toBe(fetches)
	// Fifteen minutes on (the back-off's end, moved in the store), the next visitor gets the products.
	seedSqlite.endRefreshLock(databasePath, `${partner.url}${categoryPagePath('valentines-day')}`)
	const recovered = await warm('/categories/valentines-day/')
	expect(html(recovered)).toContain(`Bright Bouquet ${categoryPagePath('valentines-day')}`)
	expect(markupOf(html(recovered))).not.toContain('We couldn’t load products right now.')
})

test('made-up query strings and not-found pages are rendered, never stored', async () => {
	for (let round = 0; round < 3; round += 1) {
		const query = await get(`/about/?utm_source=${round}`)
		expect(query.status).toBe(200)
		expect(query.headers['x-page-cache']).toBeUndefined()
		const missing = await get('/no-such-page/')
		expect(missing.status).toBe(404)
		expect(missing.headers['x-page-cache']).toBeUndefined()
		expect(missing.headers['cache-control']).toBe('no-cache')
	}
})

test('the sitemap, robots.txt and the JSON API are kept too, with their own type and Cache-Control', async () => {
	for (const [path, type, cacheControl] of [
		['/sitemap.xml', 'application/xml', 'public, max-age=3600'],
		['/robots.txt', 'text/plain', 'public, max-age=3600'],
		['/api/products?category=birthday-flowers', 'application/json', 'public, max-age=7200, stale-while-revalidate=7200'],
	] as const) {
		const first = await get(path)
		const cached = await warm(path)
		expect(cached.headers['content-type']).toBe(first.headers['content-type'])
		expect(cached.headers['content-type']).toContain(type)
		expect(cached.headers['cache-control']).toBe(cacheControl)
		expect(html(cached)).toBe(html(first))
		const again = await get(path, { 'if-none-match': String(cached.headers.etag) })
		expect(again.status).toBe(304)
	}
	// A malformed API query is answered, never kept.
	for (let round = 0; round < 2; round += 1) {
		const bad = await get('/api/products?category=birthday-flowers&extra=1')
		expect(bad.status).toBe(400)
		expect(bad.headers['x-page-cache']).toBeUndefined()
	}
})
