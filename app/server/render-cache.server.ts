import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import type { RequestHandler, Response } from 'express'
import type { CacheStatus } from './page-cache.server.ts'
import { brotliWithNonce, compressTemplate, gzipWithNonce, NONCE_SHAPE, textWithNonce, type NonceTemplate } from './nonce-template.server.ts'

/** How long a rendered page is reused while its products are fresh, and while they are being refreshed. */
export const FRESH_RENDER_TTL_MS = 300_000
export const REFRESHING_RENDER_TTL_MS = 60_000
/** A page larger than this is never held. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024

/** What a page render depended on, gathered while it runs. */
type RenderRecord = {
	cacheable: boolean
	ttlMs: number
	sources: Set<string>
	/** The cache's invalidation count when the render began. */
	startedAt: number
}

const renderScope = new AsyncLocalStorage<RenderRecord>()

/** Called by product loaders: the page being rendered shows products from this source. */
export function noteProductSource(url: string, status: CacheStatus) {
	const record = renderScope.getStore()
	if (!record) return
	record.sources.add(url)
	if (status === 'error_fallback') record.cacheable = false
	else if (status !== 'fresh' && status !== 'crawled') record.ttlMs = Math.min(record.ttlMs, REFRESHING_RENDER_TTL_MS)
}

/** Called when a page shows a fallback, streams late data or hits an error: it is rendered anew next time. */
export function noteNotReusable() {
	const record = renderScope.getStore()
	if (record) record.cacheable = false
}

export type CachedRender = {
	template: NonceTemplate
	etag: string
	contentType: string
	cacheControl: string
	ttlMs: number
	sources: readonly string[]
	expiresAt: number
}

/** Page responses for a CDN: shared caches keep them briefly and may serve them stale while they revalidate. */
export function sharedCacheControl(ttlMs: number): string {
	return `public, max-age=0, s-maxage=${Math.round(ttlMs / 1000)}, stale-while-revalidate=3600, stale-if-error=86400`
}
const UNCACHED_PAGE = 'no-cache'

/**
 * Rendered pages, compressed, keyed by path, least recently used first out
 * once their compressed bytes pass `maxBytes`.
 */
export function createRenderCache(options: { maxBytes: number; now?: () => number }) {
	const now = options.now ?? Date.now
	const entries = new Map<string, CachedRender>()
	const keysBySource = new Map<string, Set<string>>()
	const invalidatedAt = new Map<string, number>()
	const storing = new Set<string>()
	let invalidations = 0
	let bytes = 0

	function remove(key: string) {
		const entry = entries.get(key)
		if (!entry) return
		entries.delete(key)
		bytes -= entry.template.bytes
		for (const source of entry.sources) keysBySource.get(source)?.delete(key)
	}

	return {
		get(key: string): CachedRender | undefined {
			const entry = entries.get(key)
			if (!entry) return undefined
			if (entry.expiresAt <= now()) {
				remove(key)
				return undefined
			}
			// Most recently used goes to the end.
			entries.delete(key)
			entries.set(key, entry)
			return entry
		},
		set(key: string, fields: Omit<CachedRender, 'expiresAt'>) {
			remove(key)
			const entry = { ...fields, expiresAt: now() + fields.ttlMs }
			if (entry.template.bytes > options.maxBytes) return
			entries.set(key, entry)
			bytes += entry.template.bytes
			for (const source of entry.sources) {
				const keys = keysBySource.get(source) ?? new Set<string>()
				keys.add(key)
				keysBySource.set(source, keys)
			}
			while (bytes > options.maxBytes) {
				const oldest = entries.keys().next().value
				if (oldest === undefined) break
				remove(oldest)
			}
		},
		/** Drops every page showing products from `source`. */
		invalidateSource(source: string) {
			invalidations += 1
			invalidatedAt.set(source, invalidations)
			for (const key of [...(keysBySource.get(source) ?? [])]) remove(key)
		},
		/** A stamp to compare with `changedSince`. */
		stamp: () => invalidations,
		/** Whether any of `sources` changed after `stamp` (a render that began before a refresh). */
		changedSince(sources: Iterable<string>, stamp: number): boolean {
			for (const source of sources) if ((invalidatedAt.get(source) ?? 0) > stamp) return true
			return false
		},
		/** One copy of a page is compressed at a time: true if this caller may store `key`. */
		claim(key: string): boolean {
			if (storing.has(key)) return false
			storing.add(key)
			return true
		},
		release(key: string) {
			storing.delete(key)
		},
		stats: () => ({ entries: entries.size, bytes, maxBytes: options.maxBytes }),
	}
}

