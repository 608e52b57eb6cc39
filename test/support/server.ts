import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { waitUntil } from '#test/support/wait.ts'

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

export const TEST_AFFILIATE_ID = '4200000042'
export const UNREACHABLE_PARTNER = 'http://127.0.0.1:65500'

/** The environment a test server runs with: its own port, database file and site URL. */
export function serverEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const dir = mkdtempSync(join(tmpdir(), 'azflowers-'))
	return {
		PATH: process.env.PATH,
		HOME: process.env.HOME,
		NODE_ENV: 'production',
		HOST: '127.0.0.1',
		PORT: String(port),
		SITE_URL: `http://localhost:${port}`,
		AFFILIATE_ID: TEST_AFFILIATE_ID,
		// No real partner in tests: nothing listens here, so a fetch fails at once.
		PARTNER_BASE_URL: UNREACHABLE_PARTNER,
		DATABASE_PATH: join(dir, 'cache.sqlite'),
		// Tests stop servers with nobody else calling; the shutdown tests set a real drain.
		SHUTDOWN_DRAIN_SECONDS: '0',
		...extra,
	}
}

/** Runs `node server.ts` (the built app) and waits until it answers /healthz. */
export async function startServer(extraEnv: Record<string, string> = {}, options: { quiet?: boolean } = {}): Promise<RunningServer & { pid: number }> {
	const port = await freePort()
	// Quiet: the request log goes nowhere, so a benchmark's reader never holds the server back.
	const stdout = options.quiet ? 'ignore' : 'pipe'
	const child = spawn(process.execPath, ['server.ts'], { env: serverEnv(port, extraEnv), stdio: ['ignore', stdout, 'pipe'] })
	let output = ''
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const url = `http://127.0.0.1:${port}`
	try {
		await waitUntilReady(url, child, () => output)
	} catch (error) {
		// A server that did not start in time is not left running.
		await stopProcess(child, 'SIGKILL')
		throw error
	}
	return {
		url,
		port,
		pid: child.pid ?? 0,
		logs: () => output,
		logLines: () => parseLogLines(output),
		stop: () => stopProcess(child),
		kill: () => stopProcess(child, 'SIGKILL'),
		exited: () => child.exitCode !== null || child.signalCode !== null,
	}
}

/**
 * Runs `npm run dev`'s server (`NODE_ENV=development node server.ts`: Vite in middleware mode,
 * the app served from source) and waits until it answers /healthz. Vite's first start may take
 * a while on a busy machine.
 */
export async function startDevServer(): Promise<RunningServer> {
	const port = await freePort()
	const child = spawn(process.execPath, ['server.ts'], { env: { ...serverEnv(port), NODE_ENV: 'development' }, stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const url = `http://127.0.0.1:${port}`
	try {
		await waitUntilReady(url, child, () => output, 90_000)
	} catch (error) {
		await stopProcess(child, 'SIGKILL')
		throw error
	}
	return {
		url,
		port,
		logs: () => output,
		logLines: () => parseLogLines(output),
		stop: () => stopProcess(child),
		kill: () => stopProcess(child, 'SIGKILL'),
		exited: () => child.exitCode !== null || child.signalCode !== null,
	}
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

async function waitUntilReady(url: string, child: ChildProcess, logs: () => string, timeoutMs = 20_000) {
	await waitUntil(
		async () => {
			if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${logs()}`)
			return fetch(`${url}/healthz`).then(
				(response) => response.ok,
				() => false,
			)
		},
		{ timeoutMs, everyMs: 100, what: () => `the server to start:\n${logs()}` },
	)
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
	return new Promise((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) return resolve()
		child.once('exit', () => resolve())
		child.kill(signal)
	})
}

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
export async function startServerExpectingFailure(extraEnv: Record<string, string>) {
	const port = await freePort()
	const child = spawn(process.execPath, ['server.ts'], { env: serverEnv(port, extraEnv), stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
	return { code, output }
}
