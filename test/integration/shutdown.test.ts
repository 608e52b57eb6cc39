import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startPartnerStandIn, type PartnerStandIn } from '../support/partner-stand-in.ts'
import { startServer } from '../support/server.ts'

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner.stop()
})

test('SIGTERM during a slow crawl: in-flight requests finish with 200 and no lock is left held', async () => {
	const path = join(mkdtempSync(join(tmpdir(), 'azstop-')), 'cache.sqlite')
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: path })
	partner.setMode('slow', { slowMs: 1_500 })
	const inFlight = Array.from({ length: 20 }, () => fetch(`${server.url}/api/products?category=new-baby`).then((response) => response.status))
	await new Promise((resolve) => setTimeout(resolve, 300))
	const stopped = server.stop()
	const statuses = await Promise.all(inFlight)
	await stopped
	partner.setMode('ok')
	expect(statuses.every((status) => status === 200)).toBe(true)
	expect(server.logs()).toContain('SIGTERM received')
	const db = new Database(path, { readonly: true })
	const held = db.prepare<[], { url: string }>('SELECT url FROM page_cache WHERE refresh_lock_id IS NOT NULL').all()
	db.close()
	expect(held).toEqual([])
}, 30_000)
