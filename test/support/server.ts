/**
 * The servers a test starts: the local servers of scripts/lib/server.ts, each carrying the test
 * run's mark (test/support/leftovers.ts), so a run counts whatever they leave behind.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, serverEnv, startServer as startLocalServer, startServers as startLocalServers, type RunningServer } from '#scripts/lib/server.ts'

export { TEST_AFFILIATE_ID, UNREACHABLE_PARTNER, type LogLine, type RunningServer } from '#scripts/lib/server.ts'

/** What every server a test starts inherits from the run besides its temporary folder: the run's mark. */
const RUN = ['AZFLOWERS_TEST_RUN']

/** Runs `node server.ts` (the built app) and waits until it answers /healthz. */
export function startServer(extraEnv: Record<string, string> = {}, options: { quiet?: boolean } = {}) {
	return startLocalServer(extraEnv, { ...options, inherit: RUN })
}

/**
 * Starts several servers at once, each with its own settings. If any fails to start, the ones that
 * did are stopped before the error is thrown, so a failed start leaves nothing running.
 */
export function startServers<const Settings extends Record<string, string>[]>(settings: Settings) {
	return startLocalServers(settings, { inherit: RUN })
}

/**
 * Runs `npm run dev`'s server (`NODE_ENV=development node server.ts`: Vite in middleware mode,
 * the app served from source) and waits until it answers /healthz.
 */
export function startDevServer(): Promise<RunningServer> {
	return startLocalServer({}, { development: true, inherit: RUN })
}

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
export async function startServerExpectingFailure(extraEnv: Record<string, string>) {
	const port = await freePort()
	const folder = mkdtempSync(join(tmpdir(), 'azflowers-'))
	const child = spawn(process.execPath, ['server.ts'], { env: serverEnv(port, folder, extraEnv, RUN), stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
	rmSync(folder, { recursive: true, force: true })
	return { code, output }
}
