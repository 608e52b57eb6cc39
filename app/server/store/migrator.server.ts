// Plain Node can run this module (subpath imports, which Node resolves itself; no bundler features), so
// scripts and benchmarks open the same database the server does.
import { mkdirSync, statfsSync } from 'node:fs'
import { dirname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import Database from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import { Migrator, type Migration } from 'kysely/migration'
import { storeMigrations, type StoreKind } from '#migrations/index.ts'

/** The migrations kysely's Migrator applies, in name order. */
function provider(kind: StoreKind) {
	return { getMigrations: async (): Promise<Record<string, Migration>> => storeMigrations(kind) }
}

/** Applies every migration not yet recorded (in `kysely_migration`); returns the names it applied. */
async function migrateToLatest(db: Kysely<unknown>, kind: StoreKind): Promise<string[]> {
	const { error, results = [] } = await new Migrator({ db, provider: provider(kind) }).migrateToLatest()
	if (error) throw error instanceof Error ? error : new Error(String(error))
	return results.filter((result) => result.status === 'Success').map((result) => result.migrationName)
}

function isBusy(error: unknown): boolean {
	const code = (error as { code?: unknown } | null)?.code
	return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_CONSTRAINT') || code === 'SQLITE_LOCKED')
}

/**
 * Runs a start-up step again while SQLite answers BUSY. Processes starting together on one new
 * file race to switch it to WAL, to create the Migrator's tables and to turn a read into a write;
 * SQLite refuses those at once, without waiting on the busy timeout (kysely's SQLite adapter takes
 * no lock of its own). Each step is safe to repeat: the Migrator re-reads what is applied inside
 * its transaction.
 */
export async function retryWhileBusy<T>(step: () => Promise<T> | T, limitMs = 15_000): Promise<T> {
	const deadline = Date.now() + limitMs
	for (;;) {
		try {
			return await step()
		} catch (error) {
			if (!isBusy(error) || Date.now() > deadline) throw error
			// With jitter, so racing processes fall apart.
			await sleep(20 + Math.random() * 60)
		}
	}
}

/**
 * Applies the SQLite migrations inside one `BEGIN IMMEDIATE` transaction: kysely's Migrator takes no
 * lock on SQLite and runs each migration on its own, so two processes starting together on a new
 * file could both read a migration as pending and both apply it ("duplicate column name"). The
 * transaction takes the write lock first (waiting out the busy timeout): one process migrates while
 * the others wait, then find every migration recorded. A failure rolls all of it back.
 */
async function migrateAlone(sqlite: Database.Database, db: Kysely<unknown>): Promise<string[]> {
	sqlite.exec('BEGIN IMMEDIATE')
	try {
		const applied = await migrateToLatest(db, 'sqlite')
		sqlite.exec('COMMIT')
		return applied
	} catch (error) {
		if (sqlite.inTransaction) sqlite.exec('ROLLBACK')
		throw error
	}
}

/** Less room than this on the database's disk is a full disk: SQLite needs room for its log and a page or two. */
const FULL_BELOW_BYTES = 1024 * 1024

/** The bytes free to the server's user on the disk that holds `path` (its folder, or the nearest that exists). */
function freeBytes(path: string): number | undefined {
	for (let folder = dirname(path); ; folder = dirname(folder)) {
		try {
			const { bavail, bsize } = statfsSync(folder)
			return bavail * bsize
		} catch {
			if (dirname(folder) === folder) return undefined
		}
	}
}

/** SQLite's answers for a file it cannot use as a database, and what the operator should do about each. */
function unusableFile(path: string, error: unknown): Error | undefined {
	const code = String((error as { code?: unknown } | null)?.code ?? '')
	const reason = error instanceof Error ? error.message : String(error)
	// A file that is no SQLite database at all may be someone else's: start-up stops and says so. A
	// damaged one of ours (SQLITE_CORRUPT) is moved aside by the store instead (openDatabase).
	if (code === 'SQLITE_NOTADB')
		return new Error(
			`DATABASE_PATH ${path} is not a usable SQLite database (${reason}). It holds only caches: move it aside (or delete it) and start again, and a new one is created.`,
		)
	const cannotOpen = ['SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_PERM', 'SQLITE_IOERR', 'EACCES', 'EPERM', 'EROFS', 'EEXIST', 'ENOTDIR']
	// SQLite says "disk I/O error" or "unable to open" for a disk with no room for its log: the free space tells.
	const free = freeBytes(path)
	if (
		code.startsWith('SQLITE_FULL') ||
		code === 'ENOSPC' ||
		(cannotOpen.some((prefix) => code.startsWith(prefix)) && free !== undefined && free < FULL_BELOW_BYTES)
	)
		return new Error(
			`DATABASE_PATH ${path} cannot be written: the disk that holds it is full (${Math.round((free ?? 0) / 1024)} kB free; ${reason}). Free some space there, or point DATABASE_PATH at a disk with room (the file holds only caches), and start again.`,
		)
	if (cannotOpen.some((prefix) => code.startsWith(prefix)))
		return new Error(
			`DATABASE_PATH ${path} cannot be opened for writing (${reason}). Check that the file and its folder exist and that the server's user may write to both.`,
		)
	return undefined
}

/** Opens (creating if needed) a SQLite file in WAL mode with a busy timeout and brings it up to date. */
export async function openMigratedDatabase<Schema>(path: string) {
	try {
		if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
		const sqlite = new Database(path, { timeout: 5000 })
		// The busy timeout comes first: switching to WAL needs a lock another process may hold.
		sqlite.pragma('busy_timeout = 5000')
		await retryWhileBusy(() => sqlite.pragma('journal_mode = WAL'))
		sqlite.pragma('synchronous = NORMAL')
		const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) })
		const applied = await retryWhileBusy(() => migrateAlone(sqlite, db as Kysely<unknown>))
		return { sqlite, db, applied }
	} catch (error) {
		throw unusableFile(path, error) ?? error
	}
}

/** Any number fixed for the site: the key of the advisory lock that lets one instance migrate at a time. */
const MIGRATION_LOCK_KEY = 7_294_118_305

/**
 * Applies the PostgreSQL migrations one instance at a time: on one connection that holds the
 * site's advisory lock (the same key as before the Migrator), so instances starting together wait
 * their turn and the next finds the history complete. The lock belongs to the session, and is
 * freed when the connection ends, however the process ends.
 */
export async function migratePostgres<Schema>(db: Kysely<Schema>): Promise<string[]> {
	return db.connection().execute(async (connection) => {
		await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection)
		try {
			return await migrateToLatest(connection as Kysely<unknown>, 'postgres')
		} finally {
			await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection)
		}
	})
}
