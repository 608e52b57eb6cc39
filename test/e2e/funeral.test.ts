import { expect, test } from 'vitest'
import { axeViolations } from '#test/support/axe.ts'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }) })
const CRAWLER = { 'user-agent': 'Googlebot/2.1' }

for (const javaScriptEnabled of [true, false]) {
	test(`a sender picks wreaths on the sympathy page and reads the checklist (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async () => {
		await (await fetch(`${site.server.url}/categories/sympathy-funeral/`, { headers: CRAWLER })).text()
		const context = await site.browser.newContext({ javaScriptEnabled })
		const page = await context.newPage()
		await page.goto(`${site.server.url}/categories/sympathy-funeral/`)
		if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')

		const checklist = page.getByRole('region', { name: 'Have these ready' })
		await expect.poll(() => checklist.getByRole('listitem').count()).toBe(5)
		expect(await checklist.textContent()).toContain('200 characters')
		if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])

		const types = page.getByRole('navigation', { name: 'Arrangement types' })
		expect(await types.getByRole('link').allTextContents()).toEqual([
			'All sympathy & funeral flowers',
			'Funeral best sellers',
			'Standing sprays',
			'Wreaths',
			'Casket sprays',
			'Table arrangements',
			'Plants',
			'Baskets',
			'Crosses',
			'Hearts',
		])
		await types.getByRole('link', { name: 'Wreaths' }).click()
		await page.waitForURL(/\?assortment=wreaths$/)
		const codes = () =>
			page
				.locator('#collection a[data-product-card]')
				.evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).searchParams.get('dcode')))
		await expect.poll(async () => (await codes()).every((code) => /^FW\d{2}$/.test(code ?? '')) && (await codes()).length > 0, { timeout: 10_000 }).toBe(true)
		expect(await types.getByRole('link', { name: 'Wreaths' }).getAttribute('aria-current')).toBe('true')
		expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
		if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])

		await types.getByRole('link', { name: 'All sympathy & funeral flowers' }).click()
		await expect.poll(async () => (await codes()).every((code) => /^SY\d{2}$/.test(code ?? '')), { timeout: 10_000 }).toBe(true)
		await context.close()
	}, 60_000)
}

test('on a phone the assortment links wrap inside the screen and the checklist sits above the order buttons', async () => {
	const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
	const page = await context.newPage()
	await page.goto(`${site.server.url}/categories/sympathy-funeral/`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
	const checklistBottom = await page.getByRole('region', { name: 'Have these ready' }).evaluate((element) => element.getBoundingClientRect().bottom)
	const orderTop = await page.getByRole('link', { name: /Order for Delivery/ }).evaluate((element) => element.getBoundingClientRect().top)
	expect(checklistBottom).toBeLessThan(orderTop)
	await page.getByRole('navigation', { name: 'Arrangement types' }).getByRole('link', { name: 'Hearts' }).tap()
	await page.waitForURL(/\?assortment=hearts$/)
	await context.close()
}, 60_000)

test('a city page names the partner’s fee and tax for its ZIP and prices its cards delivered, without axe violations', async () => {
	await (await fetch(`${site.server.url}/cities/prescott/`, { headers: CRAWLER })).text()
	const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } })
	const page = await context.newPage()
	await page.goto(`${site.server.url}/cities/prescott/`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	const box = page.getByRole('complementary', { name: 'Who delivers your order' })
	expect(await box.textContent()).toMatch(
		/Florist One adds a service charge of \$\d+\.\d{2} and tax of \$\d+\.\d{2} to a \$\d+\.\d{2} arrangement \(Florist One’s figures for ZIP \d{5} on /,
	)
	const delivered = page.locator('a[data-product-card]').filter({ hasText: /about \$\d+\.\d{2} delivered to Prescott/ })
	await expect.poll(() => delivered.count()).toBeGreaterThan(10)
	expect(await axeViolations(page)).toEqual([])
	await context.close()
}, 60_000)
