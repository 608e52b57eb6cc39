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

export function launchBrowser(): Promise<Browser> {
	return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
}
