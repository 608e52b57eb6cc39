import { temporaryFolder } from '#test/support/temporary.ts'
import { join } from 'node:path'
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
