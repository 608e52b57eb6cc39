import { expect, test } from 'vitest'
import { axeViolations } from '#test/support/axe.ts'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }) })

for (const javaScriptEnabled of [true, false]) {
	test(`a visitor sorts by price and picks a band on a category grid (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async () => {
		// Products in the cache first, as a returning visitor finds them.
		await (await fetch(`${site.server.url}/categories/birthday-flowers/`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text()
		const context = await site.browser.newContext({ javaScriptEnabled })
		const page = await context.newPage()
		await page.goto(`${site.server.url}/categories/birthday-flowers/`)
		if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		const prices = () => page.locator('#collection li.offscreen-card p.mt-1.text-stone-700').allTextContents()
		const dollars = async () => (await prices()).map((price) => Number(price.replace(/[^\d.]/g, '')))

		await page.getByRole('link', { name: 'Price: high to low' }).click()
		await page.waitForURL(/\?sort=price-desc$/)
		await expect.poll(async () => (await dollars())[0], { timeout: 10_000 }).toBe(Math.max(...(await dollars())))
		const descending = await dollars()
		expect(descending).toEqual([...descending].sort((a, b) => b - a))
		expect(await page.getByRole('link', { name: 'Price: high to low' }).getAttribute('aria-current')).toBe('true')

		await page.getByRole('link', { name: '$60–$80' }).click()
		await page.waitForURL(/\?sort=price-desc&band=60-80$/)
		await expect.poll(async () => (await dollars()).every((price) => price >= 60 && price <= 80), { timeout: 10_000 }).toBe(true)
		const inBand = await dollars()
		expect(inBand.length).toBeGreaterThan(0)
		expect(await page.getByRole('status').filter({ hasText: 'of 24 arrangements' }).textContent()).toBe(
			`${inBand.length} of 24 arrangements: $60–$80, price high to low`,
		)
		expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
		if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])

		await page.getByRole('link', { name: 'Clear' }).click()
		await expect.poll(async () => (await dollars()).length, { timeout: 10_000 }).toBe(24)
		await context.close()
	}, 60_000)
}
