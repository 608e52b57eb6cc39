import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'

export type PageCacheTable = {
	url: string
	html: string
	products: string
	fetched_at: number
	expires_at: number
	acceptable_until: number
	refresh_lock_until: number | null
	refresh_lock_id: string | null
	hit_count: number
	last_hit_at: number | null
}

export type CacheLogTable = {
	id: number | null
	url: string
	action: 'hit' | 'miss'
	cache_status: 'fresh' | 'stale' | 'error'
	response_ms: number
	error_message: string | null
	created_at: number
}

export type HostBackoffTable = {
	host: string
	until: number
}

export type DatabaseSchema = {
	page_cache: PageCacheTable
	cache_log: CacheLogTable
	host_backoff: HostBackoffTable
}

// Bundled with the server so the container needs no separate copy of migrations/.
const migrations = import.meta.glob<string>('/migrations/*.sql', { eager: true, query: '?raw', import: 'default' })

/** Applies every migration not yet recorded, each in its own transaction, in name order. */
export function migrate(sqlite: Database.Database): string[] {
	sqlite.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)')
	const applied = new Set(
		sqlite
			.prepare<[], { name: string }>('SELECT name FROM schema_migrations')
			.all()
			.map((row) => row.name),
	)
	const record = sqlite.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)')
	const newlyApplied: string[] = []
	for (const path of Object.keys(migrations).sort()) {
		const name = path.split('/').pop() ?? path
		if (applied.has(name)) continue
		sqlite.transaction(() => {
			sqlite.exec(migrations[path] ?? '')
			record.run(name, Date.now())
		})()
		newlyApplied.push(name)
	}
	return newlyApplied
}

/** Opens (creating if needed) the SQLite file in WAL mode and brings it up to date. */
export function openDatabase(path: string) {
	if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
	const sqlite = new Database(path)
	sqlite.pragma('journal_mode = WAL')
	sqlite.pragma('busy_timeout = 5000')
	sqlite.pragma('synchronous = NORMAL')
	const applied = migrate(sqlite)
	const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) })
	return { sqlite, db, applied }
}

export type AppDatabase = ReturnType<typeof openDatabase>

let shared: AppDatabase | undefined

/** The process's database, opened (and migrated) on first use from DATABASE_PATH. */
export function getDatabase(path: string): AppDatabase {
	shared ??= openDatabase(path)
	return shared
}
