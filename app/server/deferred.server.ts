import { QUICK_RESOLVE_MS } from '#app/server/page-timing.server.ts'
import { settleWithin } from '#app/server/settle-within.server.ts'

/**
 * The value itself when the promise resolves within `ms` (a warm cache), so it
 * is in the first HTML; otherwise the promise, which streams in later. A
 * rejection is always left to the promise, for the page's error state.
 * The answer is boxed: an async function returning a bare promise would wait for it.
 */
export async function resolveQuickly<T>(promise: Promise<T>, ms = QUICK_RESOLVE_MS): Promise<{ value: T | Promise<T> }> {
	// Mark the promise handled: a late rejection is rendered by the page, not left unhandled.
	promise.catch(() => undefined)
	const outcome = await settleWithin(promise, ms).catch(() => ({ settled: false as const }))
	return { value: outcome.settled ? outcome.value : promise }
}
