import type { Page } from 'playwright-core'
import { beforeEach, expect, test } from 'vitest'
import { hydrated, PHONE, usePage, useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }) })
const phone = usePage(site, { ...PHONE, warnings: true })
let page: Page
beforeEach(() => {
	page = phone.page
})

/** Text sections and lists of product cards, by page: hydration must leave each as the server sent it. */
const SECTIONS: Record<string, string[]> = {
	'/': ['#categories', 'section[aria-labelledby="cities-title"]', 'section[aria-labelledby="faq-title"]', 'footer', 'ul[aria-label="Featured Arrangements"]'],
	'/cities/phoenix/': [
		'section[aria-labelledby="zip-title"]',
		'#why-choose',
		'section[aria-labelledby="services-title"]',
		'section[aria-labelledby="area-title"]',
		'ul[aria-label="Bestselling Arrangements in Phoenix"]',
	],
	'/categories/sympathy-funeral/': ['section[aria-labelledby="guidance-title"]', 'section[aria-labelledby="see-all-title"]', '[data-state="loaded"] > ul'],
}

test.each(Object.entries(SECTIONS))('%s: the text sections read the same before the scripts and after hydration', async (path, selectors) => {
	const withoutScripts = await site.browser.newPage({ ...PHONE, javaScriptEnabled: false })
	await withoutScripts.goto(`${site.server.url}${path}`)
	const served = await Promise.all(selectors.map((selector) => withoutScripts.locator(selector).innerHTML()))
	await withoutScripts.close()
	await page.goto(`${site.server.url}${path}`)
	await hydrated(page)
	const after = await Promise.all(selectors.map((selector) => page.locator(selector).innerHTML()))
	for (const [index, html] of served.entries()) {
		expect(html.length, selectors[index]).toBeGreaterThan(200)
		expect(after[index], selectors[index]).toBe(html)
	}
})

test('a link in a text section navigates within the page, and the next page shows its own text', async () => {
	await page.goto(`${site.server.url}/`)
	await hydrated(page)
	await page.evaluate(() => Object.assign(window, { sameDocument: true }))
	await page.getByRole('region', { name: 'Featured Arizona cities' }).getByRole('link', { name: 'Tucson' }).tap()
	await page.getByRole('heading', { level: 1, name: 'Flower Delivery in Tucson, AZ' }).waitFor()
	expect(page.url()).toBe(`${site.server.url}/cities/tucson/`)
	// No new document: React Router rendered the page.
	expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
	expect(await page.locator('#faq-title').textContent()).toBe('Tucson flower delivery questions')
	expect(await page.locator('footer').getByRole('link', { name: 'Phoenix' }).count()).toBe(1)
})

test('from a city to a nearby one: every section shows the new city, and back shows the first', async () => {
	await page.goto(`${site.server.url}/cities/phoenix/`)
	await hydrated(page)
	await page.evaluate(() => Object.assign(window, { sameDocument: true }))
	await page.locator('section[aria-labelledby="area-title"]').getByRole('link').first().tap()
	await page.waitForURL((url) => url.pathname !== '/cities/phoenix/')
	await page.getByRole('heading', { level: 1, name: /^Flower Delivery in (?!Phoenix)/ }).waitFor()
	const name = (await page.getByRole('heading', { level: 1 }).textContent())?.replace(/^Flower Delivery in (.+), AZ$/, '$1')
	expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
	expect(await page.locator('#faq-title').textContent()).toBe(`${name} flower delivery questions`)
	expect(await page.locator('#why-choose-title').textContent()).toBe(`Why Choose Our ${name} Flower Delivery`)
	expect(await page.locator('#services-title').textContent()).toBe(`Flower services in ${name}`)
	expect(await page.locator('#area-title').textContent()).not.toContain('Phoenix')
	// The cards shown on Phoenix now price delivery to the new city (in the carousel or the plain row).
	const cards = page.locator('section[aria-labelledby="slider-bestsellers"] [data-product-card]')
	const delivered = (city: string) => cards.filter({ hasText: `delivered to ${city}` }).first()
	await delivered(name ?? '').waitFor()
	expect(await cards.count()).toBe(20)
	expect(await cards.filter({ hasText: 'delivered to Phoenix' }).count()).toBe(0)
	await page.goBack()
	await page.getByRole('heading', { level: 1, name: 'Flower Delivery in Phoenix, AZ' }).waitFor()
	expect(await page.locator('#faq-title').textContent()).toBe('Phoenix flower delivery questions')
	expect(await page.locator('#why-choose-title').textContent()).toBe('Why Choose Our Phoenix Flower Delivery')
	await delivered('Phoenix').waitFor()
	expect(await cards.filter({ hasText: `delivered to ${name}` }).count()).toBe(0)
	expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
})

test('questions in a text section open and close', async () => {
	await page.goto(`${site.server.url}/`)
	await hydrated(page)
	const question = page.locator('section[aria-labelledby="faq-title"] details').first()
	expect(await question.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false)
	await question.locator('summary').tap()
	expect(await question.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true)
})
