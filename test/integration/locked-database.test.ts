import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import sharp from 'sharp'
import { temporaryFolder } from '#test/support/temporary.ts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { markupOf } from '#test/support/html.ts'
import { STREAM_BUDGET_MS } from '#app/server/page-timing.server.ts'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer } from '#test/support/server.ts'

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner.stop()
})

/** Another process takes the SQLite file's write lock (BEGIN EXCLUSIVE), as a backup or an operator's query would, and holds it until stopped (`holdMs` at most). */
async function holdWriteLock(path: string, holdMs = 20_000) {
	const code = `
		import Database from 'better-sqlite3'
		const db = new Database(process.env.HELD_DATABASE)
		db.exec('BEGIN EXCLUSIVE')
		process.stdout.write('held\\n')
		setTimeout(() => { db.exec('COMMIT'); process.exit(0) }, Number(process.env.HOLD_MS))
	`
	const holder = spawn(process.execPath, ['--input-type=module', '-e', code], {
		env: { ...process.env, HELD_DATABASE: path, HOLD_MS: String(holdMs) },
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
		rmSync(dirname(path), { recursive: true, force: true })
	}
}, 60_000)

test('a cold list under an outside lock answering from the partner within its page budget: a new category page, its photos and an MCP call', async () => {
	const path = join(temporaryFolder('azheld-'), 'cache.sqlite')
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: path, RENDER_CACHE_MAX_MB: '0' })
	const client = new Client({ name: 'locked-database-test', version: '1.0.0' })
	try {
		await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)))
		// Held for 12 s, as a backup of the file might: longer than the page's 9.5 s wait for products.
		const lock = await holdWriteLock(path, 12_000)
		try {
			const pageStarted = performance.now()
			const page = await fetch(`${server.url}/categories/get-well-soon/`)
			const body = await page.text()
			const pageMs = performance.now() - pageStarted
			expect(page.status).toBe(200)
			expect(markupOf(body).includes('load products right now'), 'the fallback shown').toBe(false)
			expect(body.includes('Bright Bouquet /main.cfm'), 'the partner’s products shown').toBe(true)
			expect(pageMs).toBeLessThan(STREAM_BUDGET_MS)

			// A photo of that page, never asked for: the partner's picture, not the placeholder.
			const id = /src="\/photos\/([\w-]{22})\/320\.img"/.exec(body)?.[1]
			const photo = await fetch(`${server.url}/photos/${id}/320.img`, { headers: { accept: 'image/jpeg' } })
			expect(photo.status).toBe(200)
			expect(photo.headers.get('content-type')).toBe('image/jpeg')
			expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).width).toBe(320)

			// An agent asks about another category never fetched.
			const callStarted = performance.now()
			const result = (await client.callTool({ name: 'find_arrangements', arguments: { place: 'Tempe', occasion: 'birthday' } })) as {
				isError?: boolean
				structuredContent?: { arrangements?: unknown[] }
			}
			const callMs = performance.now() - callStarted
			expect(result.isError).toBeFalsy()
			expect(result.structuredContent?.arrangements?.length).toBeGreaterThan(0)
			expect(callMs).toBeLessThan(3_000)

			// All of it while the file was still held: readiness says it cannot be written.
			expect((await timed(`${server.url}/readyz`)).status).toBe(503)
			// The log says why the products were not stored.
			const unstored = server.logLines().filter((line) => /^SQLITE_BUSY/.test(String(line.reason)) && /not stored/.test(line.msg ?? ''))
			expect(unstored.length).toBeGreaterThan(0)
			console.info(`12 s outside lock: new category with products in ${Math.round(pageMs)} ms, find_arrangements in ${Math.round(callMs)} ms`)
		} finally {
			await lock.release()
		}
	} finally {
		await client.close()
		await server.stop()
		rmSync(dirname(path), { recursive: true, force: true })
	}
}, 60_000)
