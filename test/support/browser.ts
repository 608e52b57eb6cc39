import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Headless, with nothing reaching outside this machine (the audit's Lighthouse runs use them too). */
export const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
]

/**
 * An expression for CDP's Runtime.evaluate that resolves once the root layout has marked the page
 * hydrated. A plain page timer: Playwright's waitForFunction would add an injected script, a task
 * of its own in a trace of the page.
 */
export const HYDRATED_IN_PAGE = `new Promise((resolve) => { const check = () => document.documentElement.dataset.hydrated === 'true' ? resolve(true) : setTimeout(check, 100); check() })`

export function launchBrowser(): Promise<Browser> {
	return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
}
