import { execFile } from 'node:child_process'
import { temporaryFolder } from '#test/support/temporary.ts'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

const run = promisify(execFile)

const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }), browser: false })

/** The pages with the search, grid, reminder and disclosure controls, as a crawler receives them. */
const PAGES = [
	'/',
	'/cities/tempe/',
	'/cities/tempe/?zip=85638',
	// A city page of each reach, written from its facts: metro, regional, remote (and on another clock).
	'/cities/phoenix/',
	'/cities/sierra-vista/',
	'/cities/tuba-city/',
	'/categories/birthday-flowers/',
	'/categories/birthday-flowers/?sort=price-desc&band=60-80',
	'/categories/birthday-flowers/?band=under-60',
	'/categories/valentines-day/',
	// The funeral assortments and the checklist before the order button.
	'/categories/sympathy-funeral/',
	'/categories/sympathy-funeral/?assortment=wreaths&sort=price-asc',
	'/search/?q=10001',
	// The search's own answers: arrangements with a flower (a grid), an occasion served by the nearest list, a border town.
	'/search/?q=sunflowers',
	'/es/buscar/?q=quincea%C3%B1era',
	'/es/buscar/?q=agua%20prieta',
	// The contact form's checks: required fields, their problem lines, the email's type.
	'/contact/',
	// The Spanish twins: the same controls, and the 10 de mayo page with its questions and reminders.
	'/es/',
	'/es/ciudades/nogales/',
	'/es/ciudades/tuba-city/?near=moenkopi',
	'/es/ocasiones/pesame-y-funerales/',
	'/es/ocasiones/10-de-mayo/',
	'/es/privacidad/',
	'/es/contacto/',
	'/es/buscar/?q=10001',
]

test('the W3C Nu HTML checker finds no errors on the pages with the visitor controls', async () => {
	const directory = temporaryFolder('aznu-')
	const files: string[] = []
	for (const [index, path] of PAGES.entries()) {
		const response = await fetch(`${site.server.url}${path}`, { headers: { 'user-agent': 'Googlebot/2.1' } })
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
