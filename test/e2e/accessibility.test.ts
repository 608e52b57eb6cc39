import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { axeViolations } from '#test/support/axe.ts'
import { useSite } from '#test/support/e2e.ts'

const site = useSite()
let context: BrowserContext
let page: Page

beforeEach(async () => {
	context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } })
	page = await context.newPage()
})
afterEach(async () => {
	await context.close()
})

const violations = () => axeViolations(page)

async function open(path: string) {
	await page.goto(`${site.server.url}${path}`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

test.each([
	'/',
	'/cities/',
	'/cities/phoenix/',
	'/cities/sierra-vista/',
	'/cities/tuba-city/',
	'/categories/birthday-flowers/',
	'/categories/valentines-day/',
	'/about/',
	'/contact/',
	'/terms/',
	'/no-such-page/',
	// The search's own answers: arrangements with a flower, an occasion served by the nearest list, a border town.
	'/search/?q=sunflowers',
	'/es/buscar/?q=quincea%C3%B1era',
	'/es/buscar/?q=agua%20prieta',
])('%s has no axe violations', async (path) => {
	await open(path)
	expect(await violations()).toEqual([])
})

test('no violations with the hero suggestion list open, and with no matches', async () => {
	await open('/')
	await page.getByRole('combobox', { name: 'Your Arizona city' }).fill('san')
	await page.getByRole('option').first().waitFor()
	expect(await violations()).toEqual([])
	await page.getByRole('combobox', { name: 'Your Arizona city' }).fill('zzzz')
	expect(await violations()).toEqual([])
})

test('no violations with the date picker open and a result shown', async () => {
	await open('/cities/mesa/')
	const dateInput = page.getByLabel('Delivery date', { exact: true })
	await dateInput.scrollIntoViewIfNeeded()
	await page.locator('#delivery-checker input[aria-haspopup="dialog"]').waitFor()
	await dateInput.click()
	await page.getByRole('dialog', { name: 'Choose a delivery date' }).waitFor()
	expect(await violations()).toEqual([])
	await page.locator('#delivery-checker [data-date]:not([aria-disabled="true"])').last().click()
	await page.getByLabel('Delivery time').selectOption({ label: 'By 5:00 PM' })
	await page.locator('[data-deliverable]').waitFor()
	expect(await violations()).toEqual([])
})

test('no violations on the ZIP search’s answers: a suggestion for a ZIP, the note on the nearest city, the page for a ZIP outside Arizona', async () => {
	await open('/')
	await page.getByRole('combobox', { name: 'Your Arizona city' }).fill('85251')
	await page.getByRole('option', { name: /Scottsdale/ }).waitFor()
	expect(await violations()).toEqual([])
	await open('/search/?q=85638')
	await page.getByRole('status').filter({ hasText: 'ZIP 85638' }).waitFor()
	expect(await violations()).toEqual([])
	await open('/search/?q=10001')
	expect(await violations()).toEqual([])
})
