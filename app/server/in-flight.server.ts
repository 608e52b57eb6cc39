// No imports: the photo store uses this module, and the benchmark runs the store outside the bundle.

/**
 * One piece of work per key at a time: while `make()` for a key is under way, every caller asking
 * for that key gets the same promise, and once it settles (resolved or rejected) the next caller
 * starts anew. Nothing is kept after that: for work whose result is kept elsewhere (a database), or
 * not at all. For a result kept in memory, an LRUCache with a `fetchMethod` shares its calls itself.
 */
export function shareInFlight<K, V>(): (key: K, make: () => Promise<V>) => Promise<V> {
	const running = new Map<K, Promise<V>>()
	return (key, make) => {
		const known = running.get(key)
		if (known) return known
		const started = make().finally(() => running.delete(key))
		running.set(key, started)
		return started
	}
}
