// Plain Node can run this module (no bundler features): scripts open the store the server does.
import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The store's migrations, one tree for SQLite and PostgreSQL, applied in name
 * order by kysely's Migrator at start-up (app/server/store/migrator.server.ts). The
 * tables are written once with the schema builder; where the stores differ
 * (epoch milliseconds and counts are BIGINT on PostgreSQL, bytes are BYTEA, an
 * identity column) the store decides. The first four create what the earlier
 * SQL migrations of the same names created, only where it is missing, so a
 * database made by them upgrades in place; the fifth drops their history table.
 */
export type StoreKind = 'sqlite' | 'postgres'

// Tables change only through migrations; the schema builder needs no row types.
type AnyDb = Kysely<any>

export function storeMigrations(kind: StoreKind): Record<string, Migration> {
	const long = kind === 'postgres' ? 'bigint' : 'integer'
	const bytes = kind === 'postgres' ? 'bytea' : 'blob'
	return {
		// Partner pages fetched for product grids and sliders; products as JSON, so a hit parses nothing.
		'20261121000000_create_page_cache': {
			async up(db: AnyDb) {
				await db.schema
					.createTable('page_cache')
					.ifNotExists()
					.addColumn('url', 'text', (column) => column.primaryKey().notNull())
					.addColumn('html', 'text', (column) => column.notNull())
					.addColumn('products', 'text', (column) => column.notNull().defaultTo('[]'))
					.addColumn('fetched_at', long, (column) => column.notNull())
					.addColumn('expires_at', long, (column) => column.notNull())
					.addColumn('acceptable_until', long, (column) => column.notNull())
					.addColumn('refresh_lock_until', long)
					.addColumn('refresh_lock_id', 'text')
					.addColumn('hit_count', long, (column) => column.notNull().defaultTo(0))
					.addColumn('last_hit_at', long)
					.execute()
				// One row per cache decision.
				await db.schema
					.createTable('cache_log')
					.ifNotExists()
					.addColumn('id', long, (column) => (kind === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement()))
					.addColumn('url', 'text', (column) => column.notNull())
					.addColumn('action', 'text', (column) => column.notNull().check(sql`action in ('hit', 'miss')`))
					.addColumn('cache_status', 'text', (column) => column.notNull().check(sql`cache_status in ('fresh', 'stale', 'error')`))
					.addColumn('response_ms', long, (column) => column.notNull())
					.addColumn('error_message', 'text')
					.addColumn('created_at', long, (column) => column.notNull())
					.execute()
				await db.schema.createIndex('cache_log_url_created').ifNotExists().on('cache_log').columns(['url', 'created_at']).execute()
			},
		},
		// After a 429, no process asks that host again until `until` has passed.
		'20261122000000_create_host_backoff': {
			async up(db: AnyDb) {
				await db.schema
					.createTable('host_backoff')
					.ifNotExists()
					.addColumn('host', 'text', (column) => column.primaryKey().notNull())
					.addColumn('until', long, (column) => column.notNull())
					.execute()
			},
		},
		// Partner photos on our origin: the original once, each width and format encoded once.
		'20261123000000_create_photos': {
			async up(db: AnyDb) {
				await db.schema
					.createTable('photos')
					.ifNotExists()
					.addColumn('id', 'text', (column) => column.primaryKey().notNull())
					.addColumn('source_url', 'text', (column) => column.notNull())
					.addColumn('original', bytes)
					.addColumn('original_type', 'text')
					.addColumn('fetched_at', long)
					.addColumn('failed_until', long)
					.addColumn('failure', 'text')
					.addColumn('created_at', long, (column) => column.notNull())
					.execute()
				await db.schema
					.createTable('photo_variants')
					.ifNotExists()
					.addColumn('id', 'text', (column) => column.notNull())
					.addColumn('width', 'integer', (column) => column.notNull())
					.addColumn('format', 'text', (column) => column.notNull().check(sql`format in ('avif', 'webp', 'jpeg')`))
					.addColumn('bytes', bytes, (column) => column.notNull())
					.addColumn('created_at', long, (column) => column.notNull())
					.addPrimaryKeyConstraint('photo_variants_pkey', ['id', 'width', 'format'])
					.execute()
			},
		},
		// Clicks on partner links, counted per Arizona day, page, city, category and product; nothing else.
		'20261124000000_create_click_days': {
			async up(db: AnyDb) {
				await db.schema
					.createTable('click_days')
					.ifNotExists()
					.addColumn('day', 'text', (column) => column.notNull())
					.addColumn('page', 'text', (column) => column.notNull())
					.addColumn('city', 'text', (column) => column.notNull().defaultTo(''))
					.addColumn('category', 'text', (column) => column.notNull().defaultTo(''))
					.addColumn('product', 'text', (column) => column.notNull().defaultTo(''))
					.addColumn('clicks', long, (column) => column.notNull())
					.addPrimaryKeyConstraint('click_days_pkey', ['day', 'page', 'city', 'category', 'product'])
					.execute()
			},
		},
		// The earlier migrator's history: its four migrations are the four above, recorded by kysely now.
		'20261125000000_drop_schema_migrations': {
			async up(db: AnyDb) {
				await db.schema.dropTable('schema_migrations').ifExists().execute()
			},
		},
		// Popularity counts people, not beacons: beside the raw clicks, a day's count of distinct
		// addresses and of distinct networks (/24, /48) that clicked, each at most once.
		'20261126000000_click_days_visitors': {
			async up(db: AnyDb) {
				await db.schema.alterTable('click_days').addColumn('visitors', long, (column) => column.notNull().defaultTo(0)).execute()
				await db.schema.alterTable('click_days').addColumn('networks', long, (column) => column.notNull().defaultTo(0)).execute()
			},
		},
		// Who has been counted already, so that no restart and no second process counts them again:
		// salted, truncated hashes only (of an address for its day, of a network for 30 days), each
		// with the day it was counted, and the one salt they are made with, chosen by the first click.
		'20261127000000_create_click_seen': {
			async up(db: AnyDb) {
				await db.schema
					.createTable('click_seen')
					.addColumn('key', 'text', (column) => column.primaryKey().notNull())
					.addColumn('day', 'text', (column) => column.notNull())
					.execute()
				await db.schema.createIndex('click_seen_day').on('click_seen').column('day').execute()
				await db.schema
					.createTable('click_salt')
					.addColumn('id', 'integer', (column) => column.primaryKey().notNull().check(sql`id = 1`))
					.addColumn('salt', 'text', (column) => column.notNull())
					.execute()
			},
		},
	}
}
