import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { startPartnerStandIn, type PartnerStandIn } from '../support/partner-stand-in.ts'
import { startServer, type RunningServer } from '../support/server.ts'

let partner: PartnerStandIn
let server: RunningServer
let browser: Browser

beforeAll(async () => {
	partner = await startPartnerStandIn()
	;[server, browser] = await Promise.all([startServer({ PARTNER_BASE_URL: partner.url }), launchBrowser()])
})
afterAll(async () => {
	await browser?.close()
	await server?.stop()
	await partner?.stop()
})

test.each(['/', '/cities/', '/cities/flagstaff/', '/categories/birthday-flowers/', '/about/', '/contact/', '/terms/', '/no-such-page/'])(
	'%s: no Content-Security-Policy violation, lazy widgets included',
	async (path) => {
		const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
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
		await page.goto(`${server.url}${path}`)
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		// Scroll through the page so lazy chunks (date picker, carousel, images) load.
		await page.evaluate(async () => {
			for (let y = 0; y < document.body.scrollHeight; y += 600) {
				window.scrollTo(0, y)
				await new Promise((resolve) => setTimeout(resolve, 60))
			}
		})
		await page.waitForTimeout(300)
		const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)
		expect([...violations, ...consoleViolations]).toEqual([])
		await context.close()
	},
)
