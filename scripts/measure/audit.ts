/**
 * Quality audit (prints figures; never a pass/fail test). Lighthouse's phone run on the home page,
 * a metro city (Phoenix), a remote town (Tuba City) and a category page, each taken in turns with
 * two floors measured in the same round:
 * - the same page with every script blocked (`*.js`): what the page costs before its scripts;
 * - a minimal React Router page built from the project's own dependencies (scripts/measure/floor.ts):
 *   one route, one heading, hydrated; the stack's floor.
 * On this 2-core machine one page's TBT ranges widely from run to run; the difference between two
 * targets taken one after the other cancels most of what the machine adds. Per page it prints the
 * median over rounds of TBT(page) − TBT(minimal page) and of TBT(page) − TBT(page without scripts),
 * the medians of LCP and of each target's TBT, the script bytes, and the load; then the W3C Nu HTML
 * checker on every page type.
 * The built server runs with a local stand-in for the partner: its REST API fills every grid and
 * slider, and its product photos weigh what the partner's do (500 px JPEGs of about 110 kB).
 * Run: `npm run audit` (builds first). Options: ROUNDS=5, PAGES=home,city,remote,category (the
 * Spanish twins: esHome, esCity, esRemote, esCategory), FORM=mobile (or desktop), NU=0 (no HTML check),
 * CHROMIUM_PATH=/usr/bin/chromium.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { standInSettings, startPartnerStandIn } from '#mock-servers/partner.ts'
import { startServer } from '#scripts/lib/server.ts'
import { startFloor } from '#scripts/measure/floor.ts'
import { inTurn, lighthouseRun, machineLine, median, medianDifference, type FormFactor, type Reading } from '#scripts/measure/lighthouse.ts'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`ROUNDS: a whole number of rounds, not "${process.env.ROUNDS}"`)
const ALL_PAGES = {
	home: '/',
	city: '/cities/phoenix/',
	remote: '/cities/tuba-city/',
	category: '/categories/birthday-flowers/',
	// The Spanish twins, for PAGES=city,esCity and the like: the same page in the other language.
	esHome: '/es/',
	esCity: '/es/ciudades/phoenix/',
	esRemote: '/es/ciudades/tuba-city/',
	esCategory: '/es/ocasiones/flores-de-cumpleanos/',
} as const
type PageName = keyof typeof ALL_PAGES
const PAGES = (process.env.PAGES?.split(',') ?? ['home', 'city', 'remote', 'category']).map((name) => {
	if (!(name in ALL_PAGES)) throw new Error(`PAGES: unknown page "${name}" (one of ${Object.keys(ALL_PAGES).join(', ')})`)
	return name as PageName
})
const FORM = (process.env.FORM ?? 'mobile') as FormFactor
if (FORM !== 'mobile' && FORM !== 'desktop') throw new Error(`FORM: "mobile" or "desktop", not "${String(FORM)}"`)
/** One URL of every page type, for the HTML checker. */
const PAGE_TYPES = [
	['home', '/'],
	['cities', '/cities/'],
	['city (full text)', '/cities/phoenix/'],
	['city (short text)', '/cities/snowflake/'],
	['category', '/categories/birthday-flowers/'],
	['category (unknown, 404)', '/categories/spring-tulips/'],
	['category, sorted and banded', '/categories/birthday-flowers/?sort=price-desc&band=60-80'],
	['category with a reminder', '/categories/valentines-day/'],
	['ZIP outside Arizona', '/search/?q=10001'],
	['about', '/about/'],
	['contact', '/contact/'],
	['privacy policy', '/privacy-policy/'],
	['terms', '/terms/'],
	['not found (404)', '/no-such-page/'],
	['Spanish home', '/es/'],
	['Spanish city', '/es/ciudades/phoenix/'],
	['Spanish occasion', '/es/ocasiones/pesame-y-funerales/'],
	['Spanish 10 de mayo', '/es/ocasiones/10-de-mayo/'],
	['Spanish legal page', '/es/privacidad/'],
	['Spanish not found (404)', '/es/nada/'],
] as const

type Target = 'page' | 'without scripts' | 'minimal page'
const TARGETS: readonly Target[] = ['page', 'without scripts', 'minimal page']

const partner = await startPartnerStandIn()
const server = await startServer(standInSettings(partner, { rest: true }), { quiet: true })
const floor = await startFloor()
// The site's own address (SITE_URL) is localhost, so canonicals point at the page audited.
const site = server.url.replace('127.0.0.1', 'localhost')
try {
	await warm(site)
	console.log(`Lighthouse ${FORM} runs, ${ROUNDS} rounds; each round takes every page with its two floors in turn. Started ${machineLine()}.`)
	const readings = new Map<PageName, Record<Target, Reading[]>>(PAGES.map((name) => [name, { page: [], 'without scripts': [], 'minimal page': [] }]))
	for (let round = 0; round < ROUNDS; round += 1) {
		for (const name of PAGES) {
			for (const target of inTurn(TARGETS, round)) {
				const url = target === 'minimal page' ? floor.url : `${site}${ALL_PAGES[name]}`
				readings.get(name)?.[target].push(await lighthouseRun(url, { formFactor: FORM, blockScripts: target === 'without scripts' }))
			}
		}
		console.log(`  round ${round + 1} of ${ROUNDS} done, ${machineLine()}`)
	}
	console.log(`\nMedians over ${ROUNDS} rounds (differences taken within each round), ${FORM}, ended ${machineLine()}:`)
	for (const name of PAGES) {
		const runs = readings.get(name)
		if (runs) for (const line of pageReport(name, runs)) console.log(line)
	}
	const errors = process.env.NU === '0' ? 0 : await nuCheck(site)
	console.log(
		`\nTargets (phone): TBT over the minimal React Router page ≤ 50 ms and LCP ≤ 1.2 s on each page; accessibility, best practices, SEO = 100; 0 Nu errors (found ${errors}).`,
	)
} finally {
	await floor.stop()
	await server.stop()
	await partner.stop()
}

