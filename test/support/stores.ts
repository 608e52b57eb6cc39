import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach } from 'vitest'
import { connectPostgres, openDatabase, type AppDatabase } from '~/server/db.server.ts'
import { startPostgres, type PostgresServer } from './postgres.ts'

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
			place: async () => join(mkdtempSync(join(tmpdir(), 'azstore-')), 'cache.sqlite'),
			open: async (place) => track(openDatabase(place ?? ':memory:')),
		},
		{
			name: 'PostgreSQL',
			place: newPostgresDatabase,
			open: async (place) => track(await connectPostgres(place ?? (await newPostgresDatabase()))),
		},
	]
}
