import type { Page } from 'playwright-core'
import { beforeEach, afterEach, expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'

const site = useSite()
let page: Page
let pageErrors: string[] = []

beforeEach(async () => {
	page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } })
	pageErrors = []
	page.on('pageerror', (error) => pageErrors.push(error.message))
	page.on('console', (message) => {
		if (message.type() === 'error') pageErrors.push(message.text())
	})
})
afterEach(async () => {
	await page.close()
	expect(pageErrors).toEqual([])
})

test('home shows nine category cards and six featured cities', async () => {
	await page.goto(`${site.server.url}/`)
	await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Send fresh flowers anywhere in Arizona')
	const categories = page.locator('#categories li')
	expect(await categories.count()).toBe(9)
	expect(await page.locator('#categories').getByText('Popular', { exact: true }).count()).toBe(3)
	const cityCards = page.getByRole('region', { name: 'Featured Arizona cities' }).getByRole('heading', { level: 3 })
	expect(await cityCards.allTextContents()).toEqual(['Phoenix', 'Tucson', 'Mesa', 'Chandler', 'Scottsdale', 'Glendale'])
	expect(await page.getByRole('heading', { name: 'Frequently asked questions' }).isVisible()).toBe(true)
})

test('clicking a featured city opens its page with its hero', async () => {
	await page.goto(`${site.server.url}/`)
	await page.getByRole('region', { name: 'Featured Arizona cities' }).getByRole('link', { name: 'Scottsdale' }).click()
	await page.getByRole('heading', { level: 1, name: 'Flower Delivery in Scottsdale, AZ' }).waitFor()
	expect(page.url()).toBe(`${site.server.url}/cities/scottsdale/`)
	expect(await page.getByRole('link', { name: /Order Flowers in Scottsdale/ }).getAttribute('href')).toContain('AffiliateID=')
	expect(await page.title()).toMatch(/Scottsdale/)
})

test('an unknown city shows the not-found page', async () => {
	const response = await page.goto(`${site.server.url}/cities/atlantis/`)
	expect(response?.status()).toBe(404)
	expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Oops! Page not found')
	await page.getByRole('link', { name: 'Go back home' }).click()
	await page.getByRole('heading', { level: 1, name: /Send fresh flowers/ }).waitFor()
	// The browser reports the page's own 404 status as a console error; nothing else may appear.
	pageErrors = pageErrors.filter((message) => !message.includes('status of 404'))
})

test('a city page on a phone: hero visible below the fixed header, service area links work', async () => {
	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto(`${site.server.url}/cities/tempe/`)
	const heading = page.getByRole('heading', { level: 1 })
	const box = await heading.boundingBox()
	const header = await page.locator('header').boundingBox()
	expect(box && header && box.y >= header.y + header.height).toBe(true)
	await page.getByRole('link', { name: 'Mesa Flower Delivery' }).click()
	await page.getByRole('heading', { level: 1, name: 'Flower Delivery in Mesa, AZ' }).waitFor()
	expect(page.url()).toBe(`${site.server.url}/cities/mesa/`)
})

test('a #categories link from another page lands on the categories section', async () => {
	await page.goto(`${site.server.url}/about/`)
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click()
	await page.waitForURL(`${site.server.url}/#categories`)
	await page.waitForFunction(() => {
		const section = document.getElementById('categories')
		return section !== null && Math.abs(section.getBoundingClientRect().top) < 200
	})
	expect(await page.getByRole('heading', { name: 'Flowers for every occasion' }).isVisible()).toBe(true)
})
