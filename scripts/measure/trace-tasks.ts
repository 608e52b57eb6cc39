/**
 * Where a phone's main thread goes after the first paint, task by task (prints figures; never a test).
 * Loads a page in Chromium at 4x CPU slowdown (Lighthouse's phone), records a trace, and prints every
 * task over 12 ms (50 ms on the phone) with the events inside it, plus the sum of time over 50 ms at
 * 4x that Lighthouse would count as blocking. Several runs, alternating pages.
 * Run: `node scripts/measure/trace-tasks.ts /cities/phoenix/ [/other/] ` (after `npm run build`). RUNS=3.
 * TRACE_OUT=file keeps the last trace; PROFILE=1 adds V8's samples to it. The sampler makes V8 keep
 * every function's source positions from the start, so with PROFILE=1 a re-parse for positions
 * (V8.CollectSourcePositions, listed below when it happens) disappears from the trace: compare
 * task lengths without it.
 */
import { writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, enableDebuggerAsLighthouse, HYDRATED_IN_PAGE } from '#scripts/lib/browser.ts'
import { standInSettings, startPartnerStandIn } from '#mock-servers/partner.ts'
import { startServer } from '#scripts/lib/server.ts'

type TraceEvent = {
	name: string
	cat: string
	ph: string
	ts: number
	dur?: number
	tid: number
	pid: number
	args?: { data?: { url?: string; stackTrace?: unknown; functionName?: string } }
}

const RUNS = Number(process.env.RUNS ?? 3)
const paths = process.argv.slice(2)
const partner = await startPartnerStandIn()
const server = await startServer(standInSettings(partner, { rest: true }), { quiet: true })
const site = server.url.replace('127.0.0.1', 'localhost')
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
const blockingByPath = new Map<string, number[]>()
try {
	for (const path of paths) for (let round = 0; round < 3; round += 1) await (await fetch(`${site}${path}`)).text()
	for (let run = 0; run < RUNS; run += 1) {
		for (const path of paths) {
			const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 })
			const page = await context.newPage()
			const cdp = await context.newCDPSession(page)
			await enableDebuggerAsLighthouse(cdp)
			await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
			const events: TraceEvent[] = []
			cdp.on('Tracing.dataCollected', (data) => void events.push(...(data.value as unknown as TraceEvent[])))
			const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
			await cdp.send('Tracing.start', {
				categories: `toplevel,devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8,blink,loading,disabled-by-default-v8.compile${process.env.PROFILE ? ',disabled-by-default-v8.cpu_profiler' : ''}`,
				transferMode: 'ReportEvents',
			})
			await page.goto(`${site}${path}`, { waitUntil: 'load' })
			// Waits with a plain timer in the page: Playwright's waitForFunction would install its own
			// injected script, a 90-190 ms task in the trace that no visitor's phone runs.
			await cdp.send('Runtime.evaluate', { expression: HYDRATED_IN_PAGE, awaitPromise: true, timeout: 30_000 })
			await page.waitForTimeout(1_500)
			await cdp.send('Tracing.end')
			await done
			await context.close()
			if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, JSON.stringify(events))
			// The page's main thread: where its first contentful paint was marked.
			const paint = events.find((event) => event.name === 'firstContentfulPaint')
			if (!paint) continue
			const onMain = events.filter((event) => event.pid === paint.pid && event.tid === paint.tid)
			const fcp = paint.ts
			const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ph === 'X' && (event.dur ?? 0) > 12_000 && event.ts >= fcp)
			let blocking = 0
			const lines: string[] = []
			for (const task of tasks) {
				const inside = onMain.filter(
					(event) =>
						event.ph === 'X' && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0) && event !== task && (event.dur ?? 0) > 2_000,
				)
				const named = inside
					.filter((event) =>
						[
							'EvaluateScript',
							'v8.evaluateModule',
							'FunctionCall',
							'ParseHTML',
							'Layout',
							'UpdateLayoutTree',
							'RunMicrotasks',
							'v8.compile',
							'v8.compileModule',
							'TimerFire',
							'EventDispatch',
							'Paint',
							'GCEvent',
							'MajorGC',
							'MinorGC',
							'V8.GC_SCAVENGER',
							'XHRReadyStateChange',
							'FireAnimationFrame',
							'HitTest',
							'PrePaint',
							'Commit',
							'ScheduleStyleRecalculation',
							'v8.run',
							'V8.ScriptCompiler',
							'V8.CollectSourcePositions',
						].includes(event.name),
					)
					.map(
						(event) =>
							`${event.name}${event.args?.data?.url ? `(${event.args.data.url.replace(site, '')})` : event.args?.data?.functionName ? `(${event.args.data.functionName})` : ''} ${((event.dur ?? 0) / 1000).toFixed(0)}`,
					)
				const ms = (task.dur ?? 0) / 1000
				blocking += Math.max(0, ms * 1 - 50)
				lines.push(`    +${((task.ts - fcp) / 1000).toFixed(0)} ms: ${ms.toFixed(0)} ms [${named.slice(0, 8).join(', ')}]`)
			}
			blockingByPath.set(path, [...(blockingByPath.get(path) ?? []), blocking])
			console.log(`${path} run ${run + 1}: ${tasks.length} tasks over 12 ms after FCP, blocking ${blocking.toFixed(0)} ms (throttled)`)
			if (process.env.TASKS !== '0') for (const line of lines) console.log(line)
		}
	}
	for (const [path, values] of blockingByPath) {
		const sorted = [...values].sort((a, b) => a - b)
		console.log(
			`${path}: median blocking ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms over ${values.length} runs (${sorted.map((value) => value.toFixed(0)).join(', ')})`,
		)
	}
} finally {
	await browser.close()
	await server.stop()
	await partner.stop()
}
