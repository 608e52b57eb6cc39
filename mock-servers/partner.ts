/**
 * A local stand-in for the partner, shaped like the real one and composed of its parts on one
 * port: the ColdFusion storefront and its listing pages (partner/listing-pages.ts), the REST API
 * under /api/rest (partner/rest-api.ts) and the product photos (partner/photos.ts). It counts
 * every request and can be switched into failure modes (partner/state.ts). Tests, the measuring
 * scripts and `npm run dev:mocks` start it.
 */
import { createServer } from 'node:http'
import { createListingPages } from '#mock-servers/partner/listing-pages.ts'
import { createPhotoHost, isPhotoPath } from '#mock-servers/partner/photos.ts'
import { answerApi, STAND_IN_API_KEY, STAND_IN_API_PASSWORD } from '#mock-servers/partner/rest-api.ts'
import { createState, type PartnerMode } from '#mock-servers/partner/state.ts'

export { productPhoto } from '#mock-servers/partner/photos.ts'
export { STAND_IN_API_KEY, STAND_IN_API_PASSWORD } from '#mock-servers/partner/rest-api.ts'
export type { PartnerMode } from '#mock-servers/partner/state.ts'

/**
 * Starts the stand-in on 127.0.0.1: on `port`, or on a free port by default. Photos come from the
 * stand-in itself unless `localImages: false` asks for the partner's real image host in its pages.
 */
export async function startPartnerStandIn(options: { localImages?: boolean; port?: number } = {}) {
	const { localImages, port: wanted = 0 } = { localImages: true, ...options }
	const state = createState(Boolean(localImages))
	const answerPhoto = createPhotoHost(state)
	const answerPage = createListingPages(state)
	const server = createServer((request, response) => {
		const path = request.url ?? '/'
		const url = new URL(path, 'http://stand-in')
		state.hits.push(path)
		if (isPhotoPath(url.pathname)) return answerPhoto(url, response)
		if (url.pathname.startsWith('/api/rest/')) return answerApi(state, request, response, url)
		answerPage(response, url, path)
	})
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(wanted, '127.0.0.1', resolve)
	})
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : 0
	state.ownUrl = `http://127.0.0.1:${port}`
	return {
		url: state.ownUrl,
		/** The REST API's base URL (FLORISTONE_API_URL). */
		apiUrl: `${state.ownUrl}/api/rest`,
		hits: state.hits,
		/** Every REST API request, path and query. */
		restCalls: state.restCalls,
		/** Answers every request held in 'gated' mode, and answers later ones at once. */
		release() {
			state.mode = 'ok'
			for (const answer of state.gated.splice(0)) answer()
		},
		/** Bytes of the 60 MB page written so far (the server's cut-off shows as a short count). */
		hugeBytesSent: () => state.hugeBytesSent,
		/** Changes the first product's name on every page from now on, as a partner's new range would. */
		setEdition(next: string) {
			state.edition = next
		},
		/** Which days (weekday 0 = Sunday, offset from today in Arizona) the delivery-date call offers; by default all but Sundays. */
		setDeliveryDays(offers: (weekday: number, offset: number) => boolean) {
			state.offersDay = offers
		},
		setMode(next: PartnerMode, options: { slowMs?: number } = {}) {
			state.mode = next
			if (options.slowMs) state.slowMs = options.slowMs
		},
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

export type PartnerStandIn = Awaited<ReturnType<typeof startPartnerStandIn>>

/** Settings that point the site at the stand-in: its pages, and with `rest` its REST API and the credentials it accepts. */
export function standInSettings(partner: PartnerStandIn, options: { rest?: boolean } = {}): Record<string, string> {
	return {
		PARTNER_BASE_URL: partner.url,
		FLORISTONE_API_URL: partner.apiUrl,
		...(options.rest ? { FLORISTONE_API_KEY: STAND_IN_API_KEY, FLORISTONE_API_PASSWORD: STAND_IN_API_PASSWORD } : {}),
	}
}
