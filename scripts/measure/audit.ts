/**
 * Quality audit (prints figures; never a pass/fail test): Lighthouse on the
 * home page, a metro city (Phoenix), a remote town (Tuba City) and a category
 * page, mobile and desktop, five runs each, medians printed with Lighthouse's
 * own measure of the machine (benchmarkIndex) and the load average beside
 * them, and a warning when the machine is too busy for figures anyone could
 * repeat; then the W3C Nu HTML checker on every page type.
 * The built server runs with a local stand-in for the partner: its REST API
 * fills every grid and slider, and its product photos weigh what the
 * partner's do (500 px JPEGs of about 110 kB), served resized from our origin.
 * Chromium is Debian's, and Java runs the checker.
 * For the phone run with the median TBT of each page it names the long tasks and where the main
 * thread's time went (Lighthouse's long-tasks, bootup-time and mainthread-work-breakdown).
 * Each phone run is read twice: as Lighthouse reports it, and by thread time, Lighthouse's own
 * simulation of the same trace with every main-thread task at the time its thread ran
 * (scripts/thread-time-trace.ts). The first is the figure; the second says how much of it was the
 * page's work and how much the waits for a core on this machine.
 * Run: `npm run audit` (builds first). Options: RUNS=5 CHROMIUM_PATH=/usr/bin/chromium,
 * PAGES=city,remote (some of home, city, remote, category), FORM=mobile (or desktop), NU=0 (no HTML check).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#scripts/lib/browser.ts'
import { standInSettings, startPartnerStandIn } from '#mock-servers/partner.ts'
import { startServer } from '#scripts/lib/server.ts'
import { shortenTasksToThreadTime } from '#scripts/measure/thread-time-trace.ts'

const RUNS = Number(process.env.RUNS ?? 5)
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const ALL_PAGES = [
	['home', '/'],
	['city', '/cities/phoenix/'],
	['remote', '/cities/tuba-city/'],
	['category', '/categories/birthday-flowers/'],
] as const
const chosen = process.env.PAGES?.split(',')
const LIGHTHOUSE_PAGES = ALL_PAGES.filter(([name]) => !chosen || chosen.includes(name))
const FORM_FACTORS = (['mobile', 'desktop'] as const).filter((form) => !process.env.FORM || process.env.FORM === form)
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
] as const

type Run = {
	scores: Record<(typeof CATEGORIES)[number], number>
	lcp: number
	tbt: number
	cls: number
	jsBytes: number
	imageBytes: number
	/** Lighthouse's measure of how fast this machine ran at the time (higher is faster). */
	benchmarkIndex: number
	/** The one-minute load average per core when the run ended. */
	load: number
	failed: string[]
	/** Where the main thread's time went after the first paint, for the report of the median run. */
	mainThread: string[]
	/**
	 * The phone run's performance and TBT again, from Lighthouse's own simulation of the same trace
	 * with each main-thread task at its thread time (scripts/thread-time-trace.ts); null on desktop.
	 */
	byThread: { performance: number; tbt: number } | null
}

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/**
 * Lighthouse's performance score and TBT for the artifacts saved in `artifacts`, recomputed with
 * every task of the page's main thread at its thread time: the page's own work, without the waits
 * for a core that a busy machine adds. The saved trace is rewritten in place.
 */
async function byThreadTime(url: string, artifacts: string): Promise<{ performance: number; tbt: number }> {
	const tracePath = join(artifacts, 'trace.json')
	const trace = JSON.parse(readFileSync(tracePath, 'utf8')) as Parameters<typeof shortenTasksToThreadTime>[0]
	if (shortenTasksToThreadTime(trace) === 0) throw new Error('the trace has no first contentful paint to find the page by')
	writeFileSync(tracePath, JSON.stringify(trace))
	// Lighthouse audits saved artifacts only with the settings they were gathered with.
	const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], auditMode: artifacts })
	const lhr = result?.lhr
	if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse's audit of the thread-time trace: ${lhr?.runtimeError?.message ?? 'no result'}`)
	return {
		performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
		tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
	}
}

