import { expect, test } from 'vitest'
import { sharePerKey } from '#app/server/in-flight.server.ts'

/** Work that finishes when told, counting how often it was started per key. */
function work() {
	const started: string[] = []
	const finish = new Map<string, { resolve: (value: string) => void; reject: (reason: unknown) => void }>()
	const make = (key: string) => () => {
		started.push(key)
		return new Promise<string>((resolve, reject) => finish.set(key, { resolve, reject }))
	}
	return { started, finish, make }
}

test('callers asking for one key while its work is under way share it; another key has its own', async () => {
	const { share } = sharePerKey<string, string>()
	const { started, finish, make } = work()
	const first = share('a', make('a'))
	const second = share('a', make('a'))
	const other = share('b', make('b'))
	expect(started).toEqual(['a', 'b'])
	finish.get('a')?.resolve('photo a')
	finish.get('b')?.resolve('photo b')
	expect(await Promise.all([first, second, other])).toEqual(['photo a', 'photo a', 'photo b'])
})

test('nothing is kept once the work is done: the next caller starts it again', async () => {
	const { share } = sharePerKey<string, string>()
	const { started, finish, make } = work()
	const first = share('a', make('a'))
	finish.get('a')?.resolve('one')
	expect(await first).toBe('one')
	const again = share('a', make('a'))
	finish.get('a')?.resolve('two')
	expect(await again).toBe('two')
	expect(started).toEqual(['a', 'a'])
})

test('a failure reaches every caller sharing it, and is not kept either', async () => {
	const { share } = sharePerKey<string, string>()
	const { started, finish, make } = work()
	const first = share('a', make('a'))
	const second = share('a', make('a'))
	finish.get('a')?.reject(new Error('partner down'))
	await expect(first).rejects.toThrow('partner down')
	await expect(second).rejects.toThrow('partner down')
	const retry = share('a', make('a'))
	finish.get('a')?.resolve('back')
	expect(await retry).toBe('back')
	expect(started).toEqual(['a', 'a'])
})

test('settled() waits for every piece of work under way, failed or not', async () => {
	const shared = sharePerKey<string, string>()
	const { finish, make } = work()
	void shared.share('a', make('a'))
	void shared.share('b', make('b')).catch(() => undefined)
	let settled = false
	const waiting = shared.settled().then(() => (settled = true))
	finish.get('a')?.resolve('done')
	await Promise.resolve()
	expect(settled).toBe(false)
	finish.get('b')?.reject(new Error('partner down'))
	await waiting
	expect(settled).toBe(true)
})
