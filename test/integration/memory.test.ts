import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { startServer } from '#test/support/server.ts'
import { waitUntil } from '#scripts/lib/wait.ts'

/** The server process's resident memory, in MB. */
function residentMb(pid: number): number {
	return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
}

test('6,000 distinct kept answers hold the process within the cache cap plus a fixed margin', async () => {
	// A 1 MB cap: every ZIP answer (about 400 bytes of JSON) is cacheable, so the cap alone bounds what is kept.
	const server = await startServer({ RENDER_CACHE_MAX_MB: '1', API_RATE_LIMIT_PER_MINUTE: '1000000' })
	try {
		const ask = async (zip: number) => {
			const response = await fetch(`${server.url}/api/zip-codes?zip=${String(zip).padStart(5, '0')}`, { headers: { 'accept-encoding': 'br, gzip' } })
			await response.arrayBuffer()
			return response.status
		}
		const run = async (from: number) => {
			const statuses: number[] = []
			for (let start = from; start < from + 3_000; start += 10)
				statuses.push(...(await Promise.all(Array.from({ length: 10 }, (_, offset) => ask(start + offset)))))
			// The last answers are kept off their responses' paths: wait until the process's size stops moving.
			let last = Number.NaN
			await waitUntil(
				() => {
					const now = residentMb(server.pid)
					const steady = Math.abs(now - last) < 1
					last = now
					return steady
				},
				{ timeoutMs: 10_000, everyMs: 100, what: 'the server’s memory to settle' },
			)
			return statuses
		}
		// The first 3,000 fill the cache and bring the process to its working size (the heap, zlib's
		// and the allocator's pools); the next 3,000 replace every kept answer and must cost nothing more.
		const warmUp = await run(10_000)
		const before = residentMb(server.pid)
		const measured = await run(20_000)
		const growth = residentMb(server.pid) - before
		expect([...warmUp, ...measured].filter((status) => status !== 200)).toEqual([])
		// Sized by their length alone, kept answers held zlib's 64 KiB buffers: this grew by about 55 MB.
		expect(growth).toBeLessThan(25)
	} finally {
		await server.stop()
	}
}, 120_000)
