/**
 * `npm run audit:inp` (builds first; prints figures, never a pass/fail test): how long a phone
 * visitor waits for the answer to a tap. Debian's Chromium at 390×844 with touch and its CPU slowed
 * 4×, on the built server with the local stand-in for the partner, reads each interaction's
 * Interaction to Next Paint (the Event Timing API: the longest event of the interaction, from input
 * to the next paint). Each round takes every interaction once, in a turning order, each on a fresh
 * page; per interaction it prints the median INP and the median over rounds of (INP − INP of the
 * plainest interaction, a native FAQ question, in the same round): the figure a change is judged by.
 * Options: ROUNDS=5, ONLY=faq,date-picker (names below), CPU=4.
 */
import { cpus, loadavg } from 'node:os'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '#scripts/lib/browser.ts'
import { standInSettings, startPartnerStandIn } from '#mock-servers/partner.ts'
import { startServer } from '#scripts/lib/server.ts'
import { median } from '#scripts/measure/lighthouse.ts'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`ROUNDS: a whole number of rounds, not "${process.env.ROUNDS}"`)
const CPU = Number(process.env.CPU ?? 4)
if (!(CPU >= 1)) throw new Error(`CPU: a slowdown of at least 1, not "${process.env.CPU}"`)

type Interaction = { path: string; act: (page: Page) => Promise<void> }

/** Types text into a search box a key at a time, as a phone's keyboard does, then moves into the list. */
const typeInto = (label: string, text: string) => async (page: Page) => {
	const box = page.getByRole('combobox', { name: label })
	await box.tap()
	await box.pressSequentially(text, { delay: 60 })
	await box.press('ArrowDown')
}

/**
 * Opens the delivery checker's date picker, picks the first day it offers, then an hour (with the
 * keyboard: a phone's own list of options is drawn outside the page, where no event reaches it).
 * The visitor has scrolled to the checker and read it for a moment first, as its calendar is drawn.
 */
const pickDate = (label: string) => async (page: Page) => {
	const input = page.getByLabel(label, { exact: true })
	await input.scrollIntoViewIfNeeded()
	await page.locator('#delivery-checker input[aria-haspopup="dialog"]').waitFor()
	await page.waitForTimeout(1_000)
	await input.tap()
	await page.locator('#delivery-checker [role="grid"] [data-date]:not([aria-disabled="true"])').first().tap()
	await page.locator('#delivery-checker select').focus()
	await page.keyboard.press('ArrowDown')
}

/**
 * The interactions a sender makes on a phone, in English and Spanish; `faq` is the plainest, the floor of
 * each round. (The header's search box shows from desktop widths on, so a phone searches in the hero box;
 * the language link loads a new document, whose tap the Event Timing API of the old one does not report.)
 */
const INTERACTIONS: Record<string, Interaction> = {
	faq: { path: '/cities/phoenix/', act: (page) => page.locator('details summary').first().tap() },
	'hero-search': { path: '/', act: typeInto('Your Arizona city', 'flag') },
	'hero-search-es': { path: '/es/', act: typeInto('Su ciudad de Arizona', 'noga') },
	'date-picker': { path: '/cities/phoenix/', act: pickDate('Delivery date') },
	'date-picker-es': { path: '/es/ciudades/nogales/', act: pickDate('Fecha de entrega') },
	sort: { path: '/categories/birthday-flowers/', act: (page) => page.getByRole('link', { name: 'Price: low to high' }).tap() },
}
const names = process.env.ONLY?.split(',') ?? Object.keys(INTERACTIONS)
for (const name of names) if (!INTERACTIONS[name]) throw new Error(`ONLY: unknown interaction "${name}" (one of ${Object.keys(INTERACTIONS).join(', ')})`)
if (!names.includes('faq')) names.unshift('faq')

/** Collects every event's timing from the first paint on; an interaction's INP is its longest event. */
const OBSERVE_EVENTS = `(() => {
	window.__events = []
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries()) if (entry.interactionId) window.__events.push({ id: entry.interactionId, duration: entry.duration })
	}).observe({ type: 'event', durationThreshold: 16, buffered: true })
})()`

async function measure(url: string, interaction: Interaction, browser: Browser): Promise<number> {
	const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 })
	const page = await context.newPage()
	try {
		await page.addInitScript(OBSERVE_EVENTS)
		const cdp = await context.newCDPSession(page)
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
		await page.goto(`${url}${interaction.path}`)
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		await page.waitForTimeout(1_000)
		await interaction.act(page)
		// The answer's paint, and the event entries that report it, come a moment after the tap.
		await page.waitForTimeout(1_000)
		const durations = await page.evaluate(() => (window as unknown as { __events: { duration: number }[] }).__events.map((event) => event.duration))
		return durations.length > 0 ? Math.max(...durations) : 0
	} finally {
		await context.close()
	}
}

const partner = await startPartnerStandIn({ localImages: true })
const server = await startServer(standInSettings(partner, { rest: true }), { quiet: true })
const browser = await launchBrowser()
const loads: number[] = []
const inp = new Map<string, number[]>(names.map((name) => [name, []]))
const overFloor = new Map<string, number[]>(names.map((name) => [name, []]))
try {
	for (let round = 0; round < ROUNDS; round++) {
		// Each round in another order, so no interaction always runs first or last.
		const order = names.map((_, index) => names[(index + round) % names.length] ?? 'faq')
		const taken = new Map<string, number>()
		for (const name of order) {
			const interaction = INTERACTIONS[name]
			if (interaction) taken.set(name, await measure(server.url, interaction, browser))
		}
		loads.push(loadavg()[0] ?? 0)
		const floor = taken.get('faq') ?? 0
		for (const [name, value] of taken) {
			inp.get(name)?.push(value)
			overFloor.get(name)?.push(value - floor)
		}
		console.info(`round ${round + 1}: ${[...taken].map(([name, value]) => `${name} ${Math.round(value)} ms`).join(', ')}`)
	}
} finally {
	await browser.close()
	await server.stop()
	await partner.stop()
}

console.info(
	`\nINP at 390×844, touch, CPU ${CPU}× slower; ${ROUNDS} rounds; ${new Date().toISOString()}; ${cpus().length} cores, one-minute load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
)
console.info('| interaction | median INP | median over the FAQ question, same round |')
console.info('| --- | ---: | ---: |')
for (const name of names)
	console.info(`| ${name} | ${Math.round(median(inp.get(name) ?? []))} ms | ${name === 'faq' ? '—' : `${Math.round(median(overFloor.get(name) ?? []))} ms`} |`)
