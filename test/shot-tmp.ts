import { launchBrowser } from './support/browser.ts'
import { startPartnerStandIn, standInSettings } from './support/partner-stand-in.ts'
import { startServer } from './support/server.ts'
const partner = await startPartnerStandIn({ localImages: true })
const server = await startServer({ ...standInSettings(partner, { rest: true }) })
const browser = await launchBrowser()
for (const [slug, width, height, mobile] of [
	['tuba-city', 1280, 900, false],
	['tuba-city', 390, 844, true],
	['phoenix', 1280, 900, false],
] as const) {
	const context = await browser.newContext({ viewport: { width, height }, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1 })
	const page = await context.newPage()
	await page.goto(`${server.url}/cities/${slug}/`, { waitUntil: 'networkidle' })
	await page.locator('#local-title').scrollIntoViewIfNeeded()
	await page.waitForTimeout(500)
	await page.screenshot({ path: `/tmp/shots/${slug}-${width}-local.png` })
	await page.locator('#checker-title').scrollIntoViewIfNeeded()
	await page.screenshot({ path: `/tmp/shots/${slug}-${width}-checker.png` })
	await context.close()
}
await browser.close()
await server.stop()
await partner.stop()
