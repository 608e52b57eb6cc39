import { chromium, type Browser, type CDPSession } from 'playwright-core'

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

/**
 * The Debugger as Lighthouse turns it on before each run: pauses skipped, async stacks 8 deep.
 *
 * It changes what a trace shows. With the Debugger on, V8 keeps every function's source positions
 * from the start. With only the Runtime on, as Playwright leaves a page, an error created inside a
 * function makes V8 parse that function again for its positions: React DOM's module creates its
 * marker errors while it is evaluated, so a trace without the Debugger carries a 50–85 ms re-parse
 * of React DOM that neither Lighthouse nor a visitor's browser pays. Traces meant to match
 * Lighthouse's turn it on first.
 */
export async function enableDebuggerAsLighthouse(cdp: CDPSession): Promise<void> {
	await cdp.send('Debugger.enable')
	await cdp.send('Debugger.setSkipAllPauses', { skip: true })
	await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 8 })
	cdp.on('Debugger.paused', () => void cdp.send('Debugger.resume').catch(() => {}))
}
