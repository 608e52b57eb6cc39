import { readFileSync, writeFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { HYDRATED_IN_PAGE, launchBrowser } from '#scripts/lib/browser.ts'
import { startDevServer, type RunningServer } from '#test/support/server.ts'

// `npm run dev` in a browser: the page hydrates, and an edit to a component shows without a reload.
const HEADER = 'app/components/site-header.tsx'
const original = readFileSync(HEADER, 'utf8')

let server: RunningServer | undefined
let browser: Browser | undefined

beforeAll(async () => {
	const [started, launched] = await Promise.allSettled([startDevServer(), launchBrowser()])
	if (started.status === 'fulfilled') server = started.value
	if (launched.status === 'fulfilled') browser = launched.value
	if (started.status === 'rejected') throw started.reason
	if (launched.status === 'rejected') throw launched.reason
}, 120_000)

afterAll(async () => {
	// The component is put back whatever happened.
	if (readFileSync(HEADER, 'utf8') !== original) writeFileSync(HEADER, original)
	await browser?.close()
	await server?.stop()
})

async function openHydrated(page: Page, path: string, timeout = 60_000) {
	await page.goto(`${server?.url}${path}`, { timeout })
	// Vite may prebundle a dependency it meets for the first time and reload the page once: wait it out.
	await page.waitForFunction(HYDRATED_IN_PAGE, undefined, { timeout })
}

test('a page hydrates under the development server, and an edited component shows without a reload', async () => {
	const page = await (browser as Browser).newPage({ viewport: { width: 1280, height: 900 } })
	const errors: string[] = []
	page.on('pageerror', (error) => errors.push(error.message))
	// React's development build says so in the console when a page does not hydrate as it was rendered.
	const hydrationWarnings: string[] = []
	page.on('console', (message) => {
		if (/hydrat/i.test(message.text())) hydrationWarnings.push(message.text())
	})
	try {
		// The first visit transforms every module the page needs, and prebundles the dependencies Vite
		// finds: on a fresh checkout of a busy machine (two suites and two burners on two cores) that
		// has taken over 90 s.
		await openHydrated(page, '/cities/phoenix/', 200_000)
		// On a fresh checkout the first visit may meet Vite prebundling a dependency it has just found
		// ("Failed to fetch dynamically imported module", then a reload of its own). The second visit,
		// after that, must be clean.
		errors.length = 0
		hydrationWarnings.length = 0
		await openHydrated(page, '/cities/phoenix/')
		expect(hydrationWarnings).toEqual([])
		await page.evaluate(() => Object.assign(window, { keptSinceLoad: true }))
		const banner = page.getByText('Serving Arizona Communities', { exact: true })
		await banner.waitFor()

		// The component's words come from its catalog: the edit adds a word of its own to its markup.
		const edited = original.replace('{words.servingArizona}', "{words.servingArizona}{', edited'}")
		expect(edited).not.toBe(original)
		writeFileSync(HEADER, edited)
		await page.getByText('Serving Arizona Communities, edited', { exact: true }).waitFor({ timeout: 30_000 })
		// Hot replacement, not a reload: what the page held before the edit is still there.
		expect(await page.evaluate(() => (window as { keptSinceLoad?: boolean }).keptSinceLoad)).toBe(true)

		writeFileSync(HEADER, original)
		await banner.waitFor({ timeout: 30_000 })
		expect(await page.evaluate(() => (window as { keptSinceLoad?: boolean }).keptSinceLoad)).toBe(true)
		expect(errors).toEqual([])
	} finally {
		await page.close()
	}
}, 360_000)
