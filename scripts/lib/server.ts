import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { waitUntil } from '#scripts/lib/wait.ts'

/** One line of the server's log: pino's level, time and constant message, then the line's own fields. */
export type LogLine = { level?: string; time?: string; msg?: string; [field: string]: unknown }

export type RunningServer = {
	url: string
	port: number
	logs: () => string
	/** The log so far, each line parsed as the JSON object it must be (a line that is not JSON fails the test). */
	logLines: () => LogLine[]
	stop: () => Promise<void>
	/** SIGKILL: the process dies at once, as in a crash. */
	kill: () => Promise<void>
	/** Whether the process has ended (of itself, or stopped). */
	exited: () => boolean
}

/** A server this process started: its process id, and the CPU its start used until it answered. */
export type StartedServer = RunningServer & { pid: number; startCpuMs: number }

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer()
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			const port = typeof address === 'object' && address ? address.port : 0
			server.close(() => resolve(port))
		})
	})
}

/** The affiliate id every local server carries, so its partner links can be checked for it. */
export const TEST_AFFILIATE_ID = '4200000042'
/** The partner a local server starts with unless told another: nothing listens there. */
export const UNREACHABLE_PARTNER = 'http://127.0.0.1:65500'

/** Node's compile cache for the local servers (tests, scripts): shared by all of them and kept between runs, outside the run's temporary folder. */
const COMPILE_CACHE = join(process.cwd(), 'node_modules', '.cache', 'node-compile-cache')

/**
 * The environment a local server runs with: its own port, database file (in `folder`) and site
 * URL, this process's temporary folder (TMPDIR), and the variables named in `inherit` (a test run
 * passes its mark on: test/support/leftovers.ts).
 */
export function serverEnv(port: number, folder: string, extra: Record<string, string> = {}, inherit: readonly string[] = []): NodeJS.ProcessEnv {
	const passed = Object.fromEntries(['TMPDIR', ...inherit].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])))
	return {
		PATH: process.env.PATH,
		HOME: process.env.HOME,
		...passed,
		NODE_COMPILE_CACHE: COMPILE_CACHE,
		NODE_ENV: 'production',
		HOST: '127.0.0.1',
		PORT: String(port),
		SITE_URL: `http://localhost:${port}`,
		AFFILIATE_ID: TEST_AFFILIATE_ID,
		// No real partner unless the caller names one: nothing listens here, so a fetch fails at once.
		PARTNER_BASE_URL: UNREACHABLE_PARTNER,
		DATABASE_PATH: join(folder, 'cache.sqlite'),
		// Local servers stop with nobody else calling; the shutdown tests set a real drain.
		SHUTDOWN_DRAIN_SECONDS: '0',
		...extra,
	}
}

export type ServerOptions = {
	/** The request log goes nowhere, so a benchmark's reader never holds the server back. */
	quiet?: boolean
	/** `npm run dev`'s server: Vite in middleware mode, the app served from source. */
	development?: boolean
	/** Variables of this process's environment the server gets too (see serverEnv). */
	inherit?: readonly string[]
}

/**
 * Runs `node server.ts` (the built app, or with `development` the app from source) with a folder
 * of its own for its database, and waits until it answers /healthz. A server that does not start
 * is killed; stopping or killing it removes its folder.
 */
