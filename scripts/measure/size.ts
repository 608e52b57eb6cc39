/**
 * Prints the brotli-compressed size of the JavaScript that the home page, a
 * city page and a category page load first: every script Chromium fetches from
 * the site's /assets/ until the page has hydrated, as a visitor's browser does
 * before any touch. Lazy chunks (date picker, carousel) are listed apart.
 * Each page is read beside its Spanish twin: the script both load (brotli and gzip), the script a
 * city page adds once its date picker opens (the Spanish one fetches its month and day names with
 * it), and the HTML (gzip), which carries the page's words. The partner is the local stand-in, so
 * every grid and slider has its products.
 * Run after `npm run build`: `npm run size`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { HYDRATED_IN_PAGE, launchBrowser } from '#scripts/lib/browser.ts'
import { startServer } from '#scripts/lib/server.ts'
import { standInSettings, startPartnerStandIn } from '#mock-servers/partner.ts'

const BUDGET_KB = 120
/** Each page and its Spanish twin. */
const PAIRS = [
	['/', '/es/'],
	['/cities/phoenix/', '/es/ciudades/phoenix/'],
	['/categories/birthday-flowers/', '/es/ocasiones/flores-de-cumpleanos/'],
] as const
const clientDir = join(process.cwd(), 'build/client')

function brotliBytes(path: string): number {
	return brotliCompressSync(readFileSync(join(clientDir, path)), {
		params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
	}).length
}

function gzipBytes(path: string): number {
	return gzipSync(readFileSync(join(clientDir, path)), { level: 9 }).length
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const signedKb = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${(Math.abs(bytes) / 1024).toFixed(2)} kB`

const partner = await startPartnerStandIn()
const [server, browser] = await Promise.all([startServer(standInSettings(partner, { rest: true }), { quiet: true }), launchBrowser()])

type Reading = { initial: string[]; withPicker: string[]; htmlGzip: number }

/**
 * The site's scripts Chromium fetched for a page, from its first byte until it hydrated (a phone's
 * viewport, no touch), then those a city page's date picker adds once it is opened; and the HTML.
 */
async function read(path: string): Promise<Reading> {
	const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
	const scripts = new Set<string>()
	page.on('request', (request) => {
		const url = new URL(request.url())
		if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) scripts.add(url.pathname)
	})
	try {
		const response = await page.goto(`${server.url}${path}`)
		const html = (await response?.body()) ?? Buffer.alloc(0)
		await page.evaluate(HYDRATED_IN_PAGE)
		const initial = [...scripts]
		// A city page: its checker's date picker, opened as a visitor opens it.
		if ((await page.locator('#delivery-checker').count()) > 0) {
			await page.locator('#delivery-checker').scrollIntoViewIfNeeded()
			const field = page.locator('#delivery-checker input[aria-haspopup="dialog"]')
			await field.waitFor()
			await field.click()
			await page.locator('#delivery-checker [role="grid"]').waitFor()
		}
		return { initial, withPicker: [...scripts], htmlGzip: gzipSync(html, { level: 9 }).length }
	} finally {
		await page.close()
	}
}

const total = (scripts: readonly string[], bytes: (path: string) => number) => scripts.reduce((sum, script) => sum + bytes(script), 0)

let failed = false
try {
	console.log(`First-load JavaScript per page (brotli, quality 11; gzip, level 9), budget ${BUDGET_KB} kB brotli:`)
	const rows: string[] = []
	for (const pair of PAIRS) {
		const [english, spanish] = [await read(pair[0]), await read(pair[1])]
		for (const [path, reading] of [
			[pair[0], english],
			[pair[1], spanish],
		] as const) {
			const brotli = total(reading.initial, brotliBytes)
			const verdict = brotli <= BUDGET_KB * 1024 ? 'ok' : 'OVER BUDGET'
			if (brotli > BUDGET_KB * 1024) failed = true
			console.log(
				`  ${path.padEnd(40)} ${kb(brotli).padStart(9)} br ${kb(total(reading.initial, gzipBytes)).padStart(9)} gz  ${String(reading.initial.length).padStart(2)} files  ${verdict}`,
			)
		}
		const scriptGap = total(spanish.initial, gzipBytes) - total(english.initial, gzipBytes)
		const pickerGap = total(spanish.withPicker, gzipBytes) - total(english.withPicker, gzipBytes)
		rows.push(
			`  ${pair[1].padEnd(40)} script ${signedKb(scriptGap)}${english.withPicker.length > english.initial.length ? `, with the date picker open ${signedKb(pickerGap)}` : ''}; HTML ${kb(english.htmlGzip)} → ${kb(spanish.htmlGzip)} gz (${signedKb(spanish.htmlGzip - english.htmlGzip)})`,
		)
	}
	console.log('Each Spanish page against its English twin (gzip):')
	for (const row of rows) console.log(row)
	const lazy = readdirSync(join(clientDir, 'assets')).filter((file) => /^(delivery-date-picker|product-carousel|es)-.*\.js$/.test(file))
	console.log('Loaded later, only where needed:')
	for (const file of lazy) console.log(`  ${file.padEnd(40)} ${kb(brotliBytes(join('assets', file))).padStart(9)}`)
} finally {
	await browser.close()
	await server.stop()
	await partner.stop()
}
process.exitCode = failed ? 1 : 0
