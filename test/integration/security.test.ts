import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { temporaryFolder } from '#test/support/temporary.ts'
import http from 'node:http'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startPartnerStandIn } from '#mock-servers/partner.ts'
import { startServer, type RunningServer } from '#test/support/server.ts'

let server: RunningServer & { pid: number }
beforeAll(async () => {
	server = await startServer()
})
afterAll(async () => {
	await server.stop()
})

function nonceOf(csp: string): string | undefined {
	return /'nonce-([^']+)'/.exec(csp)?.[1]
}

test('every page carries a nonce-based CSP that matches its own scripts, fresh on every response', async () => {
	const nonces = new Set<string>()
	for (const path of ['/', '/cities/phoenix/', '/categories/birthday-flowers/', '/about/', '/no-such-page/', '/', '/']) {
		const response = await fetch(`${server.url}${path}`)
		const csp = response.headers.get('content-security-policy') ?? ''
		const html = await response.text()
		const nonce = nonceOf(csp)
		expect(nonce, path).toBeTruthy()
		nonces.add(nonce ?? '')
		const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? ''
		expect(scriptSrc).not.toContain("'unsafe-inline'")
		expect(csp).toContain("frame-ancestors 'none'")
		// Photos come from our own origin: no partner host may serve the page images.
		expect(/img-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' data:")
		expect(csp).not.toContain('maps.googleapis.com')
		const scripts = html.match(/<script\b[^>]*>/g) ?? []
		expect(scripts.length).toBeGreaterThan(0)
		for (const script of scripts) {
			if (script.includes('application/ld+json')) continue
			expect(script, `${path}: ${script}`).toContain(`nonce="${nonce}"`)
		}
	}
	expect(nonces.size).toBe(7)
})

test('security headers: referrer policy, nosniff, no framing, no X-Powered-By, no HSTS over plain http', async () => {
	const response = await fetch(`${server.url}/contact/`)
	expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
	expect(response.headers.get('x-content-type-options')).toBe('nosniff')
	expect(response.headers.get('x-frame-options')).toBe('DENY')
	expect(response.headers.get('x-powered-by')).toBeNull()
	expect(response.headers.get('strict-transport-security')).toBeNull()
	// No opener or agent-cluster isolation: pages hold nothing per visitor, and either header makes the
	// browser start a renderer of the page's own on every arrival (docs/caching.md).
	expect(response.headers.get('cross-origin-opener-policy')).toBeNull()
	expect(response.headers.get('origin-agent-cluster')).toBeNull()
})

test('with a maps key, the CSP admits the maps script and nothing else changes', async () => {
	const withMaps = await startServer({ GOOGLE_MAPS_API_KEY: 'AIzaTestBrowserKey123' })
	try {
		const csp = (await fetch(`${withMaps.url}/cities/mesa/`)).headers.get('content-security-policy') ?? ''
		expect(/script-src ([^;]*)/.exec(csp)?.[1]).toContain('https://maps.googleapis.com')
	} finally {
		await withMaps.stop()
	}
})

test('/api is rate limited: 429 with Retry-After and a JSON error past the limit', async () => {
	const limited = await startServer()
	try {
		const statuses: number[] = []
		let last: Response | undefined
		for (let index = 0; index < 65; index += 1) {
			last = await fetch(`${limited.url}/api/products?category=%20`)
			statuses.push(last.status)
		}
		expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true)
		expect(last?.status).toBe(429)
		expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(await last?.json()).toEqual({ error: 'Too many requests; please slow down.' })
		expect((await fetch(`${limited.url}/about/`)).status).toBe(200)
	} finally {
		await limited.stop()
	}
})

test('a large request body is refused before it is read', async () => {
	const response = await fetch(`${server.url}/contact/`, { method: 'POST', body: 'x'.repeat(100_000) })
	expect(response.status).toBe(413)
})

