import type { ExtractionWorker } from '#app/server/partner/extract-runner.server.ts'
import { DEFAULT_SAFE_FETCH, safeFetchText, UpstreamError } from '#app/server/partner/fetch-page.server.ts'
import type { PageLoader } from '#app/server/partner/page-cache.server.ts'
import { guarded, type SourceDeps } from '#app/server/partner/source-guard.server.ts'

const REQUEST_GAP_MS = 200

/**
 * Whether the page reached is the page asked for: a redirect may change the scheme, the host or
 * the path's case, but every query parameter asked for (the listing's `cat`, `occ`, ...) must
 * arrive unchanged. A storefront that drops the query answers with its generic listing, which
 * must never be stored as a category's products.
 */
export function reachedPageProblem(requested: string, reached: string): string | undefined {
	const asked = new URL(requested)
	const got = new URL(reached)
	for (const [name, value] of asked.searchParams) {
		const arrived = got.searchParams.getAll(name)
		if (!arrived.includes(value)) {
			return `The partner redirected ${asked.pathname}${asked.search} to ${got.pathname}${got.search}, another listing: its products are not this page's`
		}
	}
	return undefined
}

/**
 * The partner's own pages as a product source: fetches them directly (no key needed) and extracts their products
 * off the request path, in `extraction`'s worker. Only the partner's host is ever contacted; a 429
 * stops every process from asking again until Retry-After has passed.
 */
export function createDirectLoader(
	deps: SourceDeps & { extraction: ExtractionWorker; partnerBaseUrl: string; maxBytes?: number; deadlineMs?: number },
): PageLoader {
	const options = {
		...DEFAULT_SAFE_FETCH,
		...(deps.maxBytes ? { maxBytes: deps.maxBytes } : {}),
		...(deps.deadlineMs ? { deadlineMs: deps.deadlineMs } : {}),
		allowedHosts: new Set([new URL(deps.partnerBaseUrl).host]),
	}
	// Requests to the partner start at least 200 ms apart (SPEC §9), however many pages are cold.
	let nextStart = 0
	const waitForTurn = async () => {
		const now = deps.clock.now()
		const start = Math.max(now, nextStart)
		nextStart = start + REQUEST_GAP_MS
		if (start > now) await deps.clock.sleep(start - now)
	}
	return async (url, signal) => {
		// A retry waits its turn too.
		const page = await guarded(deps, url, async () => {
			await waitForTurn()
			return safeFetchText(url, options, { signal, now: deps.clock.now })
		})
		const problem = reachedPageProblem(url, page.url)
		if (problem) throw new UpstreamError(problem, { retryable: false })
		const products = await deps.extraction.extract(page.text, page.url)
		return { html: page.text, products }
	}
}
