import type { Page } from 'playwright-core'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { UNREACHABLE_PARTNER } from '#test/support/server.ts'
import { MUST_MATCH, NAMES_NOTHING } from '#test/support/search-table.ts'

const site = useSite()
let page: Page

beforeEach(async () => {
	page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } })
	// Partner pages are outside this machine: answer them locally so a redirect can be observed.
	await page.route(`${UNREACHABLE_PARTNER}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Partner</title>' }))
})
afterEach(async () => {
	await page.close()
})

async function openHome() {
	await page.goto(`${site.server.url}/`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	return page.getByRole('combobox', { name: 'Your Arizona city' })
}

test("typing 'scot' in the hero search lists Scottsdale with 'Find Florists'", async () => {
	const box = await openHome()
	await box.fill('scot')
	const options = page.getByRole('listbox', { name: 'Your Arizona city suggestions' }).getByRole('option')
	const texts = await options.allTextContents()
	expect(texts).toContain('ScottsdaleFind Florists')
	// Substring match: Prescott and Prescott Valley contain 'scot' too.
	expect(texts.map((option) => option.replace('Find Florists', '')).sort()).toEqual(['Prescott', 'Prescott Valley', 'Scottsdale'])
	expect(await box.getAttribute('aria-expanded')).toBe('true')
})

test('arrow keys and Enter open the chosen city', async () => {
	const box = await openHome()
	await box.fill('sun city')
	await box.press('ArrowDown')
	await box.press('ArrowDown')
	const activeId = await box.getAttribute('aria-activedescendant')
	expect(await page.locator(`[id="${activeId}"]`).textContent()).toContain('Sun City West')
	await box.press('Enter')
	await page.getByRole('heading', { level: 1, name: 'Flower Delivery in Sun City West, AZ' }).waitFor()
	expect(page.url()).toBe(`${site.server.url}/cities/sun-city-west/`)
})

test("'mesa' and Enter open /cities/mesa/; Escape closes the list", async () => {
	const box = await openHome()
	await box.fill('mesa')
	await box.press('Escape')
	expect(await box.getAttribute('aria-expanded')).toBe('false')
	await box.press('Enter')
	await page.getByRole('heading', { level: 1, name: 'Flower Delivery in Mesa, AZ' }).waitFor()
	expect(page.url()).toBe(`${site.server.url}/cities/mesa/`)
})

test("'zzzz' in the hero search shows the no-match texts and link", async () => {
	const box = await openHome()
	await box.fill('zzzz')
	// The list says so once the server has said the text names no Arizona place either.
	await page.getByText('No matches for "zzzz"').waitFor()
	expect(await page.getByText('No matches for "zzzz"').isVisible()).toBe(true)
	expect(await page.getByText('Try searching by city name or ZIP code').isVisible()).toBe(true)
	const link = page.getByRole('link', { name: 'Browse Arizona Flower Delivery Options' })
	expect(await link.getAttribute('href')).toContain('source_id=aff')
	await page.getByRole('button', { name: 'Find Florists' }).click()
	await page.waitForURL(/127\.0\.0\.1:65500\/index\.cfm\?source_id=aff&AffiliateID=/)
})

test('the header search has its own texts and goes to the first match', async () => {
	await openHome()
	const box = page.getByRole('combobox', { name: 'Search by city' })
	await box.fill('zzzz')
	await page.getByText('No cities found for "zzzz"').waitFor()
	expect(await page.getByText('No cities found for "zzzz"').isVisible()).toBe(true)
	expect(await page.getByText('Try searching for any Arizona city name').isVisible()).toBe(true)
	expect(await page.getByRole('link', { name: 'Flower Delivery for anywhere in Arizona' }).isVisible()).toBe(true)
	await box.fill('  FLAG ')
	expect(await page.getByRole('listbox', { name: 'Search by city suggestions' }).getByRole('option').allTextContents()).toEqual(['Flagstaff'])
	await page.mouse.click(5, 600)
	expect(await box.getAttribute('aria-expanded')).toBe('false')
	await box.focus()
	await box.press('Enter')
	await page.getByRole('heading', { level: 1, name: 'Flower Delivery in Flagstaff, AZ' }).waitFor()
})

test('without JavaScript the search form still lands on the right city page', async () => {
	const context = await site.browser.newContext({ javaScriptEnabled: false })
	const noJs = await context.newPage()
	await noJs.goto(`${site.server.url}/`)
	await noJs.getByRole('combobox', { name: 'Your Arizona city' }).fill('tucson')
	await noJs.getByRole('button', { name: 'Find Florists' }).click()
	await noJs.waitForURL(`${site.server.url}/cities/tucson/`)
	expect(await noJs.getByRole('heading', { level: 1 }).textContent()).toBe('Flower Delivery in Tucson, AZ')
	// A misspelling, and text naming no city: the form's redirect to the partner is allowed by the page's policy.
	await noJs.goto(`${site.server.url}/`)
	await noJs.getByRole('combobox', { name: 'Your Arizona city' }).fill('scotsdale az')
	await noJs.getByRole('button', { name: 'Find Florists' }).click()
	await noJs.waitForURL(`${site.server.url}/cities/scottsdale/`)
	await noJs.route(`${UNREACHABLE_PARTNER}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Partner</title>' }))
	await noJs.goto(`${site.server.url}/`)
	await noJs.getByRole('combobox', { name: 'Your Arizona city' }).fill('new york')
	await noJs.getByRole('button', { name: 'Find Florists' }).click()
	await noJs.waitForURL(/127\.0\.0\.1:65500\/index\.cfm\?source_id=aff&AffiliateID=/)
	await context.close()
})

