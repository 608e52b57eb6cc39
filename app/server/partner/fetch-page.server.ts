import type { Kysely } from 'kysely'
import type { DatabaseSchema } from '#app/server/store/db.server.ts'
import type { Clock } from '#app/server/clock.server.ts'
import { log } from '#app/server/log.server.ts'
import { SiteError } from '#app/server/errors.server.ts'

export type SafeFetchOptions = {
	/** Hosts that may be fetched; every redirect is checked against them again. */
	allowedHosts: ReadonlySet<string>
	/** Instead of a fixed list, a rule every address (redirects included) must pass. */
	allowUrl?: (url: URL) => boolean
	headersTimeoutMs: number
	/** Overall deadline for the whole exchange, body included. */
	deadlineMs: number
	/** Bodies larger than this are aborted while streaming, never buffered whole. */
	maxBytes: number
	maxRedirects: number
}

export const DEFAULT_SAFE_FETCH: Omit<SafeFetchOptions, 'allowedHosts'> = {
	headersTimeoutMs: 10_000,
	deadlineMs: 30_000,
	maxBytes: 2 * 1024 * 1024,
	maxRedirects: 3,
}

/**
 * An upstream failure; `retryable` is false for rate limits and refusals. `status` is the HTTP
 * status it answered (429: a rate limit, or a host in back-off); `code` 'unreachable' says no
 * answer came at all (no connection, or the deadline passed).
 */
export class UpstreamError extends SiteError {
	readonly status: number | undefined
	readonly code: 'unreachable' | undefined
	readonly retryable: boolean
	readonly retryAfterMs: number | undefined
	constructor(
		message: string,
		details: { status?: number; code?: 'unreachable'; retryable: boolean; retryAfterMs?: number; sentence?: SiteError['sentence'] },
	) {
		super(message, details.sentence)
		this.name = 'UpstreamError'
		this.status = details.status
		this.code = details.code
		this.retryable = details.retryable
		this.retryAfterMs = details.retryAfterMs
	}
}

function checkHost(url: URL, options: Pick<SafeFetchOptions, 'allowedHosts' | 'allowUrl'>) {
	const allowed = options.allowedHosts.has(url.host) || options.allowUrl?.(url) === true
	if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !allowed) {
		throw new UpstreamError(`Refusing to fetch ${url.protocol}//${url.host}: not an allowed host`, { retryable: false })
	}
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
	if (!value) return undefined
	const seconds = Number(value)
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
	const date = Date.parse(value)
	return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

async function readCapped(response: Response, maxBytes: number, controller: AbortController): Promise<Buffer> {
	const declared = Number(response.headers.get('content-length'))
	if (Number.isFinite(declared) && declared > maxBytes) {
		controller.abort()
		throw new UpstreamError(`Page too large (${declared} bytes, limit ${maxBytes})`, { retryable: false })
	}
	if (!response.body) return Buffer.alloc(0)
	const reader = response.body.getReader()
	const chunks: Uint8Array[] = []
	let received = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		received += value.byteLength
		if (received > maxBytes) {
			controller.abort()
			await reader.cancel().catch(() => undefined)
			throw new UpstreamError(`Page too large (over ${maxBytes} bytes)`, { retryable: false })
		}
		chunks.push(value)
	}
	return Buffer.concat(chunks)
}

type SafeFetchInit = { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string>; signal?: AbortSignal; now?: () => number }

/**
 * Fetch a page (GET, or a POST to an API) from an allowed host: redirects followed by hand and re-checked,
 * a headers timeout, an overall deadline and a byte cap.
 */
export async function safeFetchText(
	startUrl: string,
	options: SafeFetchOptions,
	init: SafeFetchInit = {},
): Promise<{ text: string; url: string; contentType: string }> {
	const { body, url, contentType } = await safeFetch(startUrl, options, { ...init, headers: { accept: 'text/html,application/json', ...init.headers } })
	return { text: new TextDecoder().decode(body), url, contentType }
}

/** The same rules as safeFetchText, for a body kept as bytes (a photo). */
export async function safeFetch(
	startUrl: string,
	options: SafeFetchOptions,
	init: SafeFetchInit = {},
): Promise<{ body: Buffer; url: string; contentType: string }> {
	const controller = new AbortController()
	const signals = [controller.signal, AbortSignal.timeout(options.deadlineMs), ...(init.signal ? [init.signal] : [])]
	const signal = AbortSignal.any(signals)
	let url = new URL(startUrl)
	try {
		for (let redirects = 0; ; redirects += 1) {
			checkHost(url, options)
			const headersTimer = setTimeout(() => controller.abort(new Error('headers timeout')), options.headersTimeoutMs)
			let response: Response
			try {
				response = await fetch(url, {
					method: init.method ?? 'GET',
					body: init.body,
					redirect: 'manual',
					signal,
					headers: init.headers,
				})
			} finally {
				clearTimeout(headersTimer)
			}
			if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
				await response.body?.cancel().catch(() => undefined)
				if (redirects >= options.maxRedirects) throw new UpstreamError('Too many redirects', { retryable: false })
				url = new URL(response.headers.get('location') ?? '', url)
				continue
			}
			if (response.status === 429) {
				await response.body?.cancel().catch(() => undefined)
				throw new UpstreamError('Rate limit reached (429)', {
					status: 429,
					retryable: false,
					retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), (init.now ?? Date.now)()),
				})
			}
			if (!response.ok) {
				await response.body?.cancel().catch(() => undefined)
				throw new UpstreamError(`Upstream answered ${response.status}`, {
					status: response.status,
					retryable: response.status >= 500,
				})
			}
			const body = await readCapped(response, options.maxBytes, controller)
			return { body, url: url.toString(), contentType: response.headers.get('content-type') ?? '' }
		}
	} catch (error) {
		if (error instanceof UpstreamError) throw error
		const reason = signal.aborted ? 'timed out' : error instanceof Error ? error.message : String(error)
		throw new UpstreamError(`Failed to crawl website: ${reason}`, { code: 'unreachable', retryable: true, sentence: 'Failed to crawl website' })
	}
}

/** Per-host back-off after a 429, stored in the database so every process respects it. */
export function createHostBackoff(db: Kysely<DatabaseSchema>, clock: Pick<Clock, 'now'>) {
	return {
		async check(url: string) {
			const host = new URL(url).host
			const row = await db.selectFrom('host_backoff').select('until').where('host', '=', host).executeTakeFirst()
			if (row && row.until > clock.now()) {
				throw new UpstreamError(`Rate limit: ${host} asked us to wait until ${new Date(row.until).toISOString()}`, {
					status: 429,
					retryable: false,
				})
			}
		},
		async record(url: string, retryAfterMs = 60_000) {
			const host = new URL(url).host
			const until = clock.now() + retryAfterMs
			await db
				.insertInto('host_backoff')
				.values({ host, until })
				.onConflict((conflict) => conflict.column('host').doUpdateSet({ until }))
				.execute()
		},
	}
}

/**
 * At most one retry, after a short jittered delay; never for a rate limit
 * (a 429, or a host in back-off) or a refusal (SPEC §8).
 */
export async function withOneRetry<T>(attempt: () => Promise<T>, sleep: (ms: number) => Promise<void>): Promise<T> {
	try {
		return await attempt()
	} catch (error) {
		const retryable = error instanceof UpstreamError ? error.retryable && error.status !== 429 : true
		if (!retryable) throw error
		log.warn({ err: error }, 'Retrying once')
		await sleep(250 + Math.floor(Math.random() * 500))
		return attempt()
	}
}