export type RenderCache = ReturnType<typeof createRenderCache>

function etagMatches(header: string | undefined, etag: string): boolean {
	if (!header) return false
	if (header.trim() === '*') return true
	const bare = etag.replace(/^W\//, '')
	return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare)
}

/** Whether the Accept-Encoding header takes `coding` (listed, or through *, without q=0). */
export function acceptsEncoding(header: string | undefined, coding: 'gzip' | 'br'): boolean {
	if (!header) return false
	let wildcard = false
	for (const item of header.toLowerCase().split(',')) {
		const [name = '', ...params] = item.trim().split(';')
		const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
		const allowed = !q || Number(q.slice(2)) > 0
		if (name.trim() === coding) return allowed
		if (name.trim() === '*') wildcard = allowed
	}
	return wildcard
}

function serveCached(method: string, headers: Record<string, string | undefined>, res: Response, entry: CachedRender, nonce: string) {
	res.setHeader('Content-Type', entry.contentType)
	res.setHeader('Cache-Control', entry.cacheControl)
	res.setHeader('ETag', entry.etag)
	res.setHeader('Vary', 'Accept-Encoding')
	res.setHeader('X-Page-Cache', 'hit')
	if (etagMatches(headers['if-none-match'], entry.etag)) {
		// The browser keeps its copy, whose scripts carry the nonce of the policy stored with it:
		// a new policy here would replace that one and block them.
		res.removeHeader('Content-Security-Policy')
		res.removeHeader('Content-Type')
		res.status(304).end()
		return
	}
	const accepted = headers['accept-encoding']
	const brotli = entry.template.brotli
	let body: Buffer
	if (brotli && acceptsEncoding(accepted, 'br')) {
		body = brotliWithNonce(brotli, nonce)
		res.setHeader('Content-Encoding', 'br')
	} else if (acceptsEncoding(accepted, 'gzip')) {
		body = gzipWithNonce(entry.template, nonce)
		res.setHeader('Content-Encoding', 'gzip')
	} else {
		body = textWithNonce(entry.template, nonce)
	}
	res.setHeader('Content-Length', body.length)
	res.status(200).end(method === 'HEAD' ? undefined : body)
}

/**
 * Only plain page paths are held: no query strings, so made-up URLs cannot
 * crowd out real pages. The JSON API is the exception: its query is checked
 * strictly, so only its few valid URLs ever answer 200 and are held.
 */
function cacheKey(originalUrl: string, path: string): string | undefined {
	if (path.startsWith('/api/')) return originalUrl
	if (originalUrl.includes('?') || path.endsWith('.data')) return undefined
	return path
}

/** Feeds, sitemaps and the JSON API hold no nonce: they are kept as they are, with their own Cache-Control. */
const STORED_AS_IS = /^(application\/((rss\+)?xml|json)|text\/plain)\b/

/**
 * Sends a warm page from the cache with this response's nonce, before any
 * other work (compression included: the page is already compressed).
 */
export function serveCachedPage(cache: RenderCache | undefined): RequestHandler {
	return (req, res, next) => {
		const nonce: unknown = res.locals.cspNonce
		// Pages are kept with gaps for nonces of one shape: 16 random bytes in base64.
		if (!cache || (req.method !== 'GET' && req.method !== 'HEAD') || typeof nonce !== 'string' || !NONCE_SHAPE.test(nonce)) return next()
		const key = cacheKey(req.originalUrl, req.path)
		const hit = key ? cache.get(key) : undefined
		if (hit) return serveCached(req.method, req.headers as Record<string, string | undefined>, res, hit, nonce)
		next()
	}
}

/**
 * Stores complete pages as they are rendered (it sits inside compression, so
 * it sees the page as written). Pages that streamed, fell back or failed are
 * never stored. Every HTML page gets a Cache-Control header.
 */
