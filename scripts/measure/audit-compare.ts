/**
 * Two builds side by side (prints figures; never a pass/fail test): Lighthouse's phone run on the
 * same pages, taking turns between the built checkout in BASE (A) and this one (B), A then B, then B
 * then A, so both meet the same moments of a shared machine. On this 2-core machine single phone runs
 * of one unchanged page ranged from 140 to 1,600 ms of TBT within the hour; medians of runs taken in
 * turn are what a change can be judged by, and `npm run audit`'s medians taken an hour apart are not.
 * Both builds are served by their own built server with the same local stand-in for the partner.
 *
 * BY=thread measures the same turns by the main thread's own time instead: each page is loaded in
 * Chromium at Lighthouse's phone size with a trace and with the Debugger on as Lighthouse turns it on
 * (without it V8 re-parses React DOM, 50-85 ms that Lighthouse never sees; see
 * enableDebuggerAsLighthouse in test/support/browser.ts), and the tasks after the first contentful paint
 * are summed by thread time, the time the thread really ran, without the waits for a core that a
 * busy machine adds to a task's wall-clock length. It prints the blocking time as the phone
 * simulation counts it (each task times 4, less 50 ms) and the thread's whole work. Here its medians
 * of one unchanged build stayed within about a fifth over four rounds (home 274-317 ms), where
 * Lighthouse's medians of one unchanged build ranged from 78 to 217 ms.
 * BY=wall sums the same tasks by their wall-clock length, as Lighthouse does: it sees the time a task
 * spends waiting on the browser (a synchronous storage read, a history write), which thread time
 * leaves out, and it is as noisy as the machine is busy.
 * Run: build both (`npm run build` here; in the other checkout too), then
 * `BASE=../other-checkout node scripts/audit-compare.ts`. Options: RUNS=5, PAGES=home,city,remote,category, BY=thread (or wall).
 */
import { loadavg, availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, enableDebuggerAsLighthouse, HYDRATED_IN_PAGE } from '#scripts/lib/browser.ts'
import { standInSettings, startPartnerStandIn } from '#mock-servers/partner.ts'
import { startServer, type RunningServer } from '#scripts/lib/server.ts'

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
type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number }

const BY = process.env.BY
if (BY !== undefined && BY !== 'thread' && BY !== 'wall') throw new Error(`BY: "thread" or "wall" (or unset, for Lighthouse), not "${BY}"`)
const BY_TRACE = BY === 'thread' || BY === 'wall'

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

/** One phone load by thread time: the main thread's tasks after the first contentful paint. */
async function threadRun(browser: import('playwright-core').Browser, url: string): Promise<{ blocking: number; work: number }> {
	// Lighthouse's phone: 412 × 823 CSS pixels at 1.75 device pixels each, touch.
	const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
	try {
		const page = await context.newPage()
		const cdp = await context.newCDPSession(page)
		await enableDebuggerAsLighthouse(cdp)
		const events: TraceEvent[] = []
		cdp.on('Tracing.dataCollected', (data) => void events.push(...(data.value as unknown as TraceEvent[])))
		const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
		await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline,loading', transferMode: 'ReportEvents' })
		await page.goto(url, { waitUntil: 'load' })
		// A page timer, not Playwright's waitForFunction: its injected script would be a task of its own.
		await cdp.send('Runtime.evaluate', { expression: HYDRATED_IN_PAGE, awaitPromise: true, timeout: 30_000 })
		await page.waitForTimeout(1_500)
		await cdp.send('Tracing.end')
		await done
		const paint = events.find((event) => event.name === 'firstContentfulPaint')
		if (!paint) throw new Error(`No first contentful paint in the trace of ${url}`)
		const tasks = events.filter(
			(event) => event.pid === paint.pid && event.tid === paint.tid && event.name === 'RunTask' && event.ph === 'X' && event.ts >= paint.ts,
		)
		const ms = tasks.map((task) => ((BY === 'wall' ? task.dur : (task.tdur ?? task.dur)) ?? 0) / 1000)
		return { blocking: ms.reduce((sum, task) => sum + Math.max(0, task * 4 - 50), 0), work: ms.reduce((sum, task) => sum + task, 0) }
	} finally {
		await context.close()
	}
}

const partner = await startPartnerStandIn()
const settings = standInSettings(partner, { rest: true })
const servers = { A: await startIn(resolve(base), settings), B: await startIn(process.cwd(), settings) }
const browser = BY_TRACE ? await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }) : undefined
try {
	const sites = { A: servers.A.url.replace('127.0.0.1', 'localhost'), B: servers.B.url.replace('127.0.0.1', 'localhost') }
	// Warm: products crawled and pages kept, as a visitor after the first would find them.
	for (const site of Object.values(sites)) for (const [, path] of pages) for (let round = 0; round < 3; round += 1) await (await fetch(`${site}${path}`)).text()
	console.log(
		`A = ${resolve(base)}, B = ${process.cwd()}; ${RUNS} phone runs each, in turns, by ${BY === 'wall' ? 'wall-clock time of the trace' : BY_TRACE ? 'thread time' : 'Lighthouse'}; ${new Date().toISOString()}`,
	)
	for (const [name, path] of pages) {
		const figures: Record<'A' | 'B', Figures> = { A: { performance: [], tbt: [], lcp: [] }, B: { performance: [], tbt: [], lcp: [] } }
		const thread: Record<'A' | 'B', { blocking: number[]; work: number[] }> = { A: { blocking: [], work: [] }, B: { blocking: [], work: [] } }
		let highestLoad = 0
		for (let run = 0; run < RUNS; run += 1) {
			for (const side of run % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
				if (browser) {
					const result = await threadRun(browser, `${sites[side]}${path}`)
					thread[side].blocking.push(result.blocking)
					thread[side].work.push(result.work)
				} else {
					const result = await phoneRun(`${sites[side]}${path}`)
					figures[side].performance.push(result.performance)
					figures[side].tbt.push(result.tbt)
					figures[side].lcp.push(result.lcp)
				}
				highestLoad = Math.max(highestLoad, (loadavg()[0] ?? 0) / availableParallelism())
			}
		}
		for (const side of ['A', 'B'] as const) {
			if (browser) {
				const { blocking, work } = thread[side]
				console.log(
					`  ${name.padEnd(9)} ${side}  blocking ${Math.round(median(blocking))} ms (runs: ${blocking.map(Math.round).join(', ')})  thread work ${Math.round(median(work))} ms`,
				)
				continue
			}
			const { performance, tbt, lcp } = figures[side]
			console.log(
				`  ${name.padEnd(9)} ${side}  perf ${median(performance)}  TBT ${Math.round(median(tbt))} ms (runs: ${tbt.map(Math.round).join(', ')})  LCP ${Math.round(median(lcp))} ms`,
			)
		}
		console.log(`  ${''.padEnd(9)}    highest load per core ${highestLoad.toFixed(2)}`)
	}
} finally {
	await browser?.close()
	await servers.A.stop()
	await servers.B.stop()
	await partner.stop()
}
