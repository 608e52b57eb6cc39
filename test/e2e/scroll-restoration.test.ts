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

const scrollY = () => page.evaluate(() => Math.round(window.scrollY))

test('a reloaded page comes back where its visitor was, before and after hydration', async () => {
	await page.goto(`${site.server.url}/cities/phoenix/`)
	await hydrated(page)
	await page.evaluate(() => window.scrollTo(0, 1800))
	await page.waitForFunction(() => Math.round(window.scrollY) === 1800)
	const key = await page.evaluate(() => (window.history.state as { key: string }).key)
	// The page's scripts are held back until the served page has been looked at.
	let release = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route('**/assets/*.js', async (route) => {
		await held
		await route.continue()
	})
	await page.reload({ waitUntil: 'domcontentloaded' })
	// The inline script at the end of the body scrolled back, with no script of the page loaded.
	await page.waitForFunction(() => Math.round(window.scrollY) === 1800)
	expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
	release()
	await hydrated(page)
	expect(await scrollY()).toBe(1800)
	expect(await page.evaluate(() => (window.history.state as { key: string }).key)).toBe(key)
})

test('within the page: a new page starts at the top, and going back returns to the place left', async () => {
	await page.goto(`${site.server.url}/cities/phoenix/`)
	await hydrated(page)
	const nearby = page.locator('section[aria-labelledby="area-title"]').getByRole('link').first()
	// Down the page as a finger would, every section drawn on the way, to the nearby towns.
	while (!(await nearby.boundingBox().then((box) => box && box.y > 0 && box.y < 600))) {
		const before = await scrollY()
		await page.mouse.wheel(0, 600)
		// The wheel has moved the page before the next look.
		await page.waitForFunction((y) => Math.round(window.scrollY) > y, before)
	}
	const left = await scrollY()
	const where = (await nearby.boundingBox())?.y
	expect(left).toBeGreaterThan(3000)
	await page.evaluate(() => Object.assign(window, { sameDocument: true }))
	await nearby.tap()
	await page.getByRole('heading', { level: 1, name: /^Flower Delivery in (?!Phoenix)/ }).waitFor()
	// At the top at once, in the same render as the new page: no glide up from where the tap was.
	expect(await scrollY()).toBe(0)
	const entry = await page.evaluate(() => window.history.state as { key: string; idx: number })
	expect(entry.idx).toBe(1)
	await page.goBack()
	await page.getByRole('heading', { level: 1, name: 'Flower Delivery in Phoenix, AZ' }).waitFor()
	// The same place at once: the same offset, and the link tapped where it was on the screen.
	await page.waitForFunction((y) => Math.round(window.scrollY) === y, left)
	expect(Math.round((await nearby.boundingBox())?.y ?? -1)).toBe(Math.round(where ?? 0))
	expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
})