const BOXES = [
	['home hero box', 'Your Arizona city'],
	['header box', 'Search by city'],
] as const

for (const [box, label] of BOXES) {
	test(`the ${box}: every way of typing a city in the table opens its page with Enter`, async () => {
		for (const [text, slug] of MUST_MATCH) {
			await openHome()
			const combobox = page.getByRole('combobox', { name: label })
			await combobox.fill(text)
			await combobox.press('Enter')
			await page.waitForURL(`${site.server.url}/cities/${slug}/`)
		}
	}, 240_000)

	test(`the ${box}: text that names nothing the site knows goes to the partner's Arizona page`, async () => {
		for (const text of NAMES_NOTHING) {
			await openHome()
			const combobox = page.getByRole('combobox', { name: label })
			await combobox.fill(text)
			await combobox.press('Enter')
			await page.waitForURL(/127\.0\.0\.1:65500\/index\.cfm\?source_id=aff&AffiliateID=/)
		}
	}, 240_000)
}

test('a misspelled name is suggested as the visitor types, and the list says it plainly', async () => {
	const box = await openHome()
	await box.fill('pheonix')
	const options = page.getByRole('listbox', { name: 'Your Arizona city suggestions' }).getByRole('option')
	await expect.poll(() => options.allTextContents()).toEqual(['PhoenixFind Florists'])
	await box.fill('Sedona, AZ 86336')
	await expect.poll(() => options.allTextContents()).toEqual(['SedonaFind Florists'])
})

test('a place without a page is suggested as Enter finds it: St. Johns and Fort Mohave in the header box open their nearest town, speaking for the place', async () => {
	await page.goto(`${site.server.url}/cities/phoenix/`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	const box = page.getByRole('combobox', { name: 'Search by city' })
	for (const [typed, town, heading] of [
		['St. Johns', 'eagar', 'Flower Delivery to Saint Johns, AZ'],
		['Fort Mohave', 'bullhead-city', 'Flower Delivery to Fort Mohave, AZ'],
	] as const) {
		await box.fill(typed)
		const option = page.getByRole('listbox', { name: 'Search by city suggestions' }).getByRole('option').first()
		await option.waitFor()
		expect(await option.textContent()).toMatch(/mi from /)
		expect(await page.getByText(/No cities found/).count()).toBe(0)
		await box.press('Enter')
		await page.getByRole('heading', { level: 1, name: heading }).waitFor()
		expect(new URL(page.url()).pathname).toBe(`/cities/${town}/`)
		expect(new URL(page.url()).searchParams.get('near')).toMatch(/^(st-johns|fort-mohave)$/)
		await page.goto(`${site.server.url}/cities/phoenix/`)
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	}
})

test('the list offers what Enter opens for a sender’s words, in English and Spanish, and Enter opens it', async () => {
	for (const [start, label, typed, option, landing] of [
		['/', 'Your Arizona city', 'hospital flowers tucson', /^Tucsonhospitals/, '/cities/tucson/#hospitals'],
		['/', 'Your Arizona city', 'mom', /^Mother.s Day Flowersoccasion/, '/categories/mothers-day/'],
		['/', 'Your Arizona city', 'sunflowers', /^Arrangements with sunflowers/, '/search/?q=sunflowers'],
		['/es/', 'Su ciudad de Arizona', 'cumple', /cumpleaños.*ocasión/i, '/es/ocasiones/flores-de-cumpleanos/'],
		['/es/', 'Su ciudad de Arizona', 'quinceañera', /^Flores para quinceañeraocasión/, '/es/buscar/?q=quincea%C3%B1era'],
		['/es/', 'Su ciudad de Arizona', 'agua prieta', /^Flores para Agua PrietaDouglas/, '/es/buscar/?q=agua%20prieta'],
	] as const) {
		await page.goto(`${site.server.url}${start}`)
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		const box = page.getByRole('combobox', { name: label })
		await box.fill(typed)
		const list = start === '/' ? `${label} suggestions` : `Sugerencias: ${label}`
		const first = page.getByRole('listbox', { name: list }).getByRole('option').first()
		await expect.poll(() => first.textContent().catch(() => ''), { timeout: 10_000 }).toMatch(option)
		await box.press('Enter')
		await page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === landing)
		await page.getByRole('heading', { level: 1 }).waitFor()
	}
})
