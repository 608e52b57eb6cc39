import { readdirSync, readFileSync } from 'node:fs'
import { temporaryFolder } from '#test/support/temporary.ts'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { storeMigrations } from '#migrations/index.ts'
import { categoryPagePath } from '#test/support/partner-paths.ts'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startPostgres, type PostgresServer } from '#scripts/lib/postgres.ts'
import { startServer, type RunningServer } from '#test/support/server.ts'

/**
 * A database made by the SQL migrations the site had before its migrations moved to kysely's
 * Migrator (kept in test/fixtures/schema-2026-11/), with data in it, is upgraded in place by the
 * server's start-up: every row stays, the history moves to kysely_migration, and a restart applies
 * nothing again.
 */

const FIXTURES = 'test/fixtures/schema-2026-11'
const oldMigrations = (store: 'sqlite' | 'postgres') =>
	readdirSync(join(FIXTURES, store))
		.sort()
		.map((name) => ({ name, text: readFileSync(join(FIXTURES, store, name), 'utf8') }))
const HOUR = 3_600_000

let partner: PartnerStandIn
let postgres: PostgresServer | undefined
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner?.stop()
	await postgres?.destroy()
})

/** The rows an operator's database holds: a cached category page with products nobody else has, a photo, click counts. */
function rows() {
	const url = `${partner.url}${categoryPagePath('anniversary')}`
	const now = Date.now()
	const products = JSON.stringify([
		{ title: 'Kept Through The Upgrade', price: '$61.00', image: `${partner.url}/large/KEPT01_d1.jpg`, url: `${partner.url}/detail.cfm?dcode=KEPT01` },
	])
	return {
		page: [url, '', products, now - HOUR, now + 71 * HOUR, now + 14 * 24 * HOUR, 3] as const,
		photo: ['photo-kept', `${partner.url}/large/KEPT01_d1.jpg`, now] as const,
		click: ['2026-11-20', '/cities/phoenix/', 'phoenix', '', 'KEPT01', 7] as const,
	}
}

/** The migrations the server said it applied at start-up, in order. */
function appliedMigrations(server: RunningServer): string[] {
	return (server.logLines().find((line) => line.msg === 'Applied migrations')?.migrations as string[] | undefined) ?? []
}

async function pageShowsKeptProduct(serverUrl: string) {
	const body = await (await fetch(`${serverUrl}/categories/anniversary/`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text()
	return body.includes('Kept Through The Upgrade')
}

test('a SQLite file made by the earlier migrations, with data, upgrades in place', async () => {
	const path = join(temporaryFolder('azupgrade-'), 'cache.sqlite')
	const old = new Database(path)
	old.exec('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)')
	for (const { name, text } of oldMigrations('sqlite')) {
		old.exec(text)
		old.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(name, Date.now())
	}
	const { page, photo, click } = rows()
	old.prepare('INSERT INTO page_cache (url, html, products, fetched_at, expires_at, acceptable_until, hit_count) VALUES (?, ?, ?, ?, ?, ?, ?)').run(...page)
	old.prepare('INSERT INTO photos (id, source_url, created_at) VALUES (?, ?, ?)').run(...photo)
	old.prepare('INSERT INTO click_days (day, page, city, category, product, clicks) VALUES (?, ?, ?, ?, ?, ?)').run(...click)
	old.close()

	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: path, RENDER_CACHE_MAX_MB: '0' })
	try {
		expect(await pageShowsKeptProduct(server.url)).toBe(true)
		// The four earlier steps are recorded (their tables were there already), and the old history retired.
		const applied = appliedMigrations(server)
		expect(applied[0]).toBe('20261121000000_create_page_cache')
		expect(applied).toContain('20261125000000_drop_schema_migrations')
	} finally {
		await server.stop()
	}
	const db = new Database(path, { readonly: true })
	expect(db.prepare('SELECT clicks FROM click_days WHERE product = ?').get('KEPT01')).toEqual({ clicks: 7 })
	expect(db.prepare('SELECT source_url FROM photos WHERE id = ?').get('photo-kept')).toEqual({ source_url: photo[1] })
	expect(
		db
			.prepare<[], { name: string }>('SELECT name FROM kysely_migration ORDER BY name')
			.all()
			.map((row) => row.name),
	).toEqual(Object.keys(storeMigrations('sqlite')))
	expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'schema_migrations'").get()).toBeUndefined()
	db.close()

	const again = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: path })
	try {
		expect(again.logs()).not.toContain('Applied migrations')
		expect(await pageShowsKeptProduct(again.url)).toBe(true)
	} finally {
		await again.stop()
	}
}, 60_000)

test('a PostgreSQL database made by the earlier migrations, with data, upgrades in place', async () => {
	postgres = await startPostgres()
	const url = await postgres.createDatabase()
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		await client.query('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at BIGINT NOT NULL)')
		for (const { name, text } of oldMigrations('postgres')) {
			await client.query(text)
			await client.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [name, Date.now()])
		}
		const { page, photo, click } = rows()
		await client.query(
			'INSERT INTO page_cache (url, html, products, fetched_at, expires_at, acceptable_until, hit_count) VALUES ($1, $2, $3, $4, $5, $6, $7)',
			[...page],
		)
		await client.query('INSERT INTO photos (id, source_url, created_at) VALUES ($1, $2, $3)', [...photo])
		await client.query('INSERT INTO click_days (day, page, city, category, product, clicks) VALUES ($1, $2, $3, $4, $5, $6)', [...click])
	} finally {
		await client.end()
	}

	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_URL: url, RENDER_CACHE_MAX_MB: '0' })
	try {
		expect(await pageShowsKeptProduct(server.url)).toBe(true)
		const applied = appliedMigrations(server)
		expect(applied[0]).toBe('20261121000000_create_page_cache')
		expect(applied).toContain('20261125000000_drop_schema_migrations')
	} finally {
		await server.stop()
	}
	const after = new pg.Client({ connectionString: url })
	await after.connect()
	try {
		expect((await after.query('SELECT clicks FROM click_days WHERE product = $1', ['KEPT01'])).rows).toEqual([{ clicks: '7' }])
		expect((await after.query('SELECT name FROM kysely_migration ORDER BY name')).rows.map((row: { name: string }) => row.name)).toEqual(
			Object.keys(storeMigrations('postgres')),
		)
		expect((await after.query("SELECT to_regclass('schema_migrations') AS found")).rows).toEqual([{ found: null }])
	} finally {
		await after.end()
	}
	const again = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_URL: url })
	try {
		expect(again.logs()).not.toContain('Applied migrations')
	} finally {
		await again.stop()
	}
}, 90_000)