/** The server process's resident memory, in MB. */
function residentMb(pid: number): number {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8')
	return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/**
 * POSTs a chunked body (no Content-Length) of up to `totalMb`, stopping when the answer comes.
 * The server may close the connection once it has answered: a client still writing then sees the
 * reset instead of the answer, which is a refusal too (status 0).
 */
function postChunked(path: string, totalMb: number): Promise<{ status: number; body: string; sentMb: number }> {
	return new Promise((resolve) => {
		let sent = 0
		let answered = false
		const chunk = Buffer.alloc(64 * 1024, 'x')
		const request = http.request(`${server.url}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
		})
		request.on('response', (response) => {
			answered = true
			let body = ''
			response.on('data', (data: Buffer) => (body += data.toString()))
			response.on('end', () => resolve({ status: response.statusCode ?? 0, body, sentMb: sent / 1024 / 1024 }))
			response.on('error', () => resolve({ status: response.statusCode ?? 0, body, sentMb: sent / 1024 / 1024 }))
		})
		request.on('error', () => {
			if (!answered) resolve({ status: 0, body: '', sentMb: sent / 1024 / 1024 })
		})
		const pump = () => {
			while (!answered && !request.destroyed && sent < totalMb * 1024 * 1024) {
				sent += chunk.length
				if (!request.write(chunk)) return void request.once('drain', pump)
			}
			if (!answered && !request.destroyed) request.end()
		}
		pump()
	})
}

test('a chunked body with no Content-Length is refused at the limit, not read whole into memory', async () => {
	// A small one that ends: the answer is the 413 itself.
	const small = await postChunked('/api/clicks', 0.04)
	expect(small.status).toBe(413)
	expect(JSON.parse(small.body)).toEqual({ error: 'Request body too large (limit 16384 bytes)' })
	// Four of 128 MB at once: each refused (413, or the connection closed on a client still writing) long before its end.
	const before = residentMb(server.pid)
	const answers = await Promise.all([0, 1, 2, 3].map(() => postChunked('/api/clicks', 128)))
	for (const answer of answers) {
		expect([0, 413]).toContain(answer.status)
		expect(answer.sentMb).toBeLessThan(64)
	}
	expect(residentMb(server.pid) - before).toBeLessThan(60)
	expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
})

test('methods other than GET and HEAD get a short 405 naming the allowed ones, with no stack in the log', async () => {
	const page = await fetch(`${server.url}/cities/phoenix/`, { method: 'POST', body: 'name=x' })
	expect(page.status).toBe(405)
	expect(page.headers.get('allow')).toBe('GET, HEAD')
	expect(await page.text()).toBe('Method not allowed')
	const api = await fetch(`${server.url}/api/products?category=birthday-flowers`, { method: 'DELETE' })
	expect(api.status).toBe(405)
	expect(api.headers.get('content-type')).toMatch(/^application\/json/)
	expect(await api.json()).toEqual({ error: 'Method DELETE not allowed; use GET' })
	const head = await fetch(`${server.url}/cities/phoenix/`, { method: 'HEAD' })
	expect(head.status).toBe(200)
	expect(server.logLines()).toContainEqual(expect.objectContaining({ method: 'POST', url: '/cities/phoenix/', status: 405 }))
	expect(server.logs()).not.toContain('did not provide an `action`')
})

/** A raw request with chosen headers, Host included (fetch may not set it). */
function rawGet(
	path: string,
	headers: Record<string, string> = {},
): Promise<{ status?: number; location?: string; body: string; headers: http.IncomingHttpHeaders }> {
	return new Promise((resolve, reject) => {
		// The path exactly as written: a URL object would resolve dot segments before sending.
		http
			.get({ hostname: '127.0.0.1', port: server.port, path, headers }, (response) => {
				let body = ''
				response.on('data', (chunk: Buffer) => (body += chunk.toString()))
				response.on('end', () => resolve({ status: response.statusCode, location: response.headers.location, body, headers: response.headers }))
			})
			.on('error', reject)
	})
}

test('a page spelled another way is sent to its one address before anything renders or is kept', async () => {
	for (const [path, canonical] of [
		['/j1/../cities/phoenix/', '/cities/phoenix/'],
		['/cities/ph%6Fenix/', '/cities/phoenix/'],
		['/cities/phoenix//', '/cities/phoenix/'],
		['/about/./', '/about/'],
	]) {
		const answer = await rawGet(path ?? '')
		expect([answer.status, answer.location], path).toEqual([301, canonical])
		expect(answer.headers['x-page-cache'], path).toBeUndefined()
	}
})

test('a query string never makes a page shared-cacheable, and the edge keeps no copy of it', async () => {
	for (const path of ['/', '/cities/', '/cities/phoenix/', '/about/', '/contact/', '/privacy-policy/', '/terms/', '/categories/birthday-flowers/']) {
		// Without a partner, pages with products say no-cache; the others are public.
		expect((await rawGet(path)).headers['cache-control'], path).toMatch(/^(public|no-cache)/)
		for (let round = 0; round < 2; round += 1) {
			const queried = await rawGet(`${path}?utm_source=r${round}x`)
			expect(queried.status, path).toBe(200)
			expect(queried.headers['cache-control'], path).toBe('private, max-age=300')
			expect(queried.headers['x-page-cache'], path).toBeUndefined()
		}
	}
})

test('the API is kept by its parameters as read: a stray & is the same answer, not another entry', async () => {
	const first = await rawGet('/api/zip-codes?zip=85004&&')
	expect(first.status).toBe(200)
	await expect.poll(async () => (await rawGet('/api/zip-codes?zip=85004')).headers['x-page-cache'], { timeout: 5_000, interval: 50 }).toBe('hit')
	expect((await rawGet('/api/zip-codes?&zip=%38%35004')).headers['x-page-cache']).toBe('hit')
	// The last value of a repeated name is the one read, and the one the key holds.
	const repeated = await rawGet('/api/zip-codes?zip=85004&zip=86001')
	expect(JSON.parse(repeated.body)).toMatchObject({ zip: '86001' })
})

test('forged Host and X-Forwarded-Host never reach a canonical, og:url, redirect, sitemap or feed', async () => {
	const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }
	for (const path of ['/', '/cities/mesa/', '/sitemap.xml', '/rss.xml', '/robots.txt']) {
		const { status, body } = await rawGet(path, forged)
		expect(status, path).toBe(200)
		expect(body, path).not.toContain('evil.example')
	}
	const www = await rawGet('/cities/?x=1', { host: 'www.evil.example', 'x-forwarded-host': 'www.evil.example' })
	expect(www.status).toBe(301)
	expect(new URL(www.location ?? '').host).toBe(`localhost:${server.port}`)
})

test.each(['//evil.example', '/%2F%2Fevil.example', '/\\evil.example', '/\\\\evil.example/x', '///evil.example'])(
	'the trailing-slash redirect for %s stays on the site',
	async (path) => {
		const { status, location } = await rawGet(path, { host: `127.0.0.1:${server.port}` })
		if (status === 301) {
			expect(location?.startsWith('/')).toBe(true)
			expect(location?.startsWith('//')).toBe(false)
			expect(new URL(location ?? '', 'http://site.test').host).toBe('site.test')
		} else {
			expect(status).toBe(404)
		}
	},
)

test.each(['removed', 'replaced'])('a database file %s while the server runs makes readiness say 503 and the log say what happened', async (what) => {
	const databasePath = join(temporaryFolder('azgone-'), 'cache.sqlite')
	const site = await startServer({ DATABASE_PATH: databasePath })
	try {
		expect((await fetch(`${site.url}/readyz`)).status).toBe(200)
		for (const suffix of ['', '-wal', '-shm']) rmSync(`${databasePath}${suffix}`, { force: true })
		if (what === 'replaced') writeFileSync(databasePath, '')
		const answer = await fetch(`${site.url}/readyz`)
		expect(answer.status).toBe(503)
		expect(await answer.json()).toEqual({ status: 'database unavailable' })
		// The line reaches this process through a pipe, maybe after the answer did.
		await expect
			.poll(() => site.logLines())
			.toContainEqual(expect.objectContaining({ level: 'error', msg: expect.stringContaining('Readiness check failed'), path: databasePath, change: what }))
		// Pages still answer; only readiness tells the balancer to move on.
		expect((await fetch(`${site.url}/about/`)).status).toBe(200)
	} finally {
		await site.stop()
	}
})

test('every answer carries the security headers: probes, redirects, 404s, 405s, 429s and API errors', async () => {
	const limited = await startServer({ API_RATE_LIMIT_PER_MINUTE: '1' })
	try {
		const answers = [
			await fetch(`${limited.url}/healthz`),
			await fetch(`${limited.url}/readyz`),
			await fetch(`${limited.url}/cities`, { redirect: 'manual' }),
			await fetch(`${limited.url}/no-such-page/`),
			await fetch(`${limited.url}/about/`, { method: 'DELETE' }),
			await fetch(`${limited.url}/api/zip-codes?zip=85004`),
			await fetch(`${limited.url}/api/zip-codes?zip=85004`),
			await fetch(`${limited.url}/assets/missing.js`),
		]
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 301, 404, 405, 200, 429, 404])
		for (const answer of answers) {
			expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff')
			expect(answer.headers.get('x-frame-options'), answer.url).toBe('DENY')
			expect(answer.headers.get('referrer-policy'), answer.url).toBe('strict-origin-when-cross-origin')
			expect(answer.headers.get('content-security-policy') ?? '', answer.url).toContain("frame-ancestors 'none'")
		}
	} finally {
		await limited.stop()
	}
})

test('an unknown /api path answers a JSON 404, never the HTML page', async () => {
	for (const path of ['/api/nothing', '/api/products/extra', '/api/', '/api']) {
		const answer = await fetch(`${server.url}${path}`)
		expect(answer.status, path).toBe(404)
		expect(answer.headers.get('content-type'), path).toMatch(/^application\/json/)
		expect(answer.headers.get('cache-control'), path).toBe('no-store')
		expect(await answer.json(), path).toEqual({ error: 'Not found' })
	}
})

test('readiness answers while the database is writable; liveness never asks the partner', async () => {
	const ready = await fetch(`${server.url}/readyz`)
	expect(ready.status).toBe(200)
	expect(await ready.json()).toEqual({ status: 'ready' })
	expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
})

test('liveness answers at once while the partner hangs; readiness fails while the database cannot be written, and recovers', async () => {
	const partner = await startPartnerStandIn()
	const databasePath = join(temporaryFolder('azready-'), 'cache.sqlite')
	// A crawl deadline longer than any wait here: the products request is still hanging when liveness answers, however busy the machine.
	const probed = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: databasePath, CRAWL_DEADLINE_SECONDS: '30', CACHE_LOCK_LEASE_SECONDS: '40' })
	let hanging: Promise<unknown> = Promise.resolve()
	try {
		partner.setMode('hang')
		let hangingAnswered = false
		hanging = fetch(`${probed.url}/api/products?category=birthday-flowers`)
			.catch(() => undefined)
			.finally(() => (hangingAnswered = true))
		await expect.poll(() => partner.hits.length, { timeout: 10_000 }).toBeGreaterThan(0)
		// Liveness answers while the products request still waits on the partner.
		const live = await fetch(`${probed.url}/healthz`)
		expect(live.status).toBe(200)
		expect(hangingAnswered).toBe(false)

		// Another process holds the write lock: nothing can be written.
		const locker = new Database(databasePath)
		locker.exec('BEGIN EXCLUSIVE')
		try {
			const notReady = await fetch(`${probed.url}/readyz`)
			expect(notReady.status).toBe(503)
			expect(await notReady.json()).toEqual({ status: 'database unavailable' })
			expect((await fetch(`${probed.url}/healthz`)).status).toBe(200)
		} finally {
			locker.exec('ROLLBACK')
			locker.close()
		}
		expect((await fetch(`${probed.url}/readyz`)).status).toBe(200)
		expect(hangingAnswered).toBe(false)
	} finally {
		// The hanging request is cut off with the server (after its in-flight grace); then the partner goes.
		await probed.kill()
		await hanging
		await partner.stop()
	}
}, 60_000)
