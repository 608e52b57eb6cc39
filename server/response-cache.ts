import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import type { OutgoingHttpHeaders } from 'node:http'
import type { Request, RequestHandler, Response } from 'express'
import { LRUCache } from 'lru-cache'
import { log } from '#app/server/log.server.ts'

/**
 * The site's whole-response cache: a small CDN inside the server. It keeps
 * complete responses (body, compressed once, and their own headers) that ask
 * for it with `Surrogate-Control: max-age=N`, and drops those whose
 * `Surrogate-Key` names a product source that changed. Nothing else in the
 * code knows it exists: routes state their caching in headers
 * (`app/domain/cache-policy.ts`), and the product service announces changes.
 *
 * A kept page is sent with the Content-Security-Policy it was rendered with,
 * nonce included, as a CDN would: its scripts carry that nonce.
 */

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** A response larger than this is never kept. */
const MAX_BODY_BYTES = 2 * 1024 * 1024
/**
 * Headers that belong to one exchange, not to the response: never kept. The
 * rest (type, caching, security headers, the policy with its nonce) are kept
 * and sent again as they were.
 */
const PER_EXCHANGE =
	/^(date|connection|keep-alive|transfer-encoding|content-length|content-encoding|etag|vary|x-page-cache|set-cookie|ratelimit.*|retry-after|surrogate-control|surrogate-key|x-request-id)$/

type Encoding = 'br' | 'gzip' | 'identity'

type Entry = {
	headers: [string, string | string[]][]
	etag: string
	/** Each encoding's body, with every header of its answer written out once, when the entry is kept. */
	variants: Record<Encoding, { body: Buffer; headers: OutgoingHttpHeaders }>
	tags: readonly string[]
}

/**
 * Only plain page paths are kept: no query strings, so made-up URLs cannot
 * crowd out real pages. The JSON API is the exception: it is keyed by its
 * parameters as the API reads them (each name's last value, escapes decoded,
 * in name order), so `?category=x&&` and `?category=x` are one entry, and its
 * strict query checks let only its few valid URLs answer 200 and be kept.
 */
function cacheKey(originalUrl: string, path: string): string | undefined {
	if (path.startsWith('/api/')) {
		const query = Object.entries(Object.fromEntries(new URLSearchParams(originalUrl.split('?')[1] ?? '')))
		query.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
		return query.length > 0 ? `${path}?${new URLSearchParams(query).toString()}` : path
	}
	if (originalUrl.includes('?') || path.endsWith('.data')) return undefined
	return path
}

/** The seconds of `max-age` in a Surrogate-Control header, or 0. */
function keepSeconds(header: unknown): number {
	const match = /(?:^|,)\s*max-age=(\d+)/.exec(String(header ?? ''))
	return match ? Number(match[1]) : 0
}

/** What a response says of itself when its first byte is written: enough to decide whether it is kept. */
export type ResponseFacts = {
	method: string
	originalUrl: string
	path: string
	status: number
	surrogateControl: unknown
	surrogateKey: unknown
	setsCookie: boolean
}

/** Kept under `key` for `seconds`, dropped when a source named in `tags` changes; or not kept, and why. */
export type Admission = { keep: true; key: string; seconds: number; tags: string[] } | { keep: false; why: string; tags: string[] }

/**
 * Whether a response is kept: a GET with a cacheable address (see `cacheKey`), a 200 that asks for
 * it with `Surrogate-Control: max-age=N` and sets no cookie. Its `Surrogate-Key` tags are read
 * either way: both headers are for this cache only and never leave the server.
 */
export function admission(facts: ResponseFacts): Admission {
	const tags = String(facts.surrogateKey ?? '')
		.split(/\s+/)
		.filter(Boolean)
	const seconds = keepSeconds(facts.surrogateControl)
	const key = facts.method === 'GET' ? cacheKey(facts.originalUrl, facts.path) : undefined
	if (!key) return { keep: false, why: facts.method === 'GET' ? 'address not kept' : 'not a GET', tags }
	if (seconds <= 0) return { keep: false, why: 'not asked for', tags }
	if (facts.status !== 200) return { keep: false, why: `status ${facts.status}`, tags }
	if (facts.setsCookie) return { keep: false, why: 'sets a cookie', tags }
	return { keep: true, key, seconds, tags }
}

/** The encoding a client takes, by its Accept-Encoding header: browsers send few distinct ones, so each is negotiated once. */
const negotiated = new LRUCache<string, Encoding>({ max: 256 })
function encodingFor(req: Request): Encoding {
	const header = req.headers['accept-encoding'] ?? ''
	let encoding = negotiated.get(header)
	if (!encoding) {
		encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : 'identity'
		negotiated.set(header, encoding)
	}
	return encoding
}

/**
 * A body in memory of its own, exactly its size. zlib hands back views on its 64 KiB output
 * buffers and Buffer.concat may hand back a view on a shared pool: kept as they are, a 400-byte
 * answer would hold 64 KiB while counted as 400 bytes.
 */
