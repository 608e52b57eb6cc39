/**
 * Prints the brotli-compressed size of the JavaScript that the home page, a
 * city page and a category page load first: every module the server-rendered
 * HTML preloads (after its first paint) or imports. Lazy chunks (date picker, map) are listed apart.
 * Run after `npm run build`: `npm run size`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { startServer } from '#test/support/server.ts'

const BUDGET_KB = 120
const PAGES = ['/', '/cities/phoenix/', '/categories/birthday-flowers/']
const clientDir = join(process.cwd(), 'build/client')

function brotliBytes(path: string): number {
	return brotliCompressSync(readFileSync(join(clientDir, path)), {
		params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
	}).length
}

function initialScripts(html: string): string[] {
	// The preloads the page adds once it has painted, and the modules its inline module imports.
	const paths = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '')
	return [...new Set(paths)].filter(Boolean)
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

const server = await startServer()
let failed = false
try {
	console.log(`First-load JavaScript per page (brotli, quality 11), budget ${BUDGET_KB} kB:`)
	for (const path of PAGES) {
		const html = await (await fetch(`${server.url}${path}`)).text()
		const scripts = initialScripts(html)
		const total = scripts.reduce((sum, script) => sum + brotliBytes(script), 0)
		const verdict = total <= BUDGET_KB * 1024 ? 'ok' : 'OVER BUDGET'
		if (total > BUDGET_KB * 1024) failed = true
		console.log(`  ${path.padEnd(32)} ${kb(total).padStart(9)}  ${String(scripts.length).padStart(2)} files  ${verdict}`)
	}
	const lazy = readdirSync(join(clientDir, 'assets')).filter((file) => /^(delivery-date-picker|product-carousel)-.*\.js$/.test(file))
	console.log('Loaded later, only where needed:')
	for (const file of lazy) console.log(`  ${file.padEnd(40)} ${kb(brotliBytes(join('assets', file))).padStart(9)}`)
} finally {
	await server.stop()
}
process.exitCode = failed ? 1 : 0
