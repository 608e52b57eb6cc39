/** What a promise did within its time: resolved with a value, or not yet (it runs on). */
export type Settled<T> = { settled: true; value: T } | { settled: false }

/**
 * Waits for `promise` at most `ms` milliseconds (a value already in hand counts even when `ms` is
 * zero). Its value when it resolves in time, else `{ settled: false }` and the promise runs on. A
 * rejection in time rejects with the same reason; one after the time is not reported here (the
 * promise's holder may still handle it). The timer is cleared as soon as the answer is known.
 */
export function settleWithin<T>(promise: Promise<T>, ms: number): Promise<Settled<T>> {
	let timer: ReturnType<typeof setTimeout> | undefined
	const late = new Promise<Settled<T>>((resolve) => {
		timer = setTimeout(() => resolve({ settled: false }), Math.max(0, ms))
	})
	const inTime = promise.then((value): Settled<T> => ({ settled: true, value }))
	return Promise.race([inTime, late]).finally(() => clearTimeout(timer))
}
