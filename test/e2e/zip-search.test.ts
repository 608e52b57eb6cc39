import { expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'

const site = useSite()

for (const javaScriptEnabled of [true, false]) {
	const how = javaScriptEnabled ? 'in the suggestion box' : 'through the plain form, without JavaScript'
	test(`ZIP codes ${how}: a listed one opens its city, another Arizona one the nearest city with a note, 10001 is outside Arizona`, async () => {
		const context = await site.browser.newContext({ javaScriptEnabled })
		const page = await context.newPage()
		const box = page.getByRole('combobox', { name: 'Your Arizona city' })
		const open = async () => {
			await page.goto(`${site.server.url}/`)
			if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		}

		await open()
		await box.fill('85251')
		if (javaScriptEnabled) await expect.poll(() => page.getByRole('option', { name: /Scottsdale/ }).count()).toBe(1)
		await box.press('Enter')
		await page.waitForURL(`${site.server.url}/cities/scottsdale/`)
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Flower Delivery in Scottsdale, AZ')

		await open()
		await box.fill('85638')
		if (javaScriptEnabled) await expect.poll(() => page.getByRole('option').count()).toBe(1)
		await box.press('Enter')
		await page.waitForURL(/\/cities\/[a-z-]+\/\?zip=85638$/)
		expect(await page.getByRole('status').filter({ hasText: 'ZIP 85638' }).textContent()).toMatch(
			/^ZIP 85638 \(Tombstone\) is served from .+, the nearest city we list\.$/,
		)

		await open()
		await box.fill('10001')
		if (javaScriptEnabled) await expect.poll(() => page.getByText('ZIP 10001 is outside Arizona').count()).toBe(1)
		await box.press('Enter')
		await page.waitForURL(`${site.server.url}/search/?q=10001`)
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('ZIP 10001 is outside Arizona')
		expect(await page.getByRole('link', { name: /Order on Florist One/ }).getAttribute('href')).toMatch(/AffiliateID=/)
		await context.close()
	}, 60_000)
}
