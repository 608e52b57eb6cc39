import { temporaryFolder } from '#test/support/temporary.ts'
import { spawn } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer } from '#test/support/server.ts'
import { categoryPagePath } from '#test/support/partner-paths.ts'
import { waitUntil } from '#scripts/lib/wait.ts'

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner.stop()
})

/** A first page and a first API answer, so the server has loaded its code before the timed part begins. */
async function warmUp(url: string) {
	await (await fetch(`${url}/about/`)).text()
	await (await fetch(`${url}/api/products?category=birthday-flowers`)).text()
}

test('SIGTERM during a load run with slow crawls: every in-flight request finishes with 200 and no lock is left held', async () => {
	const path = join(temporaryFolder('azstop-'), 'cache.sqlite')
	// The drain is long enough for this burst to be answered on a busy machine, as an operator sizes it to the load.
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: path, SHUTDOWN_DRAIN_SECONDS: '8' })
	await warmUp(server.url)
	partner.setMode('slow', { slowMs: 1_500 })
	// 200 requests at once: cold crawls (API and pages), warm pages and cached ones.
	const paths = ['/api/products?category=new-baby', '/categories/anniversary/', '/categories/graduation/', '/about/', '/cities/phoenix/']
	const before = partner.hits.length
	const inFlight = Array.from({ length: 200 }, (_, index) =>
		fetch(`${server.url}${paths[index % paths.length]}`).then(async (response) => {
			await response.arrayBuffer()
			return response.status
		}),
	)
	// The cold crawls have reached the partner: the burst is in flight on the server.
	await waitUntil(() => partner.hits.length > before, { timeoutMs: 10_000, what: 'the burst to reach the partner' })
	const stopped = server.stop()
	// While it drains, the server still answers, and readiness tells load balancers to stop sending.
	const readiness = await waitUntil(
		async () => {
			const answer = await fetch(`${server.url}/readyz`)
			return answer.status === 503 && answer
		},
		{ timeoutMs: 2_000, what: 'readiness to say 503' },
	)
	expect(readiness.status).toBe(503)
	expect(readiness.headers.get('connection')).toBe('close')
	expect(await readiness.json()).toEqual({ status: 'shutting down' })
	const statuses = await Promise.all(inFlight)
	await stopped
	partner.setMode('ok')
	expect(statuses.filter((status) => status === 200)).toHaveLength(200)
	expect(server.logLines()).toContainEqual(expect.objectContaining({ msg: 'Shutdown signal received: finishing in-flight requests', signal: 'SIGTERM' }))
	const db = new Database(path, { readonly: true })
	const held = db.prepare<[], { url: string }>('SELECT url FROM page_cache WHERE refresh_lock_id IS NOT NULL').all()
	db.close()
	expect(held).toEqual([])
}, 60_000)

test('the process holding a crawl lock is killed: the next request after the lease succeeds', async () => {
	const path = join(temporaryFolder('azkill-'), 'cache.sqlite')
	const limits = { PARTNER_BASE_URL: partner.url, DATABASE_PATH: path, CRAWL_DEADLINE_SECONDS: '2', CACHE_LOCK_LEASE_SECONDS: '3' }
	const doomed = await startServer(limits)
	await warmUp(doomed.url)
	partner.setMode('hang')
	void fetch(`${doomed.url}/api/products?category=graduation`).catch(() => undefined)
	const db = new Database(path, { readonly: true })
	const lockHolder = () =>
		db
			.prepare<[string], { refresh_lock_id: string | null }>('SELECT refresh_lock_id FROM page_cache WHERE url = ?')
			.get(`${partner.url}${categoryPagePath('graduation')}`)
	await expect.poll(() => lockHolder()?.refresh_lock_id, { timeout: 5_000 }).toBeTruthy()
	await doomed.kill()
	partner.setMode('ok')

	const survivor = await startServer(limits)
	try {
		// The dead holder's lease runs out (CACHE_LOCK_LEASE_SECONDS after it took the lock).
		const leaseEnd = () =>
			db
				.prepare<[string], { refresh_lock_until: number | null }>('SELECT refresh_lock_until FROM page_cache WHERE url = ?')
				.get(`${partner.url}${categoryPagePath('graduation')}`)?.refresh_lock_until ?? 0
		await waitUntil(() => Date.now() > leaseEnd(), { timeoutMs: 10_000, what: 'the dead holder’s lease to run out' })
		const response = await fetch(`${survivor.url}/api/products?category=graduation`)
		expect(response.status).toBe(200)
		expect(((await response.json()) as { products: unknown[] }).products.length).toBeGreaterThan(0)
		expect(lockHolder()?.refresh_lock_id ?? null).toBeNull()
	} finally {
		db.close()
		await survivor.stop()
	}
}, 30_000)

/**
 * Loads the built app in a process of its own, as server/main.ts does, writes to the database,
 * and runs the app's shutdown. It reports on its last line the worker threads it ran before and
 * after, whether SQLite's write-ahead log was there, and whether the database still answered.
 */
const SHUTDOWN_PROBE = `
import { existsSync, writeFileSync } from 'node:fs'
const app = await import(process.env.APP_URL)
const threads = () => process.report.getReport().workers.length
for (let tries = 0; tries < 200 && threads() === 0; tries += 1) await new Promise((done) => setTimeout(done, 50))
const before = threads()
await app.database.db.insertInto('click_salt').values({ id: 1, salt: 'probe' }).execute()
const logBefore = existsSync(process.env.DATABASE_PATH + '-wal')
await app.shutdown()
const after = threads()
const databaseAnswers = await app.database.db.selectFrom('click_salt').select('id').execute().then(() => true, () => false)
process.stderr.write('probe ' + JSON.stringify({ before, after, logBefore, databaseAnswers }) + '\\n')
`

test('shutdown ends the extraction worker’s thread and closes the database; the process then ends by itself', async () => {
	const folder = temporaryFolder('azclose-')
	const path = join(folder, 'cache.sqlite')
	const probe = join(folder, 'probe.mjs')
	writeFileSync(probe, SHUTDOWN_PROBE)
	const env = {
		PATH: process.env.PATH,
		NODE_ENV: 'production',
		PARTNER_BASE_URL: partner.url,
		AFFILIATE_ID: '4200000042',
		DATABASE_PATH: path,
		APP_URL: pathToFileURL(resolve('build/server/index.js')).href,
	}
	const child = spawn(process.execPath, [probe], { env, stdio: ['ignore', 'ignore', 'pipe'] })
	let errors = ''
	child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
	const ended = new Promise<number | null>((done) => child.once('exit', done))
	const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
	const code = await ended
	clearTimeout(timer)
	// Ended of itself (not killed): no thread, timer or connection kept it alive after shutdown.
	expect({ code, signal: child.signalCode }, errors).toEqual({ code: 0, signal: null })
	const report = /^probe (.*)$/m.exec(errors)?.[1]
	expect(JSON.parse(report ?? '{}')).toEqual({ before: 1, after: 0, logBefore: true, databaseAnswers: false })
	// SQLite folds its write-ahead log into the file when the last connection closes cleanly.
	expect(existsSync(`${path}-wal`)).toBe(false)
	const db = new Database(path, { readonly: true })
	const salt = db.prepare<[], { salt: string }>('SELECT salt FROM click_salt').all()
	db.close()
	expect(salt).toEqual([{ salt: 'probe' }])
}, 30_000)
