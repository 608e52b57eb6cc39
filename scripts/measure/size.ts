/**
 * Prints the brotli-compressed size of the JavaScript that the home page, a
 * city page and a category page load first: every script Chromium fetches from
 * the site's /assets/ until the page has hydrated, as a visitor's browser does
 * before any touch. Lazy chunks (date picker, carousel) are listed apart.
 * Run after `npm run build`: `npm run size`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { HYDRATED_IN_PAGE, launchBrowser } from '#scripts/lib/browser.ts'
import { startServer } from '#scripts/lib/server.ts'

const BUDGET_KB = 120
const PAGES = ['/', '/cities/phoenix/', '/categories/birthday-flowers/']
const clientDir = join(process.cwd(), 'build/client')

function brotliBytes(path: string): number {
	return brotliCompressSync(readFileSync(join(clientDir, path)), {
		params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
	}).length
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

const [server, browser] = await Promise.all([startServer(), launchBrowser()])

/** The site's scripts Chromium fetched for a page, from its first byte until it hydrated (a phone's viewport, no touch). */
async function initialScripts(path: string): Promise<string[]> {
	const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
	const scripts = new Set<string>()
	page.on('request', (request) => {
		const url = new URL(request.url())
		if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) scripts.add(url.pathname)
	})
	try {
		await page.goto(`${server.url}${path}`)
		await page.evaluate(HYDRATED_IN_PAGE)
		return [...scripts]
	} finally {
		await page.close()
	}
}

let failed = false
try {
	console.log(`First-load JavaScript per page (brotli, quality 11), budget ${BUDGET_KB} kB:`)
	for (const path of PAGES) {
		const scripts = await initialScripts(path)
		const total = scripts.reduce((sum, script) => sum + brotliBytes(script), 0)
		const verdict = total <= BUDGET_KB * 1024 ? 'ok' : 'OVER BUDGET'
		if (total > BUDGET_KB * 1024) failed = true
		console.log(`  ${path.padEnd(32)} ${kb(total).padStart(9)}  ${String(scripts.length).padStart(2)} files  ${verdict}`)
	}
	const lazy = readdirSync(join(clientDir, 'assets')).filter((file) => /^(delivery-date-picker|product-carousel)-.*\.js$/.test(file))
	console.log('Loaded later, only where needed:')
	for (const file of lazy) console.log(`  ${file.padEnd(40)} ${kb(brotliBytes(join('assets', file))).padStart(9)}`)
} finally {
	await browser.close()
	await server.stop()
}
process.exitCode = failed ? 1 : 0
