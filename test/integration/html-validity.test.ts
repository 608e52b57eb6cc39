import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { standInSettings, startPartnerStandIn, type PartnerStandIn } from '../support/partner-stand-in.ts'
import { startServer, type RunningServer } from '../support/server.ts'

const run = promisify(execFile)

let partner: PartnerStandIn
let server: RunningServer
beforeAll(async () => {
	partner = await startPartnerStandIn()
	server = await startServer(standInSettings(partner, { rest: true }))
})
afterAll(async () => {
	await server?.stop()
	await partner?.stop()
})

/** The pages with the search, grid, reminder and disclosure controls, as a crawler receives them. */
const PAGES = [
	'/',
	'/cities/tempe/',
	'/cities/tempe/?zip=85638',
	'/categories/birthday-flowers/',
	'/categories/birthday-flowers/?sort=price-desc&band=60-80',
	'/categories/birthday-flowers/?band=under-60',
	'/categories/valentines-day/',
	'/search/?q=10001',
]

test('the W3C Nu HTML checker finds no errors on the pages with the visitor controls', async () => {
	const directory = mkdtempSync(join(tmpdir(), 'aznu-'))
	const files: string[] = []
	for (const [index, path] of PAGES.entries()) {
		const response = await fetch(`${server.url}${path}`, { headers: { 'user-agent': 'Googlebot/2.1' } })
		expect(response.status, path).toBe(200)
		const file = join(directory, `${index}.html`)
		writeFileSync(file, await response.text())
		files.push(file)
	}
	// vnu exits 1 when it reports errors; its report is on stderr either way.
	const report = await run('java', ['-jar', 'node_modules/vnu-jar/build/dist/vnu.jar', '--errors-only', '--format', 'text', ...files]).then(
		({ stderr }) => stderr,
		(error: { stderr?: string; message: string }) => error.stderr || error.message,
	)
	expect(report).not.toMatch(/: error:/)
	expect(report.trim()).toBe('Document checking completed. No errors found.')
}, 120_000)
