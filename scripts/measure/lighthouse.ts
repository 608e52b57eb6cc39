/**
 * One Lighthouse run in a Chromium of its own, and the arithmetic of runs taken in turns.
 *
 * On this 2-core machine the same page's Total Blocking Time ranges widely from one run to the
 * next, because the machine's other work lands inside the page's tasks. Two targets measured
 * one right after the other meet nearly the same machine, so the audits compare each page with a
 * floor measured in the same round and report the median of those differences.
 */
import { availableParallelism, loadavg } from 'node:os'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#scripts/lib/browser.ts'

export type FormFactor = 'mobile' | 'desktop'

export type Reading = {
	scores: { performance: number; accessibility: number; 'best-practices': number; seo: number }
	lcp: number
	tbt: number
	cls: number
	/** Bytes of script and of images transferred. */
	jsBytes: number
	imageBytes: number
	/** The one-minute load average per core when the run ended. */
	load: number
	/** Accessibility, best-practice and SEO audits that did not pass. */
	failed: string[]
	/** Where the main thread's time went: long tasks, scripts, work by kind. */
	mainThread: string[]
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

/**
 * One run on `url`. `blockScripts` blocks every `*.js` request (Lighthouse's `blockedUrlPatterns`):
 * the page as it reads before its scripts, inline scripts aside.
 */
export async function lighthouseRun(
	url: string,
	{ formFactor = 'mobile', blockScripts = false }: { formFactor?: FormFactor; blockScripts?: boolean } = {},
): Promise<Reading> {
	// Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: that run is repeated.
	for (let attempt = 1; ; attempt += 1) {
		try {
			return await reading(url, formFactor, blockScripts)
		} catch (error) {
			if (attempt >= 3) throw error
			console.log(`  run failed (${error instanceof Error ? error.message : String(error)}); running it again`)
		}
	}
}

async function reading(url: string, formFactor: FormFactor, blockScripts: boolean): Promise<Reading> {
	const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
	try {
		const result = await lighthouse(
			url,
			{ port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], blockedUrlPatterns: blockScripts ? ['*.js'] : null },
			formFactor === 'desktop' ? desktopConfig : undefined,
		)
		if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
		const { lhr } = result
		if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
		const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
		const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
		const rows = (id: string) => {
			const details = lhr.audits[id]?.details
			return (details && 'items' in details ? details.items : []) as Record<string, unknown>[]
		}
		const transferred = (type: string) => Number(rows('resource-summary').find((item) => item.resourceType === type)?.transferSize ?? 0)
		const failed = Object.values(lhr.categories)
			.filter((category) => category.id !== 'performance')
			.flatMap((category) => category.auditRefs)
			.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
			.map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`)
		const ms = (value: unknown) => `${Math.round(Number(value))} ms`
		const short = (address: unknown) => String(address).replace(/^https?:\/\/[^/]+/, '') || String(address)
		return {
			scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
			lcp: numeric('largest-contentful-paint'),
			tbt: numeric('total-blocking-time'),
			cls: numeric('cumulative-layout-shift'),
			jsBytes: transferred('script'),
			imageBytes: transferred('image'),
			load: loadPerCore(),
			failed,
			mainThread: [
				`long tasks: ${
					rows('long-tasks')
						.map((task) => `${short(task.url)} ${ms(task.duration)} at ${ms(task.startTime)}`)
						.join('; ') || 'none'
				}`,
				`scripts: ${rows('bootup-time')
					.map((script) => `${short(script.url)} ${ms(script.scripting)} run + ${ms(script.scriptParseCompile)} compile`)
					.join('; ')}`,
			],
		}
	} finally {
		chrome.kill()
	}
}

/** The one-minute load average per core. */
export function loadPerCore(): number {
	return (loadavg()[0] ?? 0) / availableParallelism()
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	if (sorted.length === 0) return Number.NaN
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The median over rounds of `a[i] − b[i]`: each round's difference, taken on the same moment of the machine. */
export function medianDifference(a: number[], b: number[]): number {
	return median(a.map((value, round) => value - (b[round] ?? Number.NaN)))
}

/** Round `round`'s order of `targets`: each target takes each place in turn, so none always runs first. */
export function inTurn<T>(targets: readonly T[], round: number): T[] {
	const shift = round % targets.length
	return [...targets.slice(shift), ...targets.slice(0, shift)]
}

/** The load average now, and the machine, for the figures' heading. */
export function machineLine(): string {
	const [one, five, fifteen] = loadavg()
	return `${new Date().toISOString()}, load average ${[one, five, fifteen].map((value) => (value ?? 0).toFixed(2)).join(' ')} on ${availableParallelism()} cores`
}
