import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { launchBrowser } from '#scripts/lib/browser.ts'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer, type RunningServer } from '#test/support/server.ts'

type Settings = Record<string, string>

export type SiteOptions =
	| {
			/** No partner stand-in: the server's partner is unreachable unless the settings name one. */
			partner?: false
			settings?: Settings
			/** Launch Chromium too (the default). */
			browser?: boolean
	  }
	| {
			/** A partner stand-in starts first; the server's settings are made from it. */
			partner: true
			settings?: (partner: PartnerStandIn) => Settings
			browser?: boolean
	  }

export type Site = {
	readonly server: RunningServer
	readonly browser: Browser
	readonly partner: PartnerStandIn
}

/**
 * The built site for one test file (or one describe block): an optional partner
 * stand-in, the server, and Chromium, started before its tests and stopped after
 * them. The returned handle's getters give each once it is up.
 */
export function useSite(options: SiteOptions = {}): Site {
	let partner: PartnerStandIn | undefined
	let server: RunningServer | undefined
	let browser: Browser | undefined

	beforeAll(async () => {
		let settings: Settings | undefined
		if (options.partner) {
			const standIn = await startPartnerStandIn()
			partner = standIn
			settings = options.settings?.(standIn)
		} else {
			settings = options.settings
		}
		const started = await Promise.allSettled([
			startServer(settings).then((running) => (server = running)),
			options.browser === false ? undefined : launchBrowser().then((launched) => (browser = launched)),
		])
		// Whatever did start is stopped by afterAll; the first failure fails the file.
		for (const result of started) if (result.status === 'rejected') throw result.reason
	})
	afterAll(async () => {
		await browser?.close()
		await server?.stop()
		await partner?.stop()
	})

	const ready = <T>(value: T | undefined, name: string): T => {
		if (value === undefined) throw new Error(`The site's ${name} is not running: read it inside a test or hook, from a useSite call that starts one`)
		return value
	}
	return {
		get server() {
			return ready(server, 'server')
		},
		get browser() {
			return ready(browser, 'browser')
		},
		get partner() {
			return ready(partner, 'partner stand-in')
		},
	}
}

/** A phone: 390 × 844 CSS pixels, touch. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/**
 * A fresh page of the site's browser for each test, closed after it; the test fails if the page
 * threw, or logged an error (or, with `warnings`, a warning) to its console. The getter gives the
 * current test's page.
 */
export function usePage(site: Site, options: BrowserContextOptions & { warnings?: boolean } = {}): { readonly page: Page } {
	const { warnings = false, ...context } = options
	let page: Page | undefined
	let problems: string[] = []
	beforeEach(async () => {
		page = await site.browser.newPage(context)
		problems = []
		page.on('pageerror', (error) => problems.push(error.message))
		page.on('console', (message) => {
			if (message.type() === 'error' || (warnings && message.type() === 'warning')) problems.push(message.text())
		})
	})
	afterEach(async () => {
		await page?.close()
		page = undefined
		expect(problems).toEqual([])
	})
	return {
		get page() {
			if (!page) throw new Error('The page is open only inside a test')
			return page
		},
	}
}

/** Resolves once React has hydrated the page (the root layout marks the document). */
export async function hydrated(page: Page): Promise<void> {
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}
