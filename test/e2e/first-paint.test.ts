import { expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }) })

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

test.each(['/', '/cities/phoenix/', '/categories/birthday-flowers/', '/no-such-page/'])(
	'%s on a phone: no script is asked for before the first contentful paint, and the page then hydrates',
	async (path) => {
		const context = await site.browser.newContext(PHONE)
		const page = await context.newPage()
		const errors: string[] = []
		page.on('pageerror', (error) => errors.push(error.message))
		page.on('console', (message) => {
			// The not-found page's own 404 is reported too; it is what that page is.
			if (message.type() === 'error' && message.location().url !== `${site.server.url}${path}`) errors.push(message.text())
		})
		await page.goto(`${site.server.url}${path}`)
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		const timing = await page.evaluate(() => ({
			firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
			scripts: performance
				.getEntriesByType('resource')
				.filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
				.map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
			preloads: [...document.querySelectorAll('link[rel="modulepreload"]')].length,
		}))
		expect(timing.firstPaint).toBeGreaterThan(0)
		// React, the router, the shared components and the page's own chunk.
		expect(timing.scripts.length).toBeGreaterThanOrEqual(4)
		for (const script of timing.scripts) expect(script.start, script.path).toBeGreaterThan(timing.firstPaint)
		// Added by the page once it painted, so the chunks still download side by side.
		expect(timing.preloads).toBeGreaterThanOrEqual(4)
		expect(errors).toEqual([])
		await context.close()
	},
)

test('a browser that cannot report its paint still hydrates, and a tap then works as a script would have it', async () => {
	const context = await site.browser.newContext(PHONE)
	const page = await context.newPage()
	await page.addInitScript(() => {
		Object.defineProperty(window, 'PerformanceObserver', { value: undefined })
	})
	await page.goto(`${site.server.url}/`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	// A client-side navigation: the same document, now on a city page.
	await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
	await page.locator('main a[href="/cities/phoenix/"]').first().tap()
	await page.waitForURL(`${site.server.url}/cities/phoenix/`)
	await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Phoenix/)
	expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
	await context.close()
})
