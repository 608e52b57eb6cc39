// No imports: the photo store uses this module, and the benchmark runs the store outside the bundle.

/**
 * One piece of work per key at a time: while the work for a key is under way, every caller asking
 * for that key gets the same promise, and once it settles (resolved or rejected) the next caller
 * starts anew. Nothing is kept after that: for work whose result is kept elsewhere (a database), or
 * not at all. For a result kept in memory, an LRUCache with a `fetchMethod` shares its calls itself.
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
