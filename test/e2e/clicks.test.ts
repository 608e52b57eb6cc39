import { temporaryFolder } from '#test/support/temporary.ts'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

const databasePath = join(temporaryFolder('azclicks-e2e-'), 'cache.sqlite')
const site = useSite({ partner: true, settings: (partner) => ({ ...standInSettings(partner, { rest: true }), DATABASE_PATH: databasePath }) })

function clicksFor(product: string): number {
	const db = new Database(databasePath, { readonly: true })
	try {
		return db.prepare<[string], { clicks: number }>('SELECT coalesce(sum(clicks), 0) AS clicks FROM click_days WHERE product = ?').get(product)?.clicks ?? 0
	} finally {
		db.close()
	}
}

function clicksOn(page: string, product: string): number {
	const db = new Database(databasePath, { readonly: true })
	try {
		return (
			db
				.prepare<[string, string], { clicks: number }>('SELECT coalesce(sum(clicks), 0) AS clicks FROM click_days WHERE page = ? AND product = ?')
				.get(page, product)?.clicks ?? 0
		)
	} finally {
		db.close()
	}
}

test.each(['/categories/birthday-flowers/', '/es/ocasiones/flores-de-cumpleanos/'])(
	'clicking a product on %s opens the partner at once and counts the click for that product and page',
	async (path) => {
		await (await fetch(`${site.server.url}${path}`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text()
		// A visitor's browser: headless Chromium's own user agent says it is a robot, and robots are not counted.
		const context = await site.browser.newContext({
			userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
		})
		const page = await context.newPage()
		await page.goto(`${site.server.url}${path}`)
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		const link = page.locator('#collection a[href*="detail.cfm"]').first()
		const product = new URL((await link.getAttribute('href')) ?? '').searchParams.get('dcode') ?? ''
		expect(product).not.toBe('')
		const before = clicksFor(product)
		const [partnerPage] = await Promise.all([context.waitForEvent('page'), link.click()])
		await partnerPage.waitForLoadState('domcontentloaded')
		expect(partnerPage.url()).toContain(`dcode=${product}`)
		await expect.poll(() => clicksFor(product), { timeout: 10_000 }).toBe(before + 1)
		expect(clicksOn(path, product)).toBe(1)
		await context.close()
	},
	60_000,
)
