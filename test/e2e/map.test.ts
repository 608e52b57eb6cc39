import { afterAll, beforeAll, expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { startServer, type RunningServer } from '#test/support/server.ts'

const MAPS_KEY = 'AIzaTestBrowserKey123'

// The Maps API lives outside this machine: a local stand-in records what the page asks of it.
const MAPS_STAND_IN = `
window.__mapsCalls = { maps: [], markers: [] };
window.google = { maps: {
  Map: function (element, options) { window.__mapsCalls.maps.push(options); element.dataset.mapReady = 'true'; },
  Marker: function (options) { window.__mapsCalls.markers.push({ title: options.title, position: options.position }); },
} };
window.__initGoogleMaps();
`

// The site's own server has a Maps key; a second one, without, shows the static block.
const site = useSite({ settings: { GOOGLE_MAPS_API_KEY: MAPS_KEY } })
let withoutKey: RunningServer

beforeAll(async () => {
	withoutKey = await startServer()
})
afterAll(async () => {
	await withoutKey?.stop()
})

test('with a key, the Maps script loads once, only near the map, centred on the city at zoom 12', async () => {
	const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } })
	const scriptRequests: string[] = []
	await page.route('https://maps.googleapis.com/**', (route) => {
		scriptRequests.push(route.request().url())
		return route.fulfill({ status: 200, contentType: 'text/javascript', body: MAPS_STAND_IN })
	})
	await page.goto(`${site.server.url}/cities/sedona/`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	expect(scriptRequests).toEqual([])

	await page.getByRole('heading', { name: 'Delivering across Sedona' }).scrollIntoViewIfNeeded()
	await page.waitForSelector('[data-map-ready="true"]')
	expect(scriptRequests).toHaveLength(1)
	expect(scriptRequests[0]).toContain(`key=${MAPS_KEY}`)
	const calls = await page.evaluate(() => (window as unknown as { __mapsCalls: unknown }).__mapsCalls)
	expect(calls).toEqual({
		maps: [
			{
				center: { lat: 34.8697, lng: -111.761 },
				zoom: 12,
				mapTypeControl: true,
				streetViewControl: true,
				zoomControl: true,
				fullscreenControl: true,
			},
		],
		markers: [{ title: 'Sedona, Arizona', position: { lat: 34.8697, lng: -111.761 } }],
	})
	await page.close()
})

test('without a key: a static block that opens the location on a maps site, and no Maps script', async () => {
	const page = await site.browser.newPage()
	const scriptRequests: string[] = []
	page.on('request', (request) => {
		if (request.url().includes('maps.googleapis.com')) scriptRequests.push(request.url())
	})
	await page.goto(`${withoutKey.url}/cities/sedona/`)
	await page.getByRole('heading', { name: 'Delivering across Sedona' }).scrollIntoViewIfNeeded()
	const link = page.getByRole('link', { name: 'Open Sedona in Google Maps' })
	expect(await link.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=34.8697%2C-111.761')
	expect(scriptRequests).toEqual([])
	await page.close()
})