/** Products crawled and pages kept, and their photos encoded once, as the first visitors would leave them. */
async function warm(site: string) {
	for (const path of Object.values(ALL_PAGES)) for (let round = 0; round < 3; round += 1) await (await fetch(`${site}${path}`)).text()
	for (const path of Object.values(ALL_PAGES)) {
		const html = await (await fetch(`${site}${path}`)).text()
		const photos = new Set([...html.matchAll(/\/photos\/[\w-]{22}\/\d+\.img/g)].map((match) => match[0]))
		for (const photo of photos) {
			for (const width of [160, 240, 320, 480, 640]) {
				await (await fetch(`${site}${photo.replace(/\d+\.img$/, `${width}.img`)}`, { headers: { accept: 'image/avif,image/webp,*/*' } })).arrayBuffer()
			}
		}
	}
}

/** One page's lines: the paired differences first, then the medians they come from. */
function pageReport(name: PageName, runs: Record<Target, Reading[]>): string[] {
	const pick = (target: Target, value: (reading: Reading) => number) => runs[target].map(value)
	const ms = (value: number) => `${Math.round(value)} ms`
	const tbt = (target: Target) => pick(target, (reading) => reading.tbt)
	const page = runs.page
	const loads = TARGETS.flatMap((target) => pick(target, (reading) => reading.load))
	const scores = (key: keyof Reading['scores']) => median(page.map((reading) => reading.scores[key]))
	const middle = [...page].sort((a, b) => a.tbt - b.tbt)[Math.floor(page.length / 2)]
	const failed = [...new Set(page.flatMap((reading) => reading.failed))]
	return [
		`  ${name.padEnd(9)} TBT over the minimal page ${ms(medianDifference(tbt('page'), tbt('minimal page')))}  over the page without scripts ${ms(medianDifference(tbt('page'), tbt('without scripts')))}  LCP ${ms(median(pick('page', (reading) => reading.lcp)))}`,
		`  ${''.padEnd(9)} TBT page ${ms(median(tbt('page')))} (${tbt('page').map(Math.round).join(', ')}), without scripts ${ms(median(tbt('without scripts')))}, minimal page ${ms(median(tbt('minimal page')))} (${tbt('minimal page').map(Math.round).join(', ')}); LCP without scripts ${ms(median(pick('without scripts', (reading) => reading.lcp)))}, minimal page ${ms(median(pick('minimal page', (reading) => reading.lcp)))}`,
		`  ${''.padEnd(9)} JS ${(median(pick('page', (reading) => reading.jsBytes)) / 1024).toFixed(1)} kB (minimal page ${(median(pick('minimal page', (reading) => reading.jsBytes)) / 1024).toFixed(1)} kB), images ${(median(pick('page', (reading) => reading.imageBytes)) / 1024).toFixed(1)} kB, CLS ${median(pick('page', (reading) => reading.cls)).toFixed(3)}; perf ${scores('performance')} a11y ${scores('accessibility')} BP ${scores('best-practices')} SEO ${scores('seo')}; load per core ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}`,
		...(middle?.mainThread ?? []).map((line) => `  ${''.padEnd(9)} median run's ${line}`),
		...failed.map((audit) => `  ${''.padEnd(9)} failed: ${audit}`),
	]
}

async function nuCheck(server: string): Promise<number> {
	const dir = mkdtempSync(join(tmpdir(), 'aznu-'))
	const files: string[] = []
	for (const [name, path] of PAGE_TYPES) {
		const response = await fetch(`${server}${path}`)
		const file = join(dir, `${name.replace(/\W+/g, '-')}.html`)
		writeFileSync(file, await response.text())
		files.push(file)
	}
	const jar = join('node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar')
	let output: string
	try {
		const result = await promisify(execFile)('java', ['-jar', jar, '--format', 'json', ...files], { maxBuffer: 64 * 1024 * 1024 })
		output = result.stderr || result.stdout
	} catch (error) {
		// vnu exits 1 when it reports errors; its report is still on stderr.
		const failure = error as { stderr?: string; code?: string | number; message: string }
		if (failure.code === 'ENOENT') throw new Error('Java is needed for the Nu HTML checker (apt-get install default-jre-headless)')
		output = failure.stderr ?? ''
		if (!output) throw error
	}
	rmSync(dir, { recursive: true, force: true })
	const report = JSON.parse(output) as { messages: { type: string; subType?: string; url?: string; message: string; lastLine?: number }[] }
	console.log('\nW3C Nu HTML checker (vnu-jar), one page of every type:')
	let errors = 0
	for (const [name] of PAGE_TYPES) {
		const file = `${name.replace(/\W+/g, '-')}.html`
		const messages = report.messages.filter((message) => message.url?.endsWith(`/${file}`))
		const pageErrors = messages.filter((message) => message.type === 'error' || message.subType === 'fatal')
		const warnings = messages.filter((message) => message.type === 'info' && message.subType === 'warning')
		errors += pageErrors.length
		console.log(`  ${name.padEnd(26)} ${String(pageErrors.length).padStart(3)} errors  ${String(warnings.length).padStart(3)} warnings`)
		for (const message of [...pageErrors, ...warnings]) console.log(`      line ${message.lastLine ?? '?'}: ${message.message}`)
	}
	return errors
}