function ownCopy(body: Buffer): Buffer {
	if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return body
	const copy = Buffer.allocUnsafeSlow(body.length)
	body.copy(copy)
	return copy
}

/** What an entry holds in memory: each body's own store and its written-out headers. */
function entrySize(entry: Entry): number {
	let bytes = 0
	for (const { body, headers } of Object.values(entry.variants)) {
		bytes += body.buffer.byteLength
		for (const [name, value] of Object.entries(headers)) bytes += 2 * (name.length + String(value).length) + 64
	}
	return bytes + 1024
}

/** The headers a kept response is sent again with: its own, without those that belong to one exchange, numbers written as text. */
export function keptHeaders(headers: OutgoingHttpHeaders): Entry['headers'] {
	return Object.entries(headers).flatMap(([name, value]): Entry['headers'] =>
		value === undefined || PER_EXCHANGE.test(name) ? [] : [[name, typeof value === 'number' ? String(value) : value]],
	)
}

/** Every header of a kept response's answer in one encoding, written out once. */
export function variantHeaders(headers: Entry['headers'], etag: string, length: number, encoding: Encoding): OutgoingHttpHeaders {
	return {
		...Object.fromEntries(headers),
		ETag: etag,
		Vary: 'Accept-Encoding',
		'X-Page-Cache': 'hit',
		'Content-Length': length,
		...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
	}
}

/**
 * The headers of a 304 for a kept response: the browser keeps its copy, and the policy that came
 * with it, so the kept headers go again but for the policy and the type.
 */
export function notModifiedHeaders(headers: Entry['headers']): Entry['headers'] {
	return [...headers.filter(([name]) => name !== 'content-security-policy' && name !== 'content-type'), ['Vary', 'Accept-Encoding'], ['X-Page-Cache', 'hit']]
}

/** The bytes of one chunk handed to `res.write` or `res.end`; none for a callback or nothing. */
export function chunkBytes(chunk: unknown, encoding?: unknown): Buffer | undefined {
	if (chunk === undefined || chunk === null || typeof chunk === 'function') return undefined
	return typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array)
}

/** A body compressed both ways the cache sends, once, at the highest settings: kept pages are sent many times. */
function compress(body: Buffer): Promise<[Buffer, Buffer]> {
	return Promise.all([
		brotli(body, {
			params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
		}),
		gzipAsync(body, { level: 9, memLevel: 9 }),
	])
}

/** A kept response: its weak ETag from the body, and each encoding's body (a copy of its own) with its headers. */
function entryOf(body: Buffer, [brotliBody, gzipBody]: [Buffer, Buffer], headers: Entry['headers'], tags: readonly string[]): Entry {
	const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
	const variant = (encoded: Buffer, encoding: Encoding) => ({ body: ownCopy(encoded), headers: variantHeaders(headers, etag, encoded.length, encoding) })
	return { headers, etag, variants: { br: variant(brotliBody, 'br'), gzip: variant(gzipBody, 'gzip'), identity: variant(body, 'identity') }, tags }
}

type Kept = Extract<Admission, { keep: true }>

/** What a response says of itself, read when its first byte is written. */
function factsOf(req: Request, res: Response): ResponseFacts {
	return {
		method: req.method,
		originalUrl: req.originalUrl,
		path: req.path,
		status: res.statusCode,
		surrogateControl: res.getHeader('Surrogate-Control'),
		surrogateKey: res.getHeader('Surrogate-Key'),
		setsCookie: res.hasHeader('Set-Cookie'),
	}
}

/**
 * Keeps the responses that ask for it as they are written (it sits inside compression, so it sees
 * the body as written), and removes the edge's own headers from every response. One response
 * claims a key at a time; once it has ended, its body goes to `keep` off the response's path.
 * `changes()` counts product changes: `keep` is told the count when the response began.
 */
