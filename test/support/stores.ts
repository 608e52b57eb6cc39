import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterAll, afterEach } from 'vitest'
import { connectPostgres, openDatabase, type AppDatabase } from '#app/server/store/db.server.ts'
import { startPostgres, type PostgresServer } from '#scripts/lib/postgres.ts'
import { temporaryFolder } from '#test/support/temporary.ts'

export type Store = {
	name: 'SQLite' | 'PostgreSQL'
	/** Where a store shared by several handles lives: a new SQLite file, or a new PostgreSQL database. */
	place: () => Promise<string>
	/** A new, empty store; or, given a place, another handle on that store, as a second process would have. */
	open: (place?: string) => Promise<AppDatabase>
}

/**
 * Both stores, for contracts that must hold on each: SQLite (a file or
 * memory) and a throw-away PostgreSQL server, started on first use. Handles
 * close after each test, and the server after the file.
 */
export function useStores(): Store[] {
	const opened: AppDatabase[] = []
	let postgres: PostgresServer | undefined
	const track = (database: AppDatabase) => {
		opened.push(database)
		return database
	}
	const newPostgresDatabase = async () => {
		postgres ??= await startPostgres()
		return postgres.createDatabase()
	}
	afterEach(async () => {
		for (const database of opened.splice(0)) await database.close().catch(() => undefined)
	})
	afterAll(async () => {
		await postgres?.destroy()
	})
	return [
		{
			name: 'SQLite',
			place: async () => join(temporaryFolder('azstore-'), 'cache.sqlite'),
			open: async (place) => track(await openDatabase(place ?? ':memory:')),
		},
		{
			name: 'PostgreSQL',
			place: newPostgresDatabase,
			open: async (place) => track(await connectPostgres(place ?? (await newPostgresDatabase()))),
		},
	]
}

/**
 * States a test puts a running server's SQLite file in, as time or another
 * process would: named here so the tests read as behaviour and the SQL lives
 * in one place. `urls` is a page URL, or a SQL LIKE pattern when it has a `%`.
 */
export const seedSqlite = {
	/** The cached page is past its freshness (as three days on): the next reader starts a refresh. */
	expirePages(databasePath: string, urls: string) {
		withFile(databasePath, (db) => db.prepare(`UPDATE page_cache SET expires_at = 1 WHERE url ${urls.includes('%') ? 'LIKE' : '='} ?`).run(urls))
	},
	/** The page's refresh lock or back-off has run out (as fifteen minutes on). */
	endRefreshLock(databasePath: string, url: string) {
		withFile(databasePath, (db) => db.prepare('UPDATE page_cache SET refresh_lock_until = 1 WHERE url = ?').run(url))
	},
	/** A page as if it had been fetched `ageHours` ago, with the given products. */
	cachedPage(databasePath: string, url: string, products: string, ageHours: number) {
		const hour = 3_600_000
		const fetchedAt = Date.now() - ageHours * hour
		withFile(databasePath, (db) =>
			db
				.prepare(
					`INSERT OR REPLACE INTO page_cache (url, html, products, fetched_at, expires_at, acceptable_until, hit_count)
					 VALUES (?, '', ?, ?, ?, ?, 0)`,
				)
				.run(url, products, fetchedAt, fetchedAt + 72 * hour, fetchedAt + 14 * 24 * hour),
		)
	},
}

function withFile(databasePath: string, change: (db: Database.Database) => unknown) {
	const db = new Database(databasePath)
	try {
		change(db)
	} finally {
		db.close()
	}
}