async function lighthouseRun(url: string, formFactor: 'mobile' | 'desktop'): Promise<Run> {
	// The phone run's artifacts are kept for a second reading of its trace, once Chromium has gone.
	const artifacts = formFactor === 'mobile' ? mkdtempSync(join(tmpdir(), 'azlh-')) : undefined
	try {
		const run = await lighthouseReading(url, formFactor, artifacts)
		return { ...run, byThread: artifacts ? await byThreadTime(url, artifacts) : null }
	} finally {
		if (artifacts) rmSync(artifacts, { recursive: true, force: true })
	}
}

/** One Lighthouse run in a Chromium of its own, its artifacts saved in `artifacts` when given. */
async function lighthouseReading(url: string, formFactor: 'mobile' | 'desktop', artifacts: string | undefined): Promise<Omit<Run, 'byThread'>> {
	const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
	try {
		const result = await lighthouse(
			url,
			{ port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], gatherMode: artifacts, auditMode: artifacts },
			formFactor === 'desktop' ? desktopConfig : undefined,
		)
		if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
		const { lhr } = result
		if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
		const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
		const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
		const summary = lhr.audits['resource-summary']?.details
		const items = summary && 'items' in summary ? (summary.items as { resourceType?: string; transferSize?: number }[]) : []
		const failed = Object.values(lhr.categories)
			.filter((category) => category.id !== 'performance')
			.flatMap((category) => category.auditRefs)
			.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
			.map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`)
		const rows = (id: string) => {
			const details = lhr.audits[id]?.details
			return (details && 'items' in details ? details.items : []) as Record<string, unknown>[]
		}
		const ms = (value: unknown) => `${Math.round(Number(value))} ms`
		const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '') || String(url)
		const mainThread = [
			`long tasks: ${
				rows('long-tasks')
					.map((task) => `${short(task.url)} ${ms(task.duration)} at ${ms(task.startTime)}`)
					.join('; ') || 'none'
			}`,
			`scripts: ${rows('bootup-time')
				.map((script) => `${short(script.url)} ${ms(script.scripting)} run + ${ms(script.scriptParseCompile)} compile`)
				.join('; ')}`,
			`main thread: ${rows('mainthread-work-breakdown')
				.map((group) => `${String(group.groupLabel)} ${ms(group.duration)}`)
				.join('; ')}`,
		]
		return {
			mainThread,
			scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
			lcp: numeric('largest-contentful-paint'),
			tbt: numeric('total-blocking-time'),
			cls: numeric('cumulative-layout-shift'),
			jsBytes: items.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN,
			imageBytes: items.find((item) => item.resourceType === 'image')?.transferSize ?? 0,
			benchmarkIndex: lhr.environment.benchmarkIndex,
			load: (loadavg()[0] ?? 0) / availableParallelism(),
			failed,
		}
	} finally {
		chrome.kill()
	}
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: that run is repeated. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
	for (let attempt = 1; ; attempt += 1) {
		try {
			return await run()
		} catch (error) {
			if (attempt >= attempts) throw error
			console.log(`  run failed (${error instanceof Error ? error.message : String(error)}); running it again`)
		}
	}
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

const partner = await startPartnerStandIn()
const server = await startServer(standInSettings(partner, { rest: true }), { quiet: true })
// The site's own address (SITE_URL) is localhost, so canonicals point at the page audited.
const site = server.url.replace('127.0.0.1', 'localhost')
try {
	// Warm: products crawled and pages kept, as a visitor after the first would find them.
	for (const [, path] of LIGHTHOUSE_PAGES) for (let round = 0; round < 3; round += 1) await (await fetch(`${site}${path}`)).text()
	// and their photos encoded once, as the first visitors would leave them.
	for (const [, path] of LIGHTHOUSE_PAGES) {
		const html = await (await fetch(`${site}${path}`)).text()
		const photos = new Set([...html.matchAll(/\/photos\/[\w-]{22}\/\d+\.img/g)].map((match) => match[0]))
		for (const photo of photos) {
			for (const width of [160, 240, 320, 480, 640]) {
				await (await fetch(`${site}${photo.replace(/\d+\.img$/, `${width}.img`)}`, { headers: { accept: 'image/avif,image/webp,*/*' } })).arrayBuffer()
			}
		}
	}

	const lines: string[] = []
	for (const formFactor of FORM_FACTORS) {
		for (const [name, path] of LIGHTHOUSE_PAGES) {
			const runs: Run[] = []
			for (let run = 0; run < RUNS; run += 1) runs.push(await withRetries(() => lighthouseRun(`${site}${path}`, formFactor)))
			const m = (pick: (run: Run) => number) => median(runs.map(pick))
			lines.push(
				`  ${formFactor.padEnd(8)} ${name.padEnd(9)} perf ${String(m((r) => r.scores.performance)).padStart(3)}  a11y ${String(m((r) => r.scores.accessibility)).padStart(3)}  BP ${String(m((r) => r.scores['best-practices'])).padStart(3)}  SEO ${String(m((r) => r.scores.seo)).padStart(3)}  LCP ${m(
					(r) => r.lcp,
				)
					.toFixed(0)
					.padStart(5)} ms  TBT ${m((r) => r.tbt)
					.toFixed(0)
					.padStart(
						4,
					)} ms  CLS ${m((r) => r.cls).toFixed(3)}  JS ${(m((r) => r.jsBytes) / 1024).toFixed(1)} kB  images ${(m((r) => r.imageBytes) / 1024).toFixed(1)} kB  benchmarkIndex ${m((r) => r.benchmarkIndex).toFixed(0)}  load/core ${Math.max(...runs.map((r) => r.load)).toFixed(2)}`,
			)
			if (runs.some((run) => run.load > 1))
				lines.push('      warning: the load average was above 1 per core during these runs; figures on a busy machine do not repeat')
			const byThread = runs.flatMap((run) => (run.byThread ? [run.byThread] : []))
			if (byThread.length > 0)
				lines.push(
					`      by thread time (the same traces, each main-thread task at the time its thread ran): perf ${median(byThread.map((reading) => reading.performance))}  TBT ${median(byThread.map((reading) => reading.tbt)).toFixed(0)} ms (runs: ${byThread.map((reading) => reading.tbt.toFixed(0)).join(', ')}; Lighthouse: ${runs.map((run) => run.tbt.toFixed(0)).join(', ')})`,
				)
			if (formFactor === 'mobile') {
				const middle = [...runs].sort((a, b) => a.tbt - b.tbt)[Math.floor(runs.length / 2)]
				for (const line of middle?.mainThread ?? []) lines.push(`      ${line}`)
			}
			const failed = [...new Set(runs.flatMap((run) => run.failed))]
			for (const audit of failed) lines.push(`      failed: ${audit}`)
			console.log(`  measured ${formFactor} ${path}`)
		}
	}
	const [one, five, fifteen] = loadavg()
	console.log(
		`\nLighthouse ${RUNS} runs each, medians (JS and images = bytes transferred; load/core is the highest one-minute load average per core seen), ${new Date().toISOString()}, load average now ${[one, five, fifteen].map((value) => (value ?? 0).toFixed(2)).join(' ')} on ${availableParallelism()} cores:`,
	)
	for (const line of lines) console.log(line)
	const errors = process.env.NU === '0' ? 0 : await nuCheck(site)
	console.log(
		`\nTargets: mobile performance ≥ 99 with LCP ≤ 1.2 s and TBT ≤ 100 ms on home, both cities and the category, ≤ 250 kB of images on the city page; accessibility, best practices, SEO = 100; 0 Nu errors (found ${errors}).`,
	)
} finally {
	await server.stop()
	await partner.stop()
}
