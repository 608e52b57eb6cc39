import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

// A phone's own user agent: the server streams to visitors and waits for everything only for crawlers.
const PHONE = {
	viewport: { width: 390, height: 844 },
	deviceScaleFactor: 3,
	isMobile: true,
	hasTouch: true,
	userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
}

const PAGES = [
	'/',
	'/cities/',
	'/cities/phoenix/',
	'/cities/tuba-city/',
	'/categories/birthday-flowers/',
	'/categories/no-such-occasion/',
	'/about/',
	'/contact/',
	'/privacy-policy/',
	'/terms/',
	'/no-such-page/',
]

const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }) })

beforeAll(async () => {
	// Warm every product source, so every slider and grid has products when the phone arrives.
	for (const path of PAGES) await (await fetch(`${site.server.url}${path}`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text()
})

/** The page's width against the phone's, and where the header's Order Now button sits. */
async function measure(page: Page) {
	return page.evaluate(() => {
		const order = [...document.querySelectorAll('header a')].find((link) => link.textContent?.includes('Order Now'))
		const box = order?.getBoundingClientRect()
		return {
			scrollWidth: document.documentElement.scrollWidth,
			innerWidth: window.innerWidth,
			orderNow: box ? { left: box.left, right: box.right } : null,
		}
	})
}

function expectFits(path: string, measured: Awaited<ReturnType<typeof measure>>) {
	expect(measured.innerWidth, path).toBe(390)
	expect(measured.scrollWidth, path).toBe(390)
	expect(measured.orderNow, path).not.toBeNull()
	expect(measured.orderNow?.left, path).toBeGreaterThanOrEqual(0)
	expect(measured.orderNow?.right, path).toBeLessThanOrEqual(390)
}

describe('no page is wider than the phone', () => {
	test('before the scripts run: every page type, with products in every slider and grid', async () => {
		const context = await site.browser.newContext({ ...PHONE, javaScriptEnabled: false })
		const page = await context.newPage()
		for (const path of PAGES) {
			await page.goto(`${site.server.url}${path}`)
			if (path === '/' || path.startsWith('/cities/phoenix') || path.startsWith('/categories/birthday')) {
				expect(await page.locator('main a[href*="detail.cfm"]').count(), path).toBeGreaterThan(4)
			}
			expectFits(path, await measure(page))
		}
		await context.close()
	}, 120_000)

	test('after hydration, with the carousels loaded and scrolled through', async () => {
		const context = await site.browser.newContext(PHONE)
		const page = await context.newPage()
		for (const path of PAGES) {
			await page.goto(`${site.server.url}${path}`)
			await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
			const sliders = page.locator('section:has([data-state="loaded"]) h2')
			for (let index = 0; index < (await sliders.count()); index += 1) await sliders.nth(index).scrollIntoViewIfNeeded()
			if (path === '/' || path.startsWith('/cities/phoenix')) await page.locator('[data-carousel="ready"]').first().waitFor()
			await page.evaluate(() => window.scrollTo(0, 0))
			expectFits(path, await measure(page))
		}
		await context.close()
	}, 120_000)
})

test('the grid’s photos load from our own origin, resized for the phone', async () => {
	const context = await site.browser.newContext(PHONE)
	const page = await context.newPage()
	const photoRequests: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'image') photoRequests.push(request.url())
	})
	await page.goto(`${site.server.url}/categories/birthday-flowers/`)
	const first = page.locator('#collection img').first()
	await first.scrollIntoViewIfNeeded()
	await page.waitForFunction(() => {
		const image = document.querySelector<HTMLImageElement>('#collection img')
		return image?.complete && image.naturalWidth > 0
	})
	const loaded = await page
		.locator('#collection img')
		.evaluateAll((images) =>
			(images as HTMLImageElement[])
				.filter((image) => image.complete && image.naturalWidth > 0)
				.map((image) => ({ src: image.currentSrc, width: image.naturalWidth })),
		)
	expect(loaded.length).toBeGreaterThan(0)
	for (const image of loaded) {
		expect(image.src.startsWith(`${site.server.url}/photos/`)).toBe(true)
		// 390 css px at 3x wants about 1170 px: the largest width we make, no more than the original's 500.
		expect(image.width).toBeLessThanOrEqual(640)
	}
	expect(photoRequests.length).toBeGreaterThan(0)
	expect(photoRequests.every((url) => url.startsWith(site.server.url))).toBe(true)
	await context.close()
}, 60_000)

test('a phone fetches the photos it comes near, not every card of the page at once', async () => {
	const context = await site.browser.newContext(PHONE)
	const page = await context.newPage()
	const photos = new Set<string>()
	page.on('request', (request) => {
		if (request.url().includes('/photos/')) photos.add(request.url())
	})
	await page.goto(`${site.server.url}/cities/phoenix/`, { waitUntil: 'load' })
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	const cards = await page.locator('main a[href*="detail.cfm"] img').count()
	expect(cards).toBeGreaterThan(12)
	// The hero fills the first screen: the rows below wait until the visitor scrolls.
	expect(photos.size).toBeLessThanOrEqual(2)

	const slider = page.locator('section:has([data-state="loaded"])').first()
	await slider.scrollIntoViewIfNeeded()
	await page.waitForFunction(() => {
		const image = document.querySelector<HTMLImageElement>('section [data-state="loaded"] img')
		return image?.complete && image.naturalWidth > 0
	})
	expect(photos.size).toBeGreaterThan(0)
	expect(photos.size).toBeLessThan(cards)
	await context.close()
}, 60_000)
