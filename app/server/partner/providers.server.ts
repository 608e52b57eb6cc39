import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Product } from '~/domain/product.ts'
import type { DatabaseSchema } from '../db.server.ts'
import { createHostBackoff, DEFAULT_SAFE_FETCH, safeFetchText, UpstreamError, withOneRetry } from './fetch-page.server.ts'
import { extractInWorker } from './extract-runner.server.ts'
import type { PageLoader } from './page-cache.server.ts'
import type { Clock } from '../clock.server.ts'
import { plainText, type ApiProduct, type FloristOneClient } from './floristone.server.ts'

type ProviderDeps = { db: Kysely<DatabaseSchema>; clock: Clock }

/** Runs one upstream call with the shared rules: back-off check, one retry, 429 recorded. */
async function guarded<T>(deps: ProviderDeps, url: string, call: () => Promise<T>): Promise<T> {
	const backoff = createHostBackoff(deps.db, deps.clock)
	await backoff.check(url)
	try {
		return await withOneRetry(call, deps.clock.sleep)
	} catch (error) {
		if (error instanceof UpstreamError && error.status === 429) await backoff.record(url, error.retryAfterMs)
		throw error
	}
}

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
export function createFirecrawlLoader(deps: ProviderDeps & { apiUrl: string; apiKey: string | undefined; pollMs?: number }): PageLoader {
	const options = { ...DEFAULT_SAFE_FETCH, allowedHosts: new Set([new URL(deps.apiUrl).host]) }
	const pollMs = deps.pollMs ?? 1_000
	return async (pageUrl, signal) => {
		if (!deps.apiKey) throw new UpstreamError('API key not found', { retryable: false })
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
				if (error instanceof UpstreamError && error.message.startsWith('Failed to crawl website')) {
					throw new UpstreamError('Failed to connect to Firecrawl API', { retryable: true })
				}
				throw error
			}
			if (!started.success || !started.id) throw new UpstreamError(started.error || 'Failed to crawl website', { retryable: false })
			for (;;) {
				if (signal.aborted) throw new UpstreamError('Failed to crawl website: timed out', { retryable: false })
				const poll = await safeFetchText(`${crawlUrl}/${encodeURIComponent(started.id)}`, options, { headers, signal })
				const status = crawlStatus.parse(parseJson(poll.text, 'Firecrawl'))
				if (status.status === 'completed') {
					const first = status.data?.[0]
					const page = first?.html ?? first?.rawHtml ?? first?.content
					if (!page) throw new UpstreamError('Failed to crawl website', { retryable: false })
					return page
				}
				if (status.status === 'failed' || status.status === 'cancelled') {
					throw new UpstreamError(status.error || 'Failed to crawl website', { retryable: false })
				}
				await deps.clock.sleep(pollMs)
			}
		})
		return { html, products: await extractInWorker(html, pageUrl) }
	}
}

function httpUrl(value: string | undefined): string | undefined {
	if (!value) return undefined
	try {
		const url = new URL(value.trim())
		return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined
	} catch {
		return undefined
	}
}

/** The most pages one list may take, however the partner counts. */
const MAX_API_PAGES = 5

/**
 * The Florist One REST API as a product source. The URL (the cache key) names
 * the category code, how many products and from where; pages are read with
 * `count`/`start` until that many are in or `TOTAL` says there are no more.
 * Product links open the partner's product page for the code.
 */
export function createFloristOneLoader(deps: ProviderDeps & { client: FloristOneClient; productUrl: (code: string) => string }): PageLoader {
	return async (listUrl, signal) => {
		const wanted = new URL(listUrl)
		const code = wanted.searchParams.get('category') ?? ''
		const count = Math.max(1, Number(wanted.searchParams.get('count')) || 12)
		let start = Math.max(1, Number(wanted.searchParams.get('start')) || 1)
		const items: ApiProduct[] = []
		const answers: string[] = []
		for (let page = 0; page < MAX_API_PAGES && items.length < count; page += 1) {
			const url = deps.client.productsUrl(code, count - items.length, start)
			const { products, total } = await guarded(deps, url, () => deps.client.getProductsPage(url, signal))
			answers.push(JSON.stringify({ start, total, codes: products.map((product) => product.CODE) }))
			items.push(...products)
			start += products.length
			if (products.length === 0 || total === undefined || start > total) break
		}
		const seen = new Set<string>()
		const products: Product[] = items.flatMap((item) => {
			const image = httpUrl(item.LARGE) ?? httpUrl(item.SMALL)
			if (!image || seen.has(item.CODE)) return []
			seen.add(item.CODE)
			const price = typeof item.PRICE === 'number' ? item.PRICE : Number(String(item.PRICE ?? '').replace(/[^\d.]/g, ''))
			const description = plainText(item.DESCRIPTION, 400)
			const dimension = plainText(item.DIMENSION, 140)
			return [
				{
					title: plainText(item.NAME, 140) ?? 'View Product',
					image,
					url: deps.productUrl(item.CODE),
					...(item.PRICE !== undefined && Number.isFinite(price) && price > 0 ? { price: `$${price.toFixed(2)}` } : {}),
					...(description ? { description } : {}),
					...(dimension ? { dimension } : {}),
				},
			]
		})
		return { html: answers.join('\n'), products: products.slice(0, count) }
	}
}
