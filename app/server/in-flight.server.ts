/**
 * One promise per key at a time: whoever asks for a key whose work is under way
 * shares that work's promise instead of starting it again, and the key is free
 * once the work settles. Nothing is kept after that; a cache of answers is a
 * separate matter.
 */
export function sharePerKey<K, T>() {
	const pending = new Map<K, Promise<T>>()
	return {
		/** The promise of `key`'s work under way, or of `start()`, begun now. */
		share(key: K, start: () => Promise<T>): Promise<T> {
			const running = pending.get(key)
			if (running) return running
			const promise = start().finally(() => pending.delete(key))
			pending.set(key, promise)
			return promise
		},
		/** Settles once every piece of work under way now has settled, whatever its outcome. */
		async settled(): Promise<void> {
			await Promise.allSettled([...pending.values()])
		},
	}
}
