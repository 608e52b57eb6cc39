import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from '#test/support/browser.ts'
import { startPartnerStandIn, type PartnerStandIn } from '#test/support/partner-stand-in.ts'
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