export function captureRenderedPage(cache: RenderCache | undefined): RequestHandler {
	return (req, res, next) => {
		const nonce: unknown = res.locals.cspNonce
		if ((req.method !== 'GET' && req.method !== 'HEAD') || typeof nonce !== 'string') return next()
		const key = cache && NONCE_SHAPE.test(nonce) ? cacheKey(req.originalUrl, req.path) : undefined

		const record: RenderRecord = { cacheable: true, ttlMs: FRESH_RENDER_TTL_MS, sources: new Set(), startedAt: cache?.stamp() ?? 0 }
		let decided = false
		let chunks: Buffer[] | undefined
		let claimed = false
		let size = 0
		// Decided at the first write, when status and headers are set but not yet sent.
		const decide = () => {
			if (decided) return
			decided = true
			const contentType = String(res.getHeader('Content-Type') ?? '')
			const html = contentType.startsWith('text/html')
			if (!html && !STORED_AS_IS.test(contentType)) return
			// A response that says it is for one browser only, or for none, is never shared.
			const privateAnswer = /\b(private|no-store)\b/.test(String(res.getHeader('Cache-Control') ?? ''))
			const complete = res.statusCode === 200 && record.cacheable && !privateAnswer
			if (html) res.setHeader('Cache-Control', complete ? sharedCacheControl(record.ttlMs) : UNCACHED_PAGE)
			if (complete && key && cache && req.method === 'GET' && !res.hasHeader('Set-Cookie')) {
				res.setHeader('X-Page-Cache', 'miss')
				if (cache.claim(key)) {
					chunks = []
					claimed = true
				}
			}
		}
		const collect = (chunk: unknown, encoding?: unknown) => {
			if (!chunks || chunk === undefined || chunk === null || typeof chunk === 'function') return
			const buffer = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array)
			size += buffer.length
			if (size > MAX_PAGE_BYTES) chunks = undefined
			else chunks.push(buffer)
		}
		const write = res.write.bind(res) as (...args: unknown[]) => boolean
		const end = res.end.bind(res) as (...args: unknown[]) => Response
		res.write = ((chunk: unknown, ...rest: unknown[]) => {
			decide()
			collect(chunk, rest[0])
			return write(chunk, ...rest)
		}) as Response['write']
		let ended = false
		// A response cut off before its end gives its claim back.
		res.once('close', () => {
			if (claimed && !ended && cache && key) cache.release(key)
		})
		res.end = ((chunk?: unknown, ...rest: unknown[]) => {
			ended = true
			decide()
			collect(chunk, rest[0])
			const result = end(chunk, ...rest)
			const body = chunks
			chunks = undefined
			if (claimed && key && cache) {
				if (body && record.cacheable) {
					const headers = { contentType: String(res.getHeader('Content-Type')), cacheControl: String(res.getHeader('Cache-Control')) }
					// Off the response's path: the visitor already has the page, and compression runs on zlib's threads.
					store(cache, key, body, nonce, headers, record)
						.catch((error: unknown) => console.error(`Could not keep ${key}: ${error instanceof Error ? error.message : String(error)}`))
						.finally(() => cache.release(key))
				} else {
					cache.release(key)
				}
			}
			return result
		}) as Response['end']
		renderScope.run(record, next)
	}
}

async function store(
	cache: RenderCache,
	key: string,
	body: Buffer[],
	nonce: string,
	headers: { contentType: string; cacheControl: string },
	record: RenderRecord,
) {
	const html = Buffer.concat(body).toString('utf8')
	const segments = html.split(nonce)
	const etag = `W/"${createHash('sha256').update(segments.join('\u0000')).digest('base64url').slice(0, 27)}"`
	const template = await compressTemplate(segments)
	// A refresh that landed during the render or the compression means this copy is already out of date.
	if (cache.changedSince(record.sources, record.startedAt)) return
	cache.set(key, {
		template,
		etag,
		...headers,
		ttlMs: record.ttlMs,
		sources: [...record.sources],
	})
}

let processCache: RenderCache | undefined | null = null

/** The process's rendered-page cache, or undefined when switched off (RENDER_CACHE_MAX_MB=0). */
export function getRenderCache(maxMegabytes: number): RenderCache | undefined {
	if (processCache === null) processCache = maxMegabytes > 0 ? createRenderCache({ maxBytes: maxMegabytes * 1024 * 1024 }) : undefined
	return processCache
}

/** A partner page's products changed: every rendered page showing them is dropped. */
export function invalidateRenderedPages(source: string) {
	processCache?.invalidateSource(source)
}
