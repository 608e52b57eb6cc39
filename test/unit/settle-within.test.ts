import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { settleWithin } from '#app/server/settle-within.server.ts'

beforeEach(() => {
	vi.useFakeTimers()
})
afterEach(() => {
	vi.useRealTimers()
})

/** A promise and the hands that settle it later. */
function later<T>() {
	let resolve: (value: T) => void = () => undefined
	let reject: (reason: unknown) => void = () => undefined
	const promise = new Promise<T>((res, rej) => {
		resolve = res
		reject = rej
	})
	return { promise, resolve, reject }
}

test('a value in time is the answer, and no timer is left behind', async () => {
	const slow = later<string>()
	const answer = settleWithin(slow.promise, 1_000)
	await vi.advanceTimersByTimeAsync(999)
	slow.resolve('products')
	expect(await answer).toEqual({ settled: true, value: 'products' })
	expect(vi.getTimerCount()).toBe(0)
})

test('a value already in hand counts even with no time at all', async () => {
	const answer = settleWithin(Promise.resolve(42), 0)
	await vi.runAllTimersAsync()
	expect(await answer).toEqual({ settled: true, value: 42 })
	expect(await settleWithin(Promise.resolve('now'), -5).then((outcome) => outcome.settled)).toBe(true)
})

test('past the time the answer is "not settled", and the promise itself still brings its value', async () => {
	const slow = later<string>()
	const answer = settleWithin(slow.promise, 1_000)
	await vi.advanceTimersByTimeAsync(1_000)
	expect(await answer).toEqual({ settled: false })
	expect(vi.getTimerCount()).toBe(0)
	slow.resolve('late')
	expect(await slow.promise).toBe('late')
})

test('a rejection in time rejects with the same reason, and clears the timer', async () => {
	const failing = later<string>()
	const answer = settleWithin(failing.promise, 1_000)
	const reason = new Error('partner down')
	failing.reject(reason)
	await expect(answer).rejects.toBe(reason)
	expect(vi.getTimerCount()).toBe(0)
})

test('a rejection after the time changes nothing: the answer stays "not settled" and nothing is left unhandled', async () => {
	const unhandled = vi.fn()
	process.on('unhandledRejection', unhandled)
	try {
		const failing = later<string>()
		const answer = settleWithin(failing.promise, 100)
		await vi.advanceTimersByTimeAsync(100)
		failing.reject(new Error('too late'))
		expect(await answer).toEqual({ settled: false })
		vi.useRealTimers()
		await new Promise((resolve) => setTimeout(resolve, 10))
		expect(unhandled).not.toHaveBeenCalled()
	} finally {
		process.off('unhandledRejection', unhandled)
	}
})
