import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Waits until `check` gives something other than undefined or false, asking
 * again every `everyMs` until `timeoutMs` has passed; then fails naming `what`.
 * The one place the tests poll: for a server to listen, a page to be kept, a
 * condition another process brings about. Scripts use it too (no vitest here).
 */
export async function waitUntil<T>(
	check: () => T | undefined | false | Promise<T | undefined | false>,
	{ timeoutMs, everyMs = 50, what }: { timeoutMs: number; everyMs?: number; what: string | (() => string) },
): Promise<T> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const answer = await check()
		if (answer !== undefined && answer !== false) return answer
		if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`)
		await sleep(everyMs)
	}
}
