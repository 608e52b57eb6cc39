/**
 * `npm run audit:inp` (builds first; prints figures, never a pass/fail test): how long a phone
 * visitor waits for the answer to a tap. Debian's Chromium at 390×844 with touch and its CPU slowed
 * 4×, on the built server with the local stand-in for the partner, reads each interaction's
 * Interaction to Next Paint (the Event Timing API: the longest event of the interaction, from input
 * to the next paint). Each round takes every interaction once, in a turning order, each on a fresh
 * page; per interaction it prints the median INP and the median over rounds of (INP − INP of the
 * plainest interaction, a native FAQ question, in the same round): the figure a change is judged by.
 * Options: ROUNDS=5, ONLY=faq,date-picker (names below), CPU=4; BASE=../other-checkout (built there; several
 * comma-separated) measures each build in turn within each round, and prints each one's figures and the
 * median over rounds of (other − this).
 */
import { cpus, loadavg } from 'node:os'
import { basename, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '#scripts/lib/browser.ts'
import { standInSettings, startPartnerStandIn } from '#mock-servers/partner.ts'
import { startServerIn, type RunningServer } from '#scripts/lib/server.ts'
import { inTurn, median } from '#scripts/measure/lighthouse.ts'

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

// The calendar's field and its days, and those of the react-datepicker field of the builds before
// 2026-12-05, so that one of those can be a BASE to compare with.
const CALENDAR_FIELD = '#delivery-checker input[aria-haspopup="dialog"], #delivery-checker .react-datepicker__input-container input'
const OPEN_DAY = '#delivery-checker [role="grid"] [data-date]:not([aria-disabled="true"]), .react-datepicker__day:not([aria-disabled="true"])'

/**
 * Opens the delivery checker's date picker, picks the first day it offers, then an hour (with the
 * keyboard: a phone's own list of options is drawn outside the page, where no event reaches it).
 * The visitor has scrolled to the checker and read it for a moment first, as its calendar is drawn.
 */
const pickDate = (label: string) => async (page: Page) => {
	const input = page.getByLabel(label, { exact: true })
	await input.scrollIntoViewIfNeeded()
	await page.locator(CALENDAR_FIELD).first().waitFor()
	await page.waitForTimeout(1_000)
	await input.tap()
	await page.locator(OPEN_DAY).first().tap()
	await page.locator('#delivery-checker select').focus()
	await page.keyboard.press('ArrowDown')
}

/** Types a date into the birthday reminder's field with the keyboard (its own picker opens outside the page). */
const typeBirthday = async (page: Page) => {
	const field = page.locator('#birthday-date')
	await field.scrollIntoViewIfNeeded()
	await page.waitForTimeout(500)
	await field.focus()
	await page.keyboard.type('03152027', { delay: 60 })
}

/**
 * The interactions a sender makes on a phone, in English and Spanish; `faq` is the plainest, the floor of
 * each round. Left out, with their reasons: the header's search box shows from desktop widths on (a phone
 * searches in the hero box); the language link loads a new document, whose tap the Event Timing API of
 * the old one does not report; the slider has no buttons, and a swipe is a scroll, which is no interaction.
 */
const INTERACTIONS: Record<string, Interaction> = {
	faq: { path: '/cities/phoenix/', act: (page) => page.locator('details summary').first().tap() },
	'hero-search': { path: '/', act: typeInto('Your Arizona city', 'flag') },
	'hero-search-es': { path: '/es/', act: typeInto('Su ciudad de Arizona', 'noga') },
	'date-picker': { path: '/cities/phoenix/', act: pickDate('Delivery date') },
	'date-picker-es': { path: '/es/ciudades/nogales/', act: pickDate('Fecha de entrega') },
	sort: { path: '/categories/birthday-flowers/', act: (page) => page.getByRole('link', { name: 'Price: low to high' }).tap() },
	'sort-es': { path: '/es/ocasiones/flores-de-cumpleanos/', act: (page) => page.getByRole('link', { name: 'Precio: de menor a mayor' }).tap() },
	band: { path: '/categories/birthday-flowers/', act: (page) => page.getByRole('link', { name: '$60–$80' }).tap() },
	'band-es': { path: '/es/ocasiones/flores-de-cumpleanos/', act: (page) => page.getByRole('link', { name: 'Menos de $60' }).tap() },
	reminder: { path: '/cities/phoenix/', act: typeBirthday },
	'reminder-es': { path: '/es/ciudades/nogales/', act: typeBirthday },
}
const names = process.env.ONLY?.split(',') ?? Object.keys(INTERACTIONS)
for (const name of names) if (!INTERACTIONS[name]) throw new Error(`ONLY: unknown interaction "${name}" (one of ${Object.keys(INTERACTIONS).join(', ')})`)
if (!names.includes('faq')) names.unshift('faq')

/** Round by round, `a − b`. */
const pairedDifferences = (a: readonly number[], b: readonly number[]) => a.map((value, index) => value - (b[index] ?? 0))

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

const THIS = 'this'
const bases = (process.env.BASE ?? '').split(',').filter(Boolean)
/** Each build by a short name: this checkout, and each other in BASE by its folder's name. */
const builds = new Map([[THIS, process.cwd()], ...bases.map((base) => [basename(resolve(base)), resolve(base)] as const)])
if (builds.size !== bases.length + 1) throw new Error('BASE: each checkout needs a folder name of its own')

const partner = await startPartnerStandIn({ localImages: true })
const settings = standInSettings(partner, { rest: true })
const servers = new Map<string, RunningServer>()
const browser = await launchBrowser()
const loads: number[] = []
/** Per build, per interaction: each round's INP, and its difference with the FAQ question of the same build and round. */
const inp = new Map([...builds.keys()].map((build) => [build, new Map<string, number[]>(names.map((name) => [name, []]))]))
const overFloor = new Map([...builds.keys()].map((build) => [build, new Map<string, number[]>(names.map((name) => [name, []]))]))
try {
	for (const [name, directory] of builds) servers.set(name, await startServerIn(directory, settings))
	for (let round = 0; round < ROUNDS; round++) {
		// Each round in another order, so no interaction (and no build) always runs first or last.
		const order = names.map((_, index) => names[(index + round) % names.length] ?? 'faq')
		const taken = new Map([...builds.keys()].map((build) => [build, new Map<string, number>()]))
		for (const name of order) {
			const interaction = INTERACTIONS[name]
			if (!interaction) continue
			for (const build of inTurn([...builds.keys()], round)) {
				const server = servers.get(build)
				if (server) taken.get(build)?.set(name, await measure(server.url, interaction, browser))
			}
		}
		loads.push(loadavg()[0] ?? 0)
		for (const [build, values] of taken) {
			const floor = values.get('faq') ?? 0
			for (const [name, value] of values) {
				inp.get(build)?.get(name)?.push(value)
				overFloor
					.get(build)
					?.get(name)
					?.push(value - floor)
			}
			console.info(
				`round ${round + 1}${builds.size > 1 ? ` (${build})` : ''}: ${[...values].map(([name, value]) => `${name} ${Math.round(value)} ms`).join(', ')}`,
			)
		}
	}
} finally {
	await browser.close()
	for (const server of servers.values()) await server.stop()
	await partner.stop()
}

console.info(
	`\nINP at 390×844, touch, CPU ${CPU}× slower; ${ROUNDS} rounds; ${new Date().toISOString()}; ${cpus().length} cores, one-minute load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
)
const ms = (values: number[]) => `${Math.round(median(values))} ms`
for (const [build, directory] of builds) {
	if (builds.size > 1) console.info(`\n${build} = ${directory}`)
	const others = [...builds.keys()].filter((other) => other !== THIS)
	console.info(
		`| interaction | median INP | median over the FAQ question, same round |${build === THIS ? others.map((other) => ` median (${other} − this) |`).join('') : ''}`,
	)
	console.info(`| --- | ---: | ---: |${build === THIS ? others.map(() => ' ---: |').join('') : ''}`)
	for (const name of names) {
		const values = inp.get(build)?.get(name) ?? []
		const versus = build === THIS ? others.map((other) => ` ${ms(pairedDifferences(inp.get(other)?.get(name) ?? [], values))} |`).join('') : ''
		console.info(`| ${name} | ${ms(values)} | ${name === 'faq' ? '—' : ms(overFloor.get(build)?.get(name) ?? [])} |${versus}`)
	}
}
