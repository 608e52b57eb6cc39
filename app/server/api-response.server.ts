import type { z } from 'zod'
import { cacheControl as policies } from '#app/domain/cache-policy.ts'

/** A JSON answer of the site's API, with its own Cache-Control (none kept unless said) and any other headers. */
export function json(body: unknown, status: number, cacheControl: string = policies.never, headers: Record<string, string> = {}) {
	return Response.json(body, { status, headers: { ...headers, 'Cache-Control': cacheControl } })
}

/**
 * The query string checked against its schema: the parsed values, or the 400
 * answer naming every bad parameter.
 */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): { data: z.infer<S> } | { error: Response } {
	const query = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (query.success) return { data: query.data }
	const problems = query.error.issues.map((issue) => `${issue.path.join('.') || 'query'}: ${issue.message}`)
	return { error: json({ error: 'Invalid query', problems }, 400) }
}

/** The largest body the site reads (a click beacon is about 200 bytes): the API, the MCP endpoint and the edge's early refusal alike. */
export const MAX_BODY_BYTES = 16 * 1024

export class BodyTooLargeError extends Error {
	readonly limit: number
	constructor(limit: number) {
		super(`Request body too large (limit ${limit} bytes)`)
		this.limit = limit
	}
}

/** How much of a refused body is read and thrown away, so a client that has finished sending reads its 413 cleanly. */
const DISCARD_BYTES = 1024 * 1024

/**
 * The body as text, read chunk by chunk and refused as soon as it passes `maxBytes`, so a chunked
 * upload without a Content-Length costs at most the limit plus one chunk of memory. Past the
 * limit up to 1 MB more is read and dropped (a small overrun then ends before the answer, and
 * the client reads its 413); a larger one is left unread, and the 413 closes the connection.
 */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
	if (!request.body) return ''
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size > maxBytes + DISCARD_BYTES) {
			// Reading simply stops: the stream stays paused, and the answer's Connection: close ends
			// the connection once the 413 is written (cancelling would cut it before any answer).
			reader.releaseLock()
			throw new BodyTooLargeError(maxBytes)
		}
		if (size <= maxBytes) chunks.push(value)
	}
	if (size > maxBytes) throw new BodyTooLargeError(maxBytes)
	return Buffer.concat(chunks).toString('utf8')
}

/** The 413 answer for a body past the limit; the connection closes so the rest of the upload is not read. */
export function bodyTooLarge(error: BodyTooLargeError): Response {
	return json({ error: error.message }, 413, undefined, { Connection: 'close' })
}
