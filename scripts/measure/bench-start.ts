/**
 * How much a start costs (prints figures; never a pass/fail test): ten instances of the built
 * server started at once, each on its own SQLite file, with Node's compile cache and without it,
 * in turns. Per round: the wall time until all ten answer /healthz, and the median CPU one start
 * used until it answered. With `--busy`, two CPU-bound processes run beside it, as `npm run
 * test:busy` does. Run after `npm run build`: `npm run bench:start [-- --busy] [-- --rounds N]`.
 */
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { startServers } from '#scripts/lib/server.ts'

const { values } = parseArgs({ options: { busy: { type: 'boolean', default: false }, rounds: { type: 'string', default: '5' } } })
const ROUNDS = Number(values.rounds)
const INSTANCES = 10

const burn = 'let x = 0; for (;;) x = (x * 31 + 7) % 1000003'
const burners = values.busy ? [0, 1].map(() => spawn(process.execPath, ['-e', burn], { stdio: 'ignore' })) : []

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0

async function round(compileCache: boolean) {
	const started = performance.now()
	const servers = await startServers(Array.from({ length: INSTANCES }, (): Record<string, string> => (compileCache ? {} : { NODE_DISABLE_COMPILE_CACHE: '1' })))
	const wall = performance.now() - started
	const cpu = median(servers.map((server) => server.startCpuMs))
	await Promise.all(servers.map((server) => server.stop()))
	return { wall, cpu }
}

// One start first, so the shared compile cache holds the build, as after any earlier start.
await round(true)
const figures = { cached: { wall: [] as number[], cpu: [] as number[] }, uncached: { wall: [] as number[], cpu: [] as number[] } }
for (let index = 0; index < ROUNDS; index += 1) {
	for (const [name, cache] of [
		['cached', true],
		['uncached', false],
	] as const) {
		const { wall, cpu } = await round(cache)
		figures[name].wall.push(wall)
		figures[name].cpu.push(cpu)
	}
}
console.info(
	`${new Date().toISOString()}  load ${loadavg()
		.map((load) => load.toFixed(1))
		.join(' ')}  ${values.busy ? 'beside 2 CPU-bound processes' : 'nothing added'}`,
)
for (const [name, samples] of Object.entries(figures))
	console.info(
		`${INSTANCES} starts at once, compile cache ${name === 'cached' ? 'on ' : 'off'}: all answering after ${(median(samples.wall) / 1000).toFixed(1)} s (median of ${ROUNDS}); one start's CPU ${median(samples.cpu)} ms (median)`,
	)
for (const burner of burners) burner.kill('SIGKILL')
