import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from '#scripts/lib/server.ts'

const run = promisify(execFile)

/** Debian's PostgreSQL binaries (the `postgresql` package), newest version first. */
function binaries(): string {
	const root = '/usr/lib/postgresql'
	const version = existsSync(root)
		? readdirSync(root)
				.filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
				.sort((a, b) => Number(b) - Number(a))[0]
		: undefined
	if (!version) throw new Error("PostgreSQL is needed for these tests: apt-get install postgresql (Debian's package)")
	return join(root, version, 'bin')
}

/** PostgreSQL refuses to run as root: as root, its commands run as the package's `postgres` user. */
async function asServerUser(command: string, args: string[]) {
	const asRoot = process.getuid?.() === 0
	return asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args)
}

export type PostgresServer = {
	/** A URL to a new, empty database of its own. */
	createDatabase(): Promise<string>
	/**
	 * Stops the server. `immediate` cuts connections as a crash or a network outage would; `fast`
	 * sends every client a termination message first, as the official image's shutdown does.
	 */
	stop(mode?: 'immediate' | 'fast'): Promise<void>
	/** Ends every session of one database from the server side (`pg_terminate_backend`), as an operator would. */
	terminateConnections(databaseUrl: string): Promise<number>
	/** Starts it again on the same port, with its data. */
	start(): Promise<void>
	/** Stops it for good and removes its files. */
	destroy(): Promise<void>
}

/**
 * A throw-away PostgreSQL server: `initdb` in a temporary directory, started
 * with `pg_ctl` on a free port, trusting local connections, without fsync
 * (its data is thrown away anyway).
 */
export async function startPostgres(): Promise<PostgresServer> {
	const bin = binaries()
	const directory = mkdtempSync(join(tmpdir(), 'azpg-'))
	if (process.getuid?.() === 0) {
		const { stdout } = await run('id', ['-u', 'postgres'])
		const { stdout: group } = await run('id', ['-g', 'postgres'])
		chownSync(directory, Number(stdout.trim()), Number(group.trim()))
	}
	const data = join(directory, 'data')
	const port = await freePort()
	await asServerUser(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
	const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`
	const start = () => asServerUser(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(directory, 'log'), '-w', 'start']).then(() => undefined)
	const stop = (mode: 'immediate' | 'fast' = 'immediate') => asServerUser(join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']).then(() => undefined)
	await start()
	const admin = `postgres://postgres@127.0.0.1:${port}/postgres`
	let count = 0
	return {
		async createDatabase() {
			count += 1
			const name = `site_${process.pid}_${count}`
			const client = new pg.Client({ connectionString: admin })
			await client.connect()
			try {
				await client.query(`CREATE DATABASE ${name}`)
			} finally {
				await client.end()
			}
			return `postgres://postgres@127.0.0.1:${port}/${name}`
		},
		stop,
		start,
		async terminateConnections(databaseUrl) {
			const client = new pg.Client({ connectionString: admin })
			await client.connect()
			try {
				const name = new URL(databaseUrl).pathname.slice(1)
				const result = await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name])
				return result.rowCount ?? 0
			} finally {
				await client.end()
			}
		},
		async destroy() {
			await stop().catch(() => undefined)
			rmSync(directory, { recursive: true, force: true })
		},
	}
}
