import { existsSync, renameSync, statSync } from 'node:fs'
import { Kysely, PostgresDialect, SqliteDialect, sql, type Generated, type SqliteDatabase } from 'kysely'
import pg from 'pg'
import { migratePostgres, openMigratedDatabase } from '#app/server/store/migrator.server.ts'
import { log } from '#app/server/log.server.ts'
import { settleWithin } from '#app/server/settle-within.server.ts'

type PageCacheTable = {
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

type CacheLogTable = {
	id: Generated<number>
	url: string
	action: 'hit' | 'miss'
	cache_status: 'fresh' | 'stale' | 'error'
	response_ms: number
	error_message: string | null
	created_at: number
}

type HostBackoffTable = {
	host: string
	until: number
}

type PhotosTable = {
	id: string
	source_url: string
	original: Buffer | null
	original_type: string | null
	fetched_at: number | null
	failed_until: number | null
	failure: string | null
	created_at: number
}

type PhotoVariantsTable = {
	id: string
	width: number
	format: 'avif' | 'webp' | 'jpeg'
	bytes: Buffer
	created_at: number
}

type ClickDaysTable = {
	/** Arizona calendar date, YYYY-MM-DD. */
	day: string
	page: string
	city: string
	category: string
	product: string
	/** Every click counted, as beacons arrived (the report's figure). */
	clicks: number
	/** Distinct addresses that clicked this day, each once: what popularity ranks by. */
	visitors: Generated<number>
	/** Networks (IPv4 /24, IPv6 /48) counted this day: each at most once per page and product in any 30 days. */
	networks: Generated<number>
}

/** A visitor or network already counted: a salted, truncated hash, never the address or network itself. */
type ClickSeenTable = {
	/** `a:` and the hash of (day, page, product, address); `n:` and the hash of (page, product, network). */
	key: string
	/** The Arizona day it was counted on, YYYY-MM-DD. */
	day: string
}

/** The one salt (row id 1) every process hashes addresses and networks with, so their hashes agree. */
type ClickSaltTable = {
	id: number
	salt: string
}

export type DatabaseSchema = {
	click_days: ClickDaysTable
	click_seen: ClickSeenTable
	click_salt: ClickSaltTable
	page_cache: PageCacheTable
	cache_log: CacheLogTable
	host_backoff: HostBackoffTable
	photos: PhotosTable
	photo_variants: PhotoVariantsTable
}

/** The store as the services use it, whichever it is. */
export type AppDatabase = {
	db: Kysely<DatabaseSchema>
	kind: 'sqlite' | 'postgres'
	/** Migrations this start applied (none when another process had applied them). */
	applied: string[]
	/** Readiness: whether a write goes through now, answered within about 200 ms. */
	isWritable(): Promise<boolean>
	close(): Promise<void>
}

/** The file's identity (device and inode), or undefined when it is gone. */
function fileIdentity(path: string): string | undefined {
	try {
		const { dev, ino } = statSync(path)
		return `${dev}:${ino}`
	} catch {
		return undefined
	}
}

type Sqlite = Awaited<ReturnType<typeof openMigratedDatabase>>['sqlite']

/**
 * How long a write waits for another writer (a backup, an operator's query, a second process) to
 * let go of the file. better-sqlite3 waits on the main thread, so every request waits with it:
 * short, and shorter still while the file is known to be held (see `failFastWhileHeld`).
 */
const WRITE_WAIT_MS = 50
/** After a write found the file held, writes do not wait at all for this long: they try once and give up. */
const HELD_PAUSE_MS = 1_000

/** The tables readiness reads a row of (sqlite_schema first: the list of all the others). */
const READINESS_TABLES = ['sqlite_schema', 'page_cache', 'photos', 'photo_variants', 'click_days', 'click_seen'] as const satisfies readonly (
	'sqlite_schema' | keyof DatabaseSchema
)[]

/** Whether an error says that another connection holds the database (the write was not made). */
export function isDatabaseBusy(error: unknown): boolean {
	const code = (error as { code?: unknown } | null)?.code
	return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
}

/**
 * Why a write did not go through, as a log line's fields: the database's own code (`SQLITE_FULL`
 * for a full disk, `SQLITE_BUSY` for a file another writer holds, PostgreSQL's `53100`…) and its
 * message.
 */
export function writeFailure(error: unknown): { reason: string; detail: string } {
	const code = (error as { code?: unknown } | null)?.code
	return {
		reason: typeof code === 'string' && code !== '' ? code : 'unknown',
		detail: error instanceof Error ? error.message : String(error),
	}
}

/**
 * The SQLite connection as kysely sees it, except that once a statement found the file held by
 * another writer, the next statements for HELD_PAUSE_MS do not wait for it (busy timeout 0): a
 * page that makes several small writes (hit counts, the cache log) costs the event loop one short
 * wait, not one per write. Reads never wait in WAL mode.
 */
function failFastWhileHeld(sqlite: Sqlite): SqliteDatabase {
	let heldUntil = 0
	const noted = (error: unknown) => {
		if (isDatabaseBusy(error)) {
			if (heldUntil <= Date.now()) sqlite.pragma('busy_timeout = 0')
			heldUntil = Date.now() + HELD_PAUSE_MS
		}
		return error
	}
	const guard = <T>(run: () => T): T => {
		if (heldUntil !== 0 && heldUntil <= Date.now()) {
			heldUntil = 0
			sqlite.pragma(`busy_timeout = ${WRITE_WAIT_MS}`)
		}
		try {
			return run()
		} catch (error) {
			throw noted(error)
		}
	}
	return {
		close: () => sqlite.close(),
		prepare(text: string) {
			const statement = guard(() => sqlite.prepare(text))
			return {
				reader: statement.reader,
				all: (parameters: ReadonlyArray<unknown>) => guard(() => statement.all(parameters)),
				run: (parameters: ReadonlyArray<unknown>) => guard(() => statement.run(parameters)),
				iterate: (parameters: ReadonlyArray<unknown>) => guard(() => statement.iterate(parameters)),
			}
		},
	}
}

/** Whether SQLite found the file damaged: an error it raised, or rows of its integrity check other than 'ok'. */
function damageOf(error: unknown): string | undefined {
	const code = String((error as { code?: unknown } | null)?.code ?? '')
	if (code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT_')) return error instanceof Error ? error.message : code
	return undefined
}

/** SQLite's quick integrity check (every page and index read once): undefined when the file is whole. */
function quickCheck(sqlite: Sqlite): string | undefined {
	try {
		const rows = sqlite.pragma('quick_check(5)') as { quick_check: string }[]
		const problems = rows.map((row) => row.quick_check).filter((line) => line !== 'ok')
		return problems.length > 0 ? problems.join('; ') : undefined
	} catch (error) {
		const damage = damageOf(error)
		if (damage) return damage
		throw error
	}
}

/** Moves a damaged file and its WAL and shared-memory files aside, under one new name; returns it. */
function moveAside(path: string): string {
	const aside = `${path}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`
	for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${path}${suffix}`)) renameSync(`${path}${suffix}`, `${aside}${suffix}`)
	return aside
}

/**
 * Opens the SQLite file and brings it up to date; a file SQLite finds damaged, at opening or by its
 * quick check, is moved aside and a new one made. It is a cache: the partner gives its pages and
 * photos again; the click counts it held are lost, and the log says so.
 */
async function openCheckedDatabase(path: string) {
	let damage: string | undefined
	try {
		const migrated = await openMigratedDatabase<DatabaseSchema>(path)
		damage = path === ':memory:' ? undefined : quickCheck(migrated.sqlite)
		if (!damage) return migrated
		migrated.sqlite.close()
	} catch (error) {
		damage = damageOf(error)
		if (!damage) throw error
	}
	const movedTo = moveAside(path)
	log.error(
		{ path, movedTo, damage },
		'The database file is damaged: it was moved aside and a new one made. Products and photos are fetched from the partner again; the click counts it held are lost.',
	)
	return openMigratedDatabase<DatabaseSchema>(path)
}

/** Opens (creating if needed) the SQLite file in WAL mode and applies the migrations (migrations/index.ts). */
export async function openDatabase(path: string): Promise<AppDatabase & { sqlite: Sqlite }> {
	const migrated = await openCheckedDatabase(path)
	const { sqlite, applied } = migrated
	// Start-up waited as long as it needed; serving never waits long on another writer.
	sqlite.pragma(`busy_timeout = ${WRITE_WAIT_MS}`)
	const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: failFastWhileHeld(sqlite) }) })
	// A file deleted or replaced while open takes every later write into a file no one will read again.
	const opened = path === ':memory:' ? undefined : fileIdentity(path)
	return {
		db,
		sqlite,
		kind: 'sqlite',
		applied,
		async isWritable() {
			if (opened) {
				const now = fileIdentity(path)
				if (now !== opened) {
					log.error(
						{ path, change: now ? 'replaced' : 'removed' },
						'Readiness check failed: the database file was replaced or removed while the server had it open; what is stored now is lost. Restart the server to open the file at that path.',
					)
					return false
				}
			}
			// A locked database fails the probe after the short write wait, never stalling every request.
			try {
				// A cheap look at the file's structure, a few pages read: the schema and each table's first
				// row. The full check (quick_check) runs at start; this catches a root page damaged since.
				for (const table of READINESS_TABLES) sqlite.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get()
				sqlite.prepare('CREATE TABLE IF NOT EXISTS readiness_probe (at INTEGER)').run()
				sqlite.prepare('DELETE FROM readiness_probe').run()
				sqlite.prepare('INSERT INTO readiness_probe (at) VALUES (?)').run(Date.now())
				return true
			} catch (error) {
				if (damageOf(error))
					log.error(
						{ err: error, path },
						'Readiness check failed: the database file is damaged. Restart the server: it moves the file aside and makes a new one.',
					)
				else log.error({ err: error }, 'Readiness check failed')
				return false
			}
		},
		async close() {
			await db.destroy()
			// Kysely closes the file only when it has run a query: a store nothing has asked yet is closed here.
			if (sqlite.open) sqlite.close()
		},
	}
}

/** PostgreSQL's BIGINT comes back as a string by default; every BIGINT here is a count or epoch milliseconds. */
const BIGINT_OID = 20
const parseBigint = (value: string) => Number(value)

/**
 * Connects to PostgreSQL through a pool (connect timeout 2 s, statements
 * stopped after 5 s) and applies the migrations, one instance at a time.
 * A connection lost later is replaced by the pool on the next query, so the
 * instance reconnects by itself when the server comes back.
 */
export async function connectPostgres(url: string, options: { max?: number } = {}): Promise<AppDatabase> {
	const pool = new pg.Pool({
		connectionString: url,
		max: options.max ?? 10,
		connectionTimeoutMillis: 2_000,
		idleTimeoutMillis: 30_000,
		statement_timeout: 5_000,
		types: {
			getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
				oid === BIGINT_OID ? parseBigint : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
		},
	})
	// An idle connection dropped by the server is reported here; the pool replaces it on demand.
	pool.on('error', (error) => log.error({ err: error }, 'PostgreSQL connection lost'))
	// A connection in use when the server ends it (a fast shutdown, pg_terminate_backend) emits
	// `error` on its client, not on the pool: without a listener Node would end the process. The
	// query running on it fails on its own and the pool discards the client when it is released.
	pool.on('connect', (client) => {
		client.on('error', (error) => log.error({ err: error }, 'PostgreSQL connection lost while in use'))
	})
	const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) })
	let applied: string[]
	try {
		applied = await migratePostgres(db)
	} catch (error) {
		await db.destroy().catch(() => undefined)
		throw new Error(
			`DATABASE_URL: PostgreSQL could not be prepared (${error instanceof Error ? error.message : String(error)}). Check that the server is up and the URL's user may create tables.`,
		)
	}
	return {
		db,
		kind: 'postgres',
		applied,
		async isWritable() {
			try {
				// A write that changes nothing: refused by a read-only server, and answered at once by a healthy one.
				const probe = await settleWithin(sql`UPDATE page_cache SET hit_count = hit_count WHERE false`.execute(db), 1_000)
				if (!probe.settled) throw new Error('PostgreSQL did not answer within 1 s')
				return true
			} catch (error) {
				log.error({ err: error }, 'Readiness check failed')
				return false
			}
		},
		close: () => db.destroy(),
	}
}

/**
 * Opens a store from the settings: PostgreSQL when DATABASE_URL is set, else the SQLite file.
 * server/app.ts opens the process's one store at start-up and closes it at shutdown.
 */
export async function connectDatabase(settings: { DATABASE_URL?: string; DATABASE_PATH: string }): Promise<AppDatabase> {
	return settings.DATABASE_URL ? connectPostgres(settings.DATABASE_URL) : openDatabase(settings.DATABASE_PATH)
}
