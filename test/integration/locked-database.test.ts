import { spawn } from 'node:child_process'
import { temporaryFolder } from '#test/support/temporary.ts'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startPartnerStandIn, type PartnerStandIn } from '#test/support/partner-stand-in.ts'
import { startServer } from '#test/support/server.ts'

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner.stop()
})

/** Another process takes the SQLite file's write lock (BEGIN EXCLUSIVE), as a backup or an operator's query would, and holds it until stopped (20 s at most). */
async function holdWriteLock(path: string) {
	const code = `
		import Database from 'better-sqlite3'
		const db = new Database(process.env.HELD_DATABASE)
		db.exec('BEGIN EXCLUSIVE')
		process.stdout.write('held\\n')
		setTimeout(() => { db.exec('COMMIT'); process.exit(0) }, 20_000)
	`
	const holder = spawn(process.execPath, ['--input-type=module', '-e', code], {
		env: { ...process.env, HELD_DATABASE: path },
		stdio: ['ignore', 'pipe', 'inherit'],
	})
	await new Promise<void>((resolve, reject) => {
		holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve())
		holder.once('exit', (status) => reject(new Error(`the lock holder exited with ${status}`)))
	})
	return {
		release: () =>
			new Promise<void>((resolve) => {
				if (holder.exitCode !== null) return resolve()
				holder.once('exit', () => resolve())
				holder.kill('SIGTERM')
			}),
	}
}

async function timed(url: string) {
	const started = performance.now()
	const response = await fetch(url)
	await response.arrayBuffer()
	return { status: response.status, ms: performance.now() - started }
}

test('another process holds the SQLite write lock: /healthz answers at once and pages with products still answer 200', async () => {
	const path = join(temporaryFolder('azheld-'), 'cache.sqlite')
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: path, RENDER_CACHE_MAX_MB: '0' })
	try {
		// Products in the store first: each visit then reads them and writes its hit count and log line.
		expect((await timed(`${server.url}/categories/anniversary/`)).status).toBe(200)
		const lock = await holdWriteLock(path)
		try {
			// Pages asked with fresh query strings, the product API (nothing is kept in memory) and liveness, all at once.
			const pages = Array.from({ length: 6 }, (_, index) => timed(`${server.url}/categories/anniversary/?visit=${index}`))
			const api = timed(`${server.url}/api/products?category=anniversary`)
			const health = await timed(`${server.url}/healthz`)
			const answered = await Promise.all([...pages, api])
			// Before: every write waited out a 5 s busy timeout on the main thread, and /healthz took 7.3 s.
			expect(health.status).toBe(200)
			expect(health.ms).toBeLessThan(1_500)
			for (const page of answered) {
				expect(page.status).toBe(200)
				expect(page.ms).toBeLessThan(3_000)
			}
			// Readiness says the database cannot be written, and says it quickly.
			const ready = await timed(`${server.url}/readyz`)
			expect(ready.status).toBe(503)
			expect(ready.ms).toBeLessThan(1_500)
			console.info(`held write lock: /healthz ${Math.round(health.ms)} ms, slowest page ${Math.round(Math.max(...answered.map((page) => page.ms)))} ms`)
		} finally {
			await lock.release()
		}
		// Once the other writer lets go, writes go through again.
		expect((await timed(`${server.url}/readyz`)).status).toBe(200)
	} finally {
		await server.stop()
	}
}, 60_000)
