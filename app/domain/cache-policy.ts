/**
 * Every caching rule the site sends, in one place. Two audiences:
 *
 * - `Cache-Control` is for browsers and any CDN in front of the site.
 * - `Surrogate-Control` and `Surrogate-Key` are for the site's own
 *   whole-response cache at the edge (`server/response-cache.ts`), which
 *   reads and removes them, as a CDN does: a response is kept there only if
 *   it carries `Surrogate-Control: max-age=N`, and is dropped early when a
 *   product source named in its `Surrogate-Key` changes.
 */

const YEAR = 31_536_000

/** How long a page is kept while its products are fresh, and while they are being refreshed. */
export const FRESH_PAGE_SECONDS = 300
export const REFRESHING_PAGE_SECONDS = 60

/** Shared caches keep a page briefly and may serve it stale while they revalidate; browsers always ask. */
function sharedPage(seconds: number): string {
	return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=3600, stale-if-error=86400`
}

export const cacheControl = {
	/** A page whose products are fresh, or that shows none. */
	page: sharedPage(FRESH_PAGE_SECONDS),
	/** A page showing products a background refresh is replacing. */
	refreshingPage: sharedPage(REFRESHING_PAGE_SECONDS),
	/** A page that streamed, fell back, failed or was not found: asked for anew every time. */
	uncachedPage: 'no-cache',
	/** The sitemap, the RSS feed and robots.txt: they change only with a deploy. */
	siteFile: 'public, max-age=3600',
	/** The products API: fresh for 2 hours, then stale for 2 more while a cache revalidates (SPEC §4). */
	productsApi: 'public, max-age=7200, stale-while-revalidate=7200',
	/** A page asked for with a query string: no shared cache keeps one copy per made-up query. */
	pageWithQuery: 'private, max-age=300',
	/** An answer for this visitor alone, such as today's delivery dates. */
	privateFor: (seconds: number) => `private, max-age=${seconds}`,
	/** Answers never kept: errors of the API, health probes, refused methods. */
	never: 'no-store',
	/** A product photo: its URL names one photo at one width, so it never changes. */
	photo: `public, max-age=${YEAR}, immutable`,
	/** A shared link's picture: it changes only when a page's title does, and link previews fetch it rarely. */
	socialImage: 'public, max-age=86400',
	/** The placeholder for a photo that failed: tried again after a few minutes. */
	photoPlaceholder: 'public, max-age=300',
} as const

/** Fingerprinted build assets (a year, immutable) and the other public files (an hour), in seconds. */
export const ASSET_MAX_AGE_SECONDS = YEAR
export const PUBLIC_FILE_MAX_AGE_SECONDS = 3600

/** The edge keeps a response for `seconds`. */
export function keepFor(seconds: number): string {
	return `max-age=${seconds}`
}

/** The tag of every response showing one category's products. */
export function productsTag(categorySlug: string): string {
	return `products-${categorySlug}`
}

/**
 * One part of a page's data as the loader hands it over: a promise still
 * streaming, or the settled value, which may say it failed or is being refreshed.
 */
export type PagePart = Promise<unknown> | { error?: string; failed?: boolean; refreshing?: boolean }

/**
 * The headers of a page showing products: kept by shared caches and the edge
 * only when every part was in hand at render time and none failed; kept
 * briefly while any part is being refreshed; tagged with the categories whose
 * products it shows.
 */
export function pageCaching(parts: readonly PagePart[], categorySlugs: readonly string[]): Record<string, string> {
	const complete = parts.every((part) => !(part instanceof Promise) && !part.error && !part.failed)
	if (!complete) return { 'Cache-Control': cacheControl.uncachedPage }
	const refreshing = parts.some((part) => !(part instanceof Promise) && part.refreshing)
	const seconds = refreshing ? REFRESHING_PAGE_SECONDS : FRESH_PAGE_SECONDS
	return {
		'Cache-Control': refreshing ? cacheControl.refreshingPage : cacheControl.page,
		'Surrogate-Control': keepFor(seconds),
		'Surrogate-Key': categorySlugs.map(productsTag).join(' '),
	}
}

/**
 * The last word on a page's caching, for every page and its navigation data: an error page or a
 * page asked for with a query string is never kept by a shared cache or the edge.
 */
export function finalPageCaching(url: string, status: number, headers: Headers): void {
	if (status !== 200) headers.set('Cache-Control', cacheControl.uncachedPage)
	else if (new URL(url).search) headers.set('Cache-Control', cacheControl.pageWithQuery)
	else return
	headers.delete('Surrogate-Control')
	headers.delete('Surrogate-Key')
}

/** The headers of a page that shows no partner data: kept for the fresh time. */
export const staticPageCaching: Record<string, string> = {
	'Cache-Control': cacheControl.page,
	'Surrogate-Control': keepFor(FRESH_PAGE_SECONDS),
}

/**
 * A route module's `headers` export: the caching its loader chose, else its
 * parent's (the root's: a page without partner data).
 */
export function routeHeaders({ loaderHeaders, parentHeaders }: { loaderHeaders: Headers; parentHeaders: Headers }): Headers {
	return loaderHeaders.has('Cache-Control') ? loaderHeaders : parentHeaders
}
