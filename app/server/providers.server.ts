import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Product } from '~/domain/product.ts'
import type { DatabaseSchema } from './db.server.ts'
import { createHostBackoff, DEFAULT_SAFE_FETCH, safeFetchText, UpstreamError, withOneRetry } from './fetch-page.server.ts'
import { extractInWorker } from './extract-runner.server.ts'
import type { Clock, PageLoader } from './page-cache.server.ts'

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

const floristOneProducts = z.object({
	PRODUCTS: z.array(
		z.object({
			CODE: z.string().min(1),
			NAME: z.string().min(1),
			DESCRIPTION: z.string().optional(),
			PRICE: z.union([z.number(), z.string()]),
			SMALL: z.string().optional(),
			LARGE: z.string().optional(),
		}),
	),
	TOTAL: z.number().optional(),
})

function httpUrl(value: string | undefined): string | undefined {
	if (!value) return undefined
	try {
		const url = new URL(value)
		return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined
	} catch {
		return undefined
	}
}

/**
 * The Florist One REST API (GET flowershop/getproducts, HTTP Basic auth). A
 * failed login answers 403 with an HTML page, which is reported as such.
 * Product links point at the partner's detail page for the product code.
 */
export function createFloristOneLoader(
	deps: ProviderDeps & { apiUrl: string; apiKey: string; apiPassword: string; partnerBaseUrl: string },
): PageLoader {
	const options = { ...DEFAULT_SAFE_FETCH, allowedHosts: new Set([new URL(deps.apiUrl).host]) }
	const authorization = `Basic ${Buffer.from(`${deps.apiKey}:${deps.apiPassword}`).toString('base64')}`
	return async (apiUrl, signal) => {
		const text = await guarded(deps, apiUrl, async () => {
			try {
				return (await safeFetchText(apiUrl, options, { headers: { authorization, accept: 'application/json' }, signal })).text
			} catch (error) {
				if (error instanceof UpstreamError && error.status === 403) {
					throw new UpstreamError('Florist One API refused the credentials (403)', { status: 403, retryable: false })
				}
				throw error
			}
		})
		const parsed = floristOneProducts.safeParse(parseJson(text, 'Florist One API'))
		if (!parsed.success) throw new UpstreamError('Florist One API answered in an unexpected shape', { retryable: false })
		const products: Product[] = parsed.data.PRODUCTS.flatMap((item) => {
			const image = httpUrl(item.LARGE) ?? httpUrl(item.SMALL)
			if (!image) return []
			const price = Number(item.PRICE)
			const url = new URL('/detail.cfm', deps.partnerBaseUrl)
			url.searchParams.set('dcode', item.CODE)
			return [{ title: item.NAME.trim().slice(0, 140), image, url: url.toString(), ...(Number.isFinite(price) ? { price: `$${price.toFixed(2)}` } : {}) }]
		})
		return { html: text, products }
	}
}

/** Outside their seasons the Valentine's and Mother's Day codes fall back (vd -> lr, md -> bs). */
export function seasonalCode(code: string, fallback: string | undefined, today: { month: number; day: number }): string {
	const md = today.month * 100 + today.day
	const inSeason = code === 'vd' ? md >= 115 && md <= 215 : code === 'md' ? md >= 420 && md <= 515 : true
	return inSeason || !fallback ? code : fallback
}
