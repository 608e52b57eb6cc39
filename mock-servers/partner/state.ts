/** How the stand-in answers: as a healthy partner ('ok'), or failing one of the ways a real one does. */
export type PartnerMode =
	| 'ok'
	| 'down'
	| 'rate-limited'
	| 'slow'
	| 'hang'
	| 'huge'
	| 'hostile'
	| 'redirect-away'
	| 'garbage'
	| 'nested'
	| 'gated'
	/** Like 'gated', but the headers go out at once and only the body waits: no headers timeout runs out, however long it is held. */
	| 'held'
	/** Pages answer 200 but list no products (a soft 404 or a redesign); the REST API lists none. */
	| 'empty'
	/** Every page request with a query string is redirected to the same path without it, as some partner redirects do. */
	| 'drop-query'
	/** Category listing pages (main.cfm?cat=…) answer 404. */
	| 'missing-category'
	/** The REST API prices no order: `gettotal` answers with an error list instead of totals; all else is well. */
	| 'no-totals'

/** What the stand-in's parts (listing pages, REST API, photos) share, and what its controls change. */
export type StandInState = {
	mode: PartnerMode
	/** How long 'slow' holds each answer. */
	slowMs: number
	/** Added to the first product's name on every page, as a partner's new range would change it. */
	edition: string
	/** Bytes of the 'huge' page written so far. */
	hugeBytesSent: number
	/** Which days (weekday 0 = Sunday, offset from today in Arizona) the delivery-date call offers. */
	offersDay: (weekday: number, offset: number) => boolean
	/** The answers 'gated' and 'held' keep back until released. */
	gated: (() => void)[]
	/** Every request's path and query, in order. */
	hits: string[]
	/** Every REST API request's path and query, in order. */
	restCalls: string[]
	/** The stand-in's own address, once it listens. */
	ownUrl: string
	/** Whether product photos come from the stand-in itself rather than the partner's real image host. */
	localImages: boolean
}

export function createState(localImages: boolean): StandInState {
	return {
		mode: 'ok',
		slowMs: 3_000,
		edition: '',
		hugeBytesSent: 0,
		offersDay: (weekday) => weekday !== 0,
		gated: [],
		hits: [],
		restCalls: [],
		ownUrl: '',
		localImages,
	}
}

/** The partner's 404 page, for any path it does not know. */
export const NOT_FOUND_PAGE =
	'<!DOCTYPE html><html><head><title>Page Not Found</title></head><body><h1>Sorry, that page could not be found.</h1><a href="/index.cfm"><img src="/images/logo.png" alt="Florist One"></a></body></html>'

/** Where product pictures are: the stand-in itself (so a browser offline loads them), or the partner's real image host. */
export function imageBase(state: StandInState): string {
	return state.localImages ? state.ownUrl : 'https://cdn.floristone.com'
}
