import { expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { waitUntil } from '#scripts/lib/wait.ts'

const site = useSite({ partner: true, settings: (partner) => ({ PARTNER_BASE_URL: partner.url }) })

test.each([
	'/',
	'/cities/',
	'/cities/flagstaff/',
	'/cities/snowflake/',
	'/categories/birthday-flowers/',
	'/categories/spring-tulips/',
	'/about/',
	'/contact/',
	'/privacy-policy/',
	'/terms/',
	'/no-such-page/',
])('%s: no Content-Security-Policy violation, lazy widgets included', async (path) => {
	const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } })
	const page = await context.newPage()
	await page.addInitScript(() => {
		const seen: string[] = []
		Object.assign(window, { __cspViolations: seen })
		document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
	})
	const consoleViolations: string[] = []
	page.on('console', (message) => {
		if (/Content Security Policy|Refused to/i.test(message.text())) consoleViolations.push(message.text())
	})
	await page.goto(`${site.server.url}${path}`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	// Scroll through the page so lazy chunks (date picker, carousel, images) load.
	await page.evaluate(async () => {
		for (let y = 0; y < document.body.scrollHeight; y += 600) {
			window.scrollTo(0, y)
			// A frame at each step, so what comes near the viewport starts loading.
			await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
		}
	})
	// Every chunk, image and style the scroll asked for has arrived.
	await page.waitForLoadState('networkidle')
	const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)
	expect([...violations, ...consoleViolations]).toEqual([])
	await context.close()
})

test.each(['/', '/cities/flagstaff/', '/categories/birthday-flowers/'])(
	'%s from the rendered-page cache, and again after revalidating with its ETag: scripts run, no violation',
	async (path) => {
		const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } })
		const page = await context.newPage()
		const violations: string[] = []
		page.on('console', (message) => {
			if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
		})
		// Warm the server's copy first, outside the browser.
		await waitUntil(
			async () => {
				const response = await fetch(`${site.server.url}${path}`)
				await response.arrayBuffer()
				return response.headers.get('x-page-cache') === 'hit'
			},
			{ timeoutMs: 5_000, what: `${path} to be kept` },
		)
		const first = await page.goto(`${site.server.url}${path}`)
		expect(await first?.headerValue('x-page-cache')).toBe('hit')
		const nonce = /'nonce-([^']+)'/.exec((await first?.headerValue('content-security-policy')) ?? '')?.[1]
		expect(nonce).toBeTruthy()
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		// A reload revalidates with If-None-Match; the server answers 304 and the browser keeps its copy.
		// (Chromium reports the kept copy's 200, so the request's header is what shows the revalidation.)
		const revalidations: Promise<string>[] = []
		page.on('request', (request) => {
			if (request.url() === `${site.server.url}${path}`) revalidations.push(request.allHeaders().then((headers) => headers['if-none-match'] ?? ''))
		})
		await page.reload()
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		expect(await Promise.all(revalidations)).toEqual([await first?.headerValue('etag')])
		expect(violations).toEqual([])
		await context.close()
	},
)
