import type { z } from 'zod'
import { cacheControl as policies } from '~/domain/cache-policy.ts'

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
