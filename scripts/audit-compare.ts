/**
 * Two builds side by side (prints figures; never a pass/fail test): Lighthouse's phone run on the
 * same pages, taking turns between the built checkout in BASE (A) and this one (B), A then B, then B
 * then A, so both meet the same moments of a shared machine. On this 2-core machine single phone runs
 * of one unchanged page ranged from 140 to 1,600 ms of TBT within the hour; medians of runs taken in
 * turn are what a change can be judged by, and `npm run audit`'s medians taken an hour apart are not.
 * Both builds are served by their own built server with the same local stand-in for the partner.
 * Run: build both (`npm run build` here; in the other checkout too), then
 * `BASE=../other-checkout node scripts/audit-compare.ts`. Options: RUNS=5, PAGES=home,city,remote,category.
 */
import { loadavg, availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#test/support/browser.ts'
import { standInSettings, startPartnerStandIn } from '#test/support/partner-stand-in.ts'
import { startServer, type RunningServer } from '#test/support/server.ts'

const ALL_PAGES: Record<string, string> = {
	home: '/',
	city: '/cities/phoenix/',
	remote: '/cities/tuba-city/',
	category: '/categories/birthday-flowers/',
}
const RUNS = Number(process.env.RUNS ?? 5)
const pages = (process.env.PAGES?.split(',') ?? Object.keys(ALL_PAGES)).map((name) => {
	const path = ALL_PAGES[name]
	if (!path) throw new Error(`PAGES: unknown page "${name}" (one of ${Object.keys(ALL_PAGES).join(', ')})`)
	return [name, path] as const
})
const base = process.env.BASE
if (!base) throw new Error('BASE: the path of another checkout, built (`npm run build` there), to compare this one with')

type Figures = { performance: number[]; tbt: number[]; lcp: number[] }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** The built server of the checkout in `directory` (its own server.ts and build/). */
async function startIn(directory: string, settings: Record<string, string>): Promise<RunningServer> {
	const here = process.cwd()
	process.chdir(directory)
	try {
		return await startServer(settings, { quiet: true })
	} finally {
		process.chdir(here)
	}
}

async function phoneRun(url: string): Promise<{ performance: number; tbt: number; lcp: number }> {
	const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
	try {
		const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
		if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result?.lhr.runtimeError?.message ?? 'no result'}`)
		const { lhr } = result
		return {
			performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
			tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
			lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
		}
	} finally {
		chrome.kill()
	}
}

const partner = await startPartnerStandIn()
const settings = standInSettings(partner, { rest: true })
const servers = { A: await startIn(resolve(base), settings), B: await startIn(process.cwd(), settings) }
try {
	const sites = { A: servers.A.url.replace('127.0.0.1', 'localhost'), B: servers.B.url.replace('127.0.0.1', 'localhost') }
	// Warm: products crawled and pages kept, as a visitor after the first would find them.
	for (const site of Object.values(sites)) for (const [, path] of pages) for (let round = 0; round < 3; round += 1) await (await fetch(`${site}${path}`)).text()
	console.log(`A = ${resolve(base)}, B = ${process.cwd()}; ${RUNS} phone runs each, in turns; ${new Date().toISOString()}`)
	for (const [name, path] of pages) {
		const figures: Record<'A' | 'B', Figures> = { A: { performance: [], tbt: [], lcp: [] }, B: { performance: [], tbt: [], lcp: [] } }
		let highestLoad = 0
		for (let run = 0; run < RUNS; run += 1) {
			for (const side of run % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
				const result = await phoneRun(`${sites[side]}${path}`)
				figures[side].performance.push(result.performance)
				figures[side].tbt.push(result.tbt)
				figures[side].lcp.push(result.lcp)
				highestLoad = Math.max(highestLoad, (loadavg()[0] ?? 0) / availableParallelism())
			}
		}
		for (const side of ['A', 'B'] as const) {
			const { performance, tbt, lcp } = figures[side]
			console.log(
				`  ${name.padEnd(9)} ${side}  perf ${median(performance)}  TBT ${Math.round(median(tbt))} ms (runs: ${tbt.map(Math.round).join(', ')})  LCP ${Math.round(median(lcp))} ms`,
			)
		}
		console.log(`  ${''.padEnd(9)}    highest load per core ${highestLoad.toFixed(2)}`)
	}
} finally {
	await servers.A.stop()
	await servers.B.stop()
	await partner.stop()
}
