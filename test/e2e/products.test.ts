import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { axeViolations } from '#test/support/axe.ts'
import { useSite } from '#test/support/e2e.ts'
import { startPartnerStandIn } from '#mock-servers/partner.ts'
import { startServer, TEST_AFFILIATE_ID } from '#test/support/server.ts'

const site = useSite({ partner: true, settings: (partner) => ({ PARTNER_BASE_URL: partner.url }) })
let context: BrowserContext
let page: Page

beforeEach(async () => {
	site.partner.setMode('ok')
	// Headless Chromium calls itself HeadlessChrome, which the server (rightly) treats as a crawler
	// and answers only when everything is ready; a visitor's user agent gets the streamed page.
	context = await site.browser.newContext({
		viewport: { width: 1280, height: 900 },
		userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
	})
	page = await context.newPage()
	// Product images live on the partner's image host: answer them locally with a 1×1 PNG.
	await page.route('https://cdn.floristone.com/**', (route) =>
		route.fulfill({
			status: 200,
			contentType: 'image/png',
			body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
		}),
	)
})
afterEach(async () => {
	await context.close()
})

test('a category page shows product cards from the partner, each linking to it with the affiliate parameters', async () => {
	await page.goto(`${site.server.url}/categories/birthday-flowers/`)
	const cards = page.locator('#collection [data-state="loaded"] li a')
	await cards.first().waitFor()
	expect(await cards.count()).toBe(4)
	for (const href of await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
		const url = new URL(href)
		expect(url.origin).toBe(site.partner.url)
		expect(url.searchParams.get('source_id')).toBe('aff')
		expect(url.searchParams.get('AffiliateID')).toBe(TEST_AFFILIATE_ID)
	}
	expect(await cards.first().getAttribute('target')).toBe('_blank')
	expect(await page.locator('#collection img').first().getAttribute('loading')).toBe('lazy')
})

test('a cold, slow partner: skeletons first, then the products stream in', async () => {
	// The partner holds its answer until the skeleton has been seen, whatever the machine's speed.
	site.partner.setMode('gated')
	await page.goto(`${site.server.url}/categories/get-well-soon/`, { waitUntil: 'commit' })
	await page.waitForFunction(() => document.getElementById('see-all-title'))
	expect(await page.locator('#collection [data-state="loading"] li').count()).toBe(6)
	// The loading state is announced once, and its placeholders are hidden from assistive technology.
	expect(await page.locator('#collection [data-state="loading"]').getAttribute('role')).toBe('status')
	expect(await page.getByRole('status').filter({ hasText: 'Loading arrangements…' }).count()).toBe(1)
	expect(await axeViolations(page, '#collection')).toEqual([])
	site.partner.release()
	await page.locator('#collection [data-state="loaded"]').waitFor({ timeout: 15_000 })
	expect(await page.locator('#collection [data-state="loaded"] li').count()).toBe(4)
})

test('the partner down: the fallback message, its partner link, and one notice', async () => {
	site.partner.setMode('down')
	await page.goto(`${site.server.url}/categories/sympathy-funeral/`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	await page.locator('#collection [data-state="fallback"]').waitFor()
	expect(await page.getByText('We couldn’t load products right now.').isVisible()).toBe(true)
	expect(await page.getByRole('link', { name: /Browse on FloristOne/ }).getAttribute('href')).toContain('/main.cfm?cat=sy&source_id=aff')
	await page.getByText('Could not fetch products').waitFor()
	expect(await page.getByRole('button', { name: 'Dismiss notice' }).count()).toBe(1)
	await page.getByRole('button', { name: 'Dismiss notice' }).click()
	expect(await page.getByText('Could not fetch products').count()).toBe(0)
})

test('the home slider renders slides from loader data and becomes a carousel near the viewport', async () => {
	await page.goto(`${site.server.url}/`)
	// The loaded slider's heading replaces the streamed skeleton; scroll to it once it is there.
	const heading = page.getByRole('heading', { name: 'Featured Arrangements' })
	await heading.waitFor()
	await heading.scrollIntoViewIfNeeded()
	await page.locator('[data-carousel="ready"]').waitFor()
	const slides = page.locator('[data-carousel="ready"] .swiper-slide a')
	expect(await slides.count()).toBeGreaterThan(0)
	const href = (await slides.first().getAttribute('href')) ?? ''
	expect(href).toContain(`AffiliateID=${TEST_AFFILIATE_ID}`)
})

test('a cold, slow partner on the home page: eight slider placeholders in one status region, then the slides', async () => {
	// A server of its own, so no earlier test has filled the slider's cache.
	const slowPartner = await startPartnerStandIn()
	slowPartner.setMode('gated')
	const coldServer = await startServer({ PARTNER_BASE_URL: slowPartner.url })
	try {
		await page.goto(`${coldServer.url}/`, { waitUntil: 'commit' })
		const placeholder = page.locator('section[aria-label="Featured Arrangements"] [data-state="loading"]')
		await placeholder.waitFor()
		expect(await placeholder.locator('li').count()).toBe(8)
		expect(await placeholder.getAttribute('role')).toBe('status')
		expect(await placeholder.textContent()).toBe('Loading arrangements…')
		expect(await axeViolations(page, 'section[aria-label="Featured Arrangements"]')).toEqual([])
		slowPartner.release()
		await page.getByRole('heading', { name: 'Featured Arrangements' }).waitFor({ timeout: 15_000 })
		expect(await page.locator('[data-state="loading"]').count()).toBe(0)
	} finally {
		await coldServer.stop()
		await slowPartner.stop()
	}
})
