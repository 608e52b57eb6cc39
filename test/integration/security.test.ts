import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer, type RunningServer } from '../support/server.ts'

let server: RunningServer
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
		expect(csp).toContain('*.floristone.com')
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
