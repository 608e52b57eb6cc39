// Plain Node can run this module (relative imports, no bundler features), so
// scripts and benchmarks open the same database the server does.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'

/** Applies every migration not yet recorded, each in its own transaction, in name order. */
function migrate(sqlite: Database.Database, migrations: Record<string, string>): string[] {
	sqlite.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)')
	const applied = new Set(
		sqlite
			.prepare<[], { name: string }>('SELECT name FROM schema_migrations')
			.all()
			.map((row) => row.name),
	)
	const record = sqlite.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)')
	const isApplied = sqlite.prepare<[string], { name: string }>('SELECT name FROM schema_migrations WHERE name = ?')
	const newlyApplied: string[] = []
	for (const path of Object.keys(migrations).sort()) {
		const name = path.split('/').pop() ?? path
		if (applied.has(name)) continue
		// IMMEDIATE takes the write lock first, and the check is repeated inside it:
		// several processes starting on one new file apply each migration once.
		const didApply = sqlite
			.transaction(() => {
				if (isApplied.get(name)) return false
				sqlite.exec(migrations[path] ?? '')
				record.run(name, Date.now())
				return true
			})
			.immediate()
		if (didApply) newlyApplied.push(name)
	}
	return newlyApplied
}

function isBusy(error: unknown): boolean {
	const code = (error as { code?: unknown } | null)?.code
	return typeof code === 'string' && code.startsWith('SQLITE_BUSY')
}

/**
 * Runs a start-up step again while SQLite answers BUSY. Processes starting
 * together on one new file race to switch it to WAL and to turn a read into a
 * write; SQLite refuses those at once, without waiting on the busy timeout.
 * Each step is safe to repeat (migrations re-check inside their transaction).
 */
export function retryWhileBusy<T>(step: () => T, limitMs = 15_000): T {
	const deadline = Date.now() + limitMs
	const pause = new Int32Array(new SharedArrayBuffer(4))
	for (;;) {
		try {
			return step()
		} catch (error) {
			if (!isBusy(error) || Date.now() > deadline) throw error
			// Start-up is synchronous: block briefly, with jitter so racing processes fall apart.
			Atomics.wait(pause, 0, 0, 20 + Math.random() * 60)
		}
	}
}

/** SQLite's answers for a file it cannot use as a database, and what the operator should do about each. */
function unusableFile(path: string, error: unknown): Error | undefined {
	const code = String((error as { code?: unknown } | null)?.code ?? '')
	const reason = error instanceof Error ? error.message : String(error)
	if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT_'))
		return new Error(
			`DATABASE_PATH ${path} is not a usable SQLite database (${reason}). It holds only caches: move it aside (or delete it) and start again, and a new one is created.`,
		)
	const cannotOpen = ['SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_PERM', 'SQLITE_IOERR', 'EACCES', 'EPERM', 'EROFS', 'EEXIST', 'ENOTDIR']
	if (cannotOpen.some((prefix) => code.startsWith(prefix)))
		return new Error(
			`DATABASE_PATH ${path} cannot be opened for writing (${reason}). Check that the file and its folder exist and that the server's user may write to both.`,
		)
	return undefined
}

/** Opens (creating if needed) a SQLite file in WAL mode with a busy timeout and brings it up to date. */
export function openMigratedDatabase<Schema>(path: string, migrations: Record<string, string>) {
	try {
		if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
		const sqlite = new Database(path, { timeout: 5000 })
		// The busy timeout comes first: switching to WAL needs a lock another process may hold.
		sqlite.pragma('busy_timeout = 5000')
		retryWhileBusy(() => sqlite.pragma('journal_mode = WAL'))
		sqlite.pragma('synchronous = NORMAL')
		const applied = retryWhileBusy(() => migrate(sqlite, migrations))
		const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) })
		return { sqlite, db, applied }
	} catch (error) {
		throw unusableFile(path, error) ?? error
	}
}

/** Any number fixed for the site: the key of the advisory lock that lets one instance migrate at a time. */
const MIGRATION_LOCK_KEY = 7_294_118_305

/**
 * Applies every PostgreSQL migration not yet recorded, in name order, in one
 * transaction that first takes an advisory lock: instances starting together
 * wait their turn, and the next one finds the history complete. The lock
 * belongs to the transaction, so a process that dies mid-way frees it.
 */
export async function migratePostgres<Schema>(db: Kysely<Schema>, migrations: Record<string, string>): Promise<string[]> {
	return db.transaction().execute(async (trx) => {
		await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx)
		await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at BIGINT NOT NULL)`.execute(trx)
		const recorded = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(trx)
		const applied = new Set(recorded.rows.map((row) => row.name))
		const newlyApplied: string[] = []
		for (const path of Object.keys(migrations).sort()) {
			const name = path.split('/').pop() ?? path
			if (applied.has(name)) continue
			await sql.raw(migrations[path] ?? '').execute(trx)
			await sql`INSERT INTO schema_migrations (name, applied_at) VALUES (${name}, ${Date.now()})`.execute(trx)
			newlyApplied.push(name)
		}
		return newlyApplied
	})
}
