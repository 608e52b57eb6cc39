import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { temporaryFolder } from '#test/support/temporary.ts'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from 'vitest'
import { storeMigrations } from '#migrations/index.ts'
import { startServer, startServerExpectingFailure, startServers } from '#test/support/server.ts'

test('bad settings stop start-up with one message naming each bad setting', async () => {
	const { code, output } = await startServerExpectingFailure({ SITE_URL: 'flowers.example', PORT: 'eighty', GOOGLE_MAPS_API_KEY: '!' })
	expect(code).toBe(1)
	expect(output).toContain('Invalid settings:')
	expect(output).toContain('SITE_URL:')
	expect(output).toContain('PORT:')
	expect(output).toContain('GOOGLE_MAPS_API_KEY:')
	expect(output).not.toContain('    at ')
})

test('the SQLite file is created and migrated on first start; a restart applies nothing twice', async () => {
	const path = join(temporaryFolder('azdb-'), 'nested', 'cache.sqlite')
	const first = await startServer({ DATABASE_PATH: path })
	const applied = first.logLines().find((line) => line.msg === 'Applied migrations')?.migrations
	expect((applied as string[] | undefined)?.slice(0, 2)).toEqual(['20261121000000_create_page_cache', '20261122000000_create_host_backoff'])
	await first.stop()
	expect(existsSync(path)).toBe(true)

	const second = await startServer({ DATABASE_PATH: path })
	expect(second.logs()).not.toContain('Applied migrations')
	await second.stop()

	const db = new Database(path, { readonly: true })
	const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()
	expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['cache_log', 'page_cache', 'photos', 'click_days', 'kysely_migration']))
	expect(tables.map((table) => table.name)).not.toContain('schema_migrations')
	expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
	db.close()
})

test('a database file that is not SQLite stops start-up with its path and what to do, not a bare SQLite error', async () => {
	const path = join(temporaryFolder('azdb-'), 'cache.sqlite')
	writeFileSync(path, 'these bytes were never a database '.repeat(200))
	const { code, output } = await startServerExpectingFailure({ DATABASE_PATH: path })
	expect(code).toBe(1)
	expect(output).toContain(`DATABASE_PATH ${path} is not a usable SQLite database`)
	expect(output).toContain('move it aside')
	expect(output).not.toContain('    at ')
})

test('a database folder the server may not write stops start-up naming the path', async () => {
	if (process.getuid?.() === 0) {
		// root writes anywhere: a path under a regular file cannot be created by anyone.
		const file = join(temporaryFolder('azdb-'), 'file')
		writeFileSync(file, '')
		const { code, output } = await startServerExpectingFailure({ DATABASE_PATH: join(file, 'cache.sqlite') })
		expect(code).toBe(1)
		expect(output).toContain(join(file, 'cache.sqlite'))
		expect(output).not.toContain('    at ')
		return
	}
	const folder = join(temporaryFolder('azdb-'), 'locked')
	mkdirSync(folder)
	chmodSync(folder, 0o500)
	const { code, output } = await startServerExpectingFailure({ DATABASE_PATH: join(folder, 'cache.sqlite') })
	expect(code).toBe(1)
	expect(output).toContain(`DATABASE_PATH ${join(folder, 'cache.sqlite')} cannot be opened for writing`)
	expect(output).not.toContain('    at ')
})

test('a PostgreSQL that cannot be reached stops start-up naming DATABASE_URL, without its password', async () => {
	const { code, output } = await startServerExpectingFailure({ DATABASE_URL: 'postgres://site:pg-Secret-9x@127.0.0.1:1/site' })
	expect(code).toBe(1)
	expect(output).toContain('DATABASE_URL: PostgreSQL could not be prepared')
	expect(output).not.toContain('pg-Secret-9x')
	expect(output).not.toContain('    at ')
	const bad = await startServerExpectingFailure({ DATABASE_URL: 'mysql://somewhere/db' })
	expect(bad.output).toContain('DATABASE_URL: must be a postgres:// URL')
})

test('the placeholder affiliate id is announced at start-up', async () => {
	const server = await startServer({ AFFILIATE_ID: '' })
	expect(server.logLines()).toContainEqual(
		expect.objectContaining({ level: 'warn', msg: 'AFFILIATE_ID may earn no commission', reason: expect.stringContaining('AFFILIATE_ID is not set') }),
	)
	await server.stop()
})

test('several processes starting at once on a new database file all come up, migrating it once', async () => {
	const path = join(temporaryFolder('azrace-'), 'cache.sqlite')
	const servers = await startServers(Array.from({ length: 4 }, () => ({ DATABASE_PATH: path })))
	const applied = servers.filter((server) => server.logs().includes('Applied migrations')).length
	await Promise.all(servers.map((server) => server.stop()))
	expect(applied).toBeGreaterThanOrEqual(1)
	const db = new Database(path, { readonly: true })
	const rows = db.prepare<[], { name: string }>('SELECT name FROM kysely_migration').all()
	// Each migration recorded once, however many processes raced to apply it.
	expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(storeMigrations('sqlite')).sort())
	db.close()
})
