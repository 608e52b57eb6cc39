/**
 * `npm run test:busy`: the whole suite (`npm test`) with two CPU-bound processes running beside it,
 * as on a shared or busy machine. The suite must pass like this: its time limits measure the work,
 * not the queue. The burners stop when the suite ends, and after an hour whatever happens.
 */
import { spawn } from 'node:child_process'

const BURNERS = 2
const MAX_MINUTES = 60
const burn = `const end = Date.now() + ${MAX_MINUTES * 60_000}; let x = 0; while (Date.now() < end) x = (x * 31 + 7) % 1000003`

const burners = Array.from({ length: BURNERS }, () => spawn(process.execPath, ['-e', burn], { stdio: 'ignore' }))
const stopBurners = () => {
	for (const burner of burners) burner.kill('SIGKILL')
}
process.on('SIGINT', () => {
	stopBurners()
	process.exit(130)
})
console.info(`Running npm test beside ${BURNERS} CPU-bound processes`)
const started = Date.now()
const suite = spawn('npm', ['test'], { stdio: 'inherit' })
suite.on('exit', (code, signal) => {
	stopBurners()
	console.info(`npm test under load: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${Math.round((Date.now() - started) / 1000)} s`)
	process.exit(code ?? 1)
})
