import type { Kysely } from 'kysely'
import type { Clock } from '#app/server/clock.server.ts'
import type { DatabaseSchema } from '#app/server/store/db.server.ts'
import { createHostBackoff, UpstreamError, withOneRetry } from '#app/server/partner/fetch-page.server.ts'

/** What every product source needs: the store (for the shared host back-off) and the clock. */
export type SourceDeps = { db: Kysely<DatabaseSchema>; clock: Clock }

/**
 * Runs one upstream call with the rules every product source shares: a host in
 * back-off is not asked, a failure that may pass is retried once, and a 429
 * makes every process leave the host alone until its Retry-After has passed.
 */
export async function guarded<T>(deps: SourceDeps, url: string, call: () => Promise<T>): Promise<T> {
	const backoff = createHostBackoff(deps.db, deps.clock)
	await backoff.check(url)
	try {
		return await withOneRetry(call, deps.clock.sleep)
	} catch (error) {
		if (error instanceof UpstreamError && error.status === 429) await backoff.record(url, error.retryAfterMs)
		throw error
	}
}
