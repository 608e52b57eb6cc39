import { z } from 'zod'
import { DEFAULT_SAFE_FETCH, safeFetchText, UpstreamError } from '#app/server/partner/fetch-page.server.ts'
import type { ExtractionWorker } from '#app/server/partner/extract-runner.server.ts'
import type { PageLoader } from '#app/server/partner/page-cache.server.ts'
import { guarded, type SourceDeps } from '#app/server/partner/source-guard.server.ts'

function parseJson(text: string, what: string): unknown {
	try {
		return JSON.parse(text)
	} catch {
		throw new UpstreamError(`${what} answered with something other than JSON`, { retryable: false })
	}
}

const crawlStarted = z.object({ success: z.boolean(), id: z.string().optional(), error: z.string().optional() })
const crawlStatus = z.object({
	status: z.string(),
	data: z.array(z.object({ html: z.string().optional(), content: z.string().optional(), rawHtml: z.string().optional() })).optional(),
	error: z.string().optional(),
})

/**
 * Firecrawl: crawl one URL (limit 1, formats markdown and html) and read the
 * HTML of the first result, or its content field (SPEC §7). The key is sent
 * only to the Firecrawl API host.
 */
export function createFirecrawlLoader(
	deps: SourceDeps & { extraction: ExtractionWorker; apiUrl: string; apiKey: string | undefined; pollMs?: number },
): PageLoader {
	const options = { ...DEFAULT_SAFE_FETCH, allowedHosts: new Set([new URL(deps.apiUrl).host]) }
	const pollMs = deps.pollMs ?? 1_000
	return async (pageUrl, signal) => {
		if (!deps.apiKey) throw new UpstreamError('API key not found', { retryable: false, sentence: 'API key not found' })
		const headers = { authorization: `Bearer ${deps.apiKey}`, 'content-type': 'application/json' }
		const crawlUrl = `${deps.apiUrl}/v1/crawl`
		const html = await guarded(deps, crawlUrl, async () => {
			let started: z.infer<typeof crawlStarted>
			try {
				const response = await safeFetchText(crawlUrl, options, {
					method: 'POST',
					headers,
					signal,
					body: JSON.stringify({ url: pageUrl, limit: 1, scrapeOptions: { formats: ['markdown', 'html'] } }),
				})
				started = crawlStarted.parse(parseJson(response.text, 'Firecrawl'))
			} catch (error) {
				// No answer from the crawl API at all: said as the connection failure it is.
				if (error instanceof UpstreamError && error.code === 'unreachable') {
					throw new UpstreamError('Failed to connect to Firecrawl API', { retryable: true, sentence: 'Failed to connect to Firecrawl API' })
				}
				throw error
			}
			if (!started.success || !started.id) throw crawlFailed(started.error)
			for (;;) {
				if (signal.aborted) throw new UpstreamError('Failed to crawl website: timed out', { retryable: false, sentence: 'Failed to crawl website' })
				const poll = await safeFetchText(`${crawlUrl}/${encodeURIComponent(started.id)}`, options, { headers, signal })
				const status = crawlStatus.parse(parseJson(poll.text, 'Firecrawl'))
				if (status.status === 'completed') {
					const first = status.data?.[0]
					const page = first?.html ?? first?.rawHtml ?? first?.content
					if (!page) throw crawlFailed(undefined)
					return page
				}
				if (status.status === 'failed' || status.status === 'cancelled') {
					throw crawlFailed(status.error)
				}
				await deps.clock.sleep(pollMs)
			}
		})
		return { html, products: await deps.extraction.extract(html, pageUrl) }
	}
}

/** A crawl that failed: the crawler's own words go to the log only; without any, the site's default sentence. */
function crawlFailed(reason: string | undefined): UpstreamError {
	return reason
		? new UpstreamError(reason, { retryable: false })
		: new UpstreamError('Failed to crawl website', { retryable: false, sentence: 'Failed to crawl website' })
}