function createCapture(deps: {
	enabled: boolean
	changes: () => number
	/** Whether `key` is kept now: a response that began before it was kept does not replace it. */
	kept: (key: string) => boolean
	keep: (kept: Kept, body: Buffer, headers: Entry['headers'], startedAt: number) => Promise<void>
}) {
	const storing = new Set<string>()
	/** Responses being compressed and kept, off their responses' paths. */
	const keeping = new Set<Promise<void>>()

	/** Hands a whole body to `keep`; the claim on its key ends when it is kept or dropped. */
	function keepLater(kept: Kept, body: Buffer[] | undefined, headers: Entry['headers'], startedAt: number) {
		// Off the response's path: the visitor already has the page, and compression runs on zlib's threads.
		const keptNow = (body ? deps.keep(kept, Buffer.concat(body), headers, startedAt) : Promise.resolve())
			.catch((error: unknown) => log.error({ err: error, key: kept.key }, 'Could not keep a response'))
			.finally(() => {
				storing.delete(kept.key)
				keeping.delete(keptNow)
			})
		keeping.add(keptNow)
	}

	const capture: RequestHandler = (req, res, next) => {
		const startedAt = deps.changes()
		let decided: Admission | undefined
		let chunks: Buffer[] | undefined
		let size = 0
		let claimed = false
		// Decided at the first write, when status and headers are set but not yet sent.
		const decide = () => {
			if (decided) return
			decided = admission(factsOf(req, res))
			res.removeHeader('Surrogate-Control')
			res.removeHeader('Surrogate-Key')
			// One response keeps a page at a time; the others answer as they are. A response that
			// began while another's copy was being kept answers as it is too: replacing that copy
			// would change the bytes and nonce that visitors of the same page already received.
			if (!deps.enabled || !decided.keep || storing.has(decided.key) || deps.kept(decided.key)) return
			storing.add(decided.key)
			claimed = true
			chunks = []
			res.setHeader('X-Page-Cache', 'miss')
		}
		const collect = (chunk: unknown, encoding?: unknown) => {
			const buffer = chunks ? chunkBytes(chunk, encoding) : undefined
			if (!chunks || !buffer) return
			size += buffer.length
			if (size > MAX_BODY_BYTES) chunks = undefined
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
			if (claimed && !ended && decided?.keep) storing.delete(decided.key)
		})
		res.end = ((chunk?: unknown, ...rest: unknown[]) => {
			ended = true
			decide()
			collect(chunk, rest[0])
			const result = end(chunk, ...rest)
			if (claimed && decided?.keep) {
				const body = chunks
				chunks = undefined
				keepLater(decided, body, keptHeaders(res.getHeaders()), startedAt)
			}
			return result
		}) as Response['end']
		next()
	}

	return {
		capture,
		/** Resolves once every response being kept now is kept (or was dropped). */
		async settle() {
			while (keeping.size > 0) await Promise.all(keeping)
		},
	}
}

/** `maxBytes` bounds the memory kept responses hold, every encoding and header counted; 0 keeps nothing. */
export function createResponseCache(options: { maxBytes: number; now?: () => number }) {
	const entries = new LRUCache<string, Entry>({
		maxSize: Math.max(1, options.maxBytes),
		sizeCalculation: entrySize,
		// ttl is set per entry, from the response's Surrogate-Control.
		ttlResolution: 0,
		perf: options.now ? { now: options.now } : undefined,
		dispose: (entry, key) => forget(key, entry.tags),
	})
	const keysByTag = new Map<string, Set<string>>()
	/** When each tag last changed, counted in changes: a response rendered before is not kept. */
	const changedAt = new Map<string, number>()
	let changes = 0

	function forget(key: string, tags: readonly string[]) {
		for (const tag of tags) {
			const keys = keysByTag.get(tag)
			keys?.delete(key)
			if (keys?.size === 0) keysByTag.delete(tag)
		}
	}

	async function keep({ key, seconds, tags }: Kept, body: Buffer, headers: Entry['headers'], startedAt: number) {
		const encoded = await compress(body)
		// A product change that landed during the render or the compression means this copy is already out of date.
		if (tags.some((tag) => (changedAt.get(tag) ?? 0) > startedAt)) return
		entries.set(key, entryOf(body, encoded, headers, tags), { ttl: seconds * 1000 })
		for (const tag of tags) keysByTag.set(tag, (keysByTag.get(tag) ?? new Set()).add(key))
	}

	/**
	 * Sends a kept response, with the headers it was first sent with, before any
	 * other work: no nonce or security headers are made for it, and no
	 * compression runs (it is already compressed).
	 */
	const serve: RequestHandler = (req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const key = cacheKey(req.originalUrl, req.path)
		const entry = key ? entries.get(key) : undefined
		if (!entry) return next()
		if (req.headers['if-none-match']) {
			res.setHeader('ETag', entry.etag)
			if (req.fresh) {
				res.removeHeader('Content-Security-Policy')
				for (const [name, value] of notModifiedHeaders(entry.headers)) res.setHeader(name, value)
				return void res.status(304).end()
			}
		}
		const { body, headers } = entry.variants[encodingFor(req)]
		res.writeHead(200, headers)
		res.end(req.method === 'HEAD' ? undefined : body)
	}

	const { capture, settle } = createCapture({ enabled: options.maxBytes > 0, changes: () => changes, kept: (key) => entries.has(key), keep })

	return {
		serve,
		capture,
		/** Drops every response tagged with one of `tags`. */
		invalidate(tags: readonly string[]) {
			changes += 1
			for (const tag of tags) {
				changedAt.set(tag, changes)
				for (const key of [...(keysByTag.get(tag) ?? [])]) entries.delete(key)
			}
		},
		stats: () => ({ entries: entries.size, bytes: entries.calculatedSize, maxBytes: options.maxBytes }),
		/** Resolves once every response being kept now is kept (or was dropped). */
		settle,
		/** For tests: whether `key` is kept. */
		has: (key: string) => entries.has(key),
	}
}

export type ResponseCache = ReturnType<typeof createResponseCache>