export async function startServer(
	extraEnv: Record<string, string> = {},
	{ quiet = false, development = false, inherit = [] }: ServerOptions = {},
): Promise<StartedServer> {
	const port = await freePort()
	const folder = mkdtempSync(join(tmpdir(), 'azflowers-'))
	const env = serverEnv(port, folder, development ? { NODE_ENV: 'development', ...extraEnv } : extraEnv, inherit)
	const child = spawn(process.execPath, ['server.ts'], { env, stdio: ['ignore', quiet ? 'ignore' : 'pipe', 'pipe'] })
	let output = ''
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const end = async (signal: NodeJS.Signals) => {
		await stopProcess(child, signal)
		rmSync(folder, { recursive: true, force: true })
	}
	const url = `http://127.0.0.1:${port}`
	try {
		// Vite transforms the app from source on its first requests: a larger budget than a built start's.
		await waitUntilReady(url, child, () => output, development ? { cpuBudgetMs: 30_000 } : {})
	} catch (error) {
		// A server that did not start in time is not left running.
		await end('SIGKILL')
		throw error
	}
	return {
		url,
		port,
		pid: child.pid ?? 0,
		startCpuMs: cpuMillisecondsOf(child.pid) ?? 0,
		logs: () => output,
		logLines: () => parseLogLines(output),
		stop: () => end('SIGTERM'),
		kill: () => end('SIGKILL'),
		exited: () => child.exitCode !== null || child.signalCode !== null,
	}
}

/**
 * Starts several servers at once, each with its own settings. If any fails to start, the ones that
 * did are stopped before the error is thrown, so a failed start leaves nothing running.
 */
export async function startServers<const Settings extends Record<string, string>[]>(
	settings: Settings,
	options: ServerOptions = {},
): Promise<{ [Index in keyof Settings]: StartedServer }> {
	const results = await Promise.allSettled(settings.map((extra) => startServer(extra, options)))
	const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
	const failed = results.find((result) => result.status === 'rejected')
	if (failed) {
		await Promise.all(started.map((server) => server.stop()))
		throw failed.reason
	}
	return started as { [Index in keyof Settings]: StartedServer }
}

function parseLogLines(output: string): LogLine[] {
	// What follows the last newline is a line still being written.
	return output
		.split('\n')
		.slice(0, -1)
		.filter((line) => line.trim() !== '')
		.map((line) => {
			try {
				return JSON.parse(line) as LogLine
			} catch {
				throw new Error(`A log line that is not JSON: ${line}`)
			}
		})
}

/** CPU time (user and system) a process has used so far, from /proc; undefined once it is gone. */
function cpuMillisecondsOf(pid: number | undefined): number | undefined {
	if (pid === undefined) return undefined
	try {
		// Fields 14 and 15 of /proc/PID/stat, counted after the command name's closing parenthesis, in clock ticks (100 a second).
		const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
		return (Number(fields[11]) + Number(fields[12])) * 10
	} catch {
		return undefined
	}
}

/**
 * Waits until the server answers /healthz. A start is judged by the work it does, not by the wall
 * clock: a start takes about half a second of the server's own CPU, so it fails once the server
 * has used `cpuBudgetMs` of CPU without answering (stuck, or far slower than it should be). On a
 * busy machine a start may wait its turn for a core much longer; only after `wallLimitMs` does a
 * start that is still waiting fail too.
 */
async function waitUntilReady(url: string, child: ChildProcess, logs: () => string, { cpuBudgetMs = 5_000, wallLimitMs = 180_000 } = {}) {
	await waitUntil(
		async () => {
			if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${logs()}`)
			const ready = await fetch(`${url}/healthz`).then(
				(response) => response.ok,
				() => false,
			)
			const used = cpuMillisecondsOf(child.pid) ?? 0
			if (!ready && used > cpuBudgetMs) throw new Error(`The server used ${used} ms of CPU without answering /healthz (a start takes about 500 ms):\n${logs()}`)
			return ready
		},
		{ timeoutMs: wallLimitMs, everyMs: 100, what: () => `the server to start (it used ${cpuMillisecondsOf(child.pid)} ms of CPU meanwhile):\n${logs()}` },
	)
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
	return new Promise((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) return resolve()
		child.once('exit', () => resolve())
		child.kill(signal)
	})
}

/** The built server of another checkout in `directory` (its own server.ts and build/), to compare builds in turns. */
export async function startServerIn(directory: string, settings: Record<string, string>): Promise<RunningServer> {
	const here = process.cwd()
	process.chdir(directory)
	try {
		return await startServer(settings, { quiet: true })
	} finally {
		process.chdir(here)
	}
}
