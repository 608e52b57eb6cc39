import { openMigratedDatabase } from './migrate.server.ts'

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

export type PhotosTable = {
	id: string
	source_url: string
	original: Buffer | null
	original_type: string | null
	fetched_at: number | null
	failed_until: number | null
	failure: string | null
	created_at: number
}

export type PhotoVariantsTable = {
	id: string
	width: number
	format: 'avif' | 'webp' | 'jpeg'
	bytes: Buffer
	created_at: number
}

export type DatabaseSchema = {
	page_cache: PageCacheTable
	cache_log: CacheLogTable
	host_backoff: HostBackoffTable
	photos: PhotosTable
	photo_variants: PhotoVariantsTable
}

// Bundled with the server so the container needs no separate copy of migrations/.
const migrations = import.meta.glob<string>('/migrations/*.sql', { eager: true, query: '?raw', import: 'default' })

/** Opens (creating if needed) the SQLite file in WAL mode and applies the bundled migrations. */
export function openDatabase(path: string) {
	return openMigratedDatabase<DatabaseSchema>(path, migrations)
}

export type AppDatabase = ReturnType<typeof openDatabase>

let shared: AppDatabase | undefined

/** The process's database, opened (and migrated) on first use from DATABASE_PATH. */
export function getDatabase(path: string): AppDatabase {
	shared ??= openDatabase(path)
	return shared
}
