/**
 * The suite's global setup: every run gets a temporary folder of its own (TMPDIR, so every
 * `mkdtemp` of a test, a server, PostgreSQL, nginx and Chromium lands in it) and a mark in the
 * environment its processes inherit. After the last test it counts what was left: processes
 * still carrying the mark and folders still in the run's folder. Any leftover fails the run,
 * named; it is killed or removed all the same, so a failed run leaves nothing behind either.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const MARK = 'AZFLOWERS_TEST_RUN'

/** The processes, other than this one and the test runner's own workers, whose environment carries the run's mark. */
function markedProcesses(run: string): { pid: number; command: string }[] {
	const found: { pid: number; command: string }[] = []
	for (const entry of readdirSync('/proc')) {
		const pid = Number(entry)
		if (!Number.isInteger(pid) || pid === process.pid) continue
		try {
			const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
			if (!environment.includes(`${MARK}=${run}`)) continue
			const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
			// A zombie (already exited, not yet reaped) has no command line and holds nothing.
			if (command === '' || command.includes('vitest')) continue
			found.push({ pid, command })
		} catch {
			// Gone meanwhile, or not ours to read.
		}
	}
	return found
}

export function setup() {
	// Another project of the same run set it up already: one folder and one check for the run.
	if (process.env[MARK]) return
	const run = mkdtempSync(join(tmpdir(), 'azflowers-run-'))
	// PostgreSQL runs as its own user and must reach its folder inside.
	chmodSync(run, 0o755)
	process.env.TMPDIR = run
	process.env[MARK] = run
	return function teardown() {
		const processes = markedProcesses(run)
		for (const { pid } of processes) {
			try {
				process.kill(pid, 'SIGKILL')
			} catch {
				// Ended meanwhile.
			}
		}
		const folders = readdirSync(run)
		rmSync(run, { recursive: true, force: true })
		const problems = [
			...processes.map(({ pid, command }) => `a process left running: ${pid} ${command.slice(0, 200)}`),
			...folders.map((name) => `a temporary file or folder left behind: ${name}`),
		]
		if (problems.length > 0) throw new Error(`The tests left ${problems.length} thing(s) behind (now removed):\n${problems.join('\n')}`)
	}
}
