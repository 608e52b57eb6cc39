import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { freePort } from '#scripts/lib/server.ts'
import { waitUntil } from '#scripts/lib/wait.ts'
import { temporaryFolder } from '#test/support/temporary.ts'

// `npm run dev:mocks`: the development server with the partner stand-in, stopped as a developer stops it.

/** The processes whose environment carries `mark`. */
function processesMarked(mark: string): string[] {
	return readdirSync('/proc').flatMap((entry) => {
		if (!/^\d+$/.test(entry) || Number(entry) === process.pid) return []
		try {
			const environment = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0')
			const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim()
			// A zombie (already exited, not yet reaped) has no command line and holds nothing.
			return environment.includes(mark) && command !== '' ? [`${entry} ${command}`] : []
		} catch {
			return []
		}
	})
}

const answers = (url: string) =>
	fetch(url).then(
		() => true,
		() => false,
	)

test("the city page lists the stand-in's products, and an interrupt stops the server and the stand-in", async () => {
	const port = await freePort()
	const folder = temporaryFolder('azdevmocks-')
	// Every process the script starts inherits this, so any left running can be found.
	const run = randomUUID()
	const mark = `AZFLOWERS_DEV_MOCKS=${run}`
	const child = spawn(process.execPath, ['scripts/dev/with-mocks.ts'], {
		env: {
			...process.env,
			AZFLOWERS_DEV_MOCKS: run,
			PORT: String(port),
			HOST: '127.0.0.1',
			MOCK_PARTNER_PORT: '0',
			DATABASE_PATH: join(folder, 'cache.sqlite'),
			NODE_COMPILE_CACHE: join(folder, 'compile-cache'),
			SHUTDOWN_DRAIN_SECONDS: '0',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const site = `http://127.0.0.1:${port}`
	try {
		await waitUntil(
			async () => {
				if (child.exitCode !== null) throw new Error(`dev:mocks exited with ${child.exitCode}:\n${output}`)
				return answers(`${site}/healthz`)
			},
			{ timeoutMs: 180_000, everyMs: 200, what: () => `the development server to start:\n${output}` },
		)
		const partner = /Partner stand-in at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
		expect(partner, output).toBeDefined()

		const response = await fetch(`${site}/cities/phoenix/`)
		expect(response.status).toBe(200)
		const html = await response.text()
		// The stand-in's REST API names its products after its arrangements and their codes: "Bright Bouquet BD01".
		const products = new Set(html.match(/(?:Bright Bouquet|Sunny Sunflowers|Pink Rose Celebration|Garden Party|Lavender Dreams) [A-Z]{2}\d{2}/g))
		expect(products.size, html.slice(0, 2_000)).toBeGreaterThanOrEqual(5)
		// Every photo on the page, asked for at once as a browser does: each a real picture, none the grey placeholder.
		const photos = [...new Set(html.match(/\/photos\/[\w-]{22}\/\d+\.img/g))]
		expect(photos.length).toBeGreaterThan(10)
		const types = await Promise.all(
			photos.map(async (path) => (await fetch(`${site}${path}`, { headers: { accept: 'image/webp,image/*' } })).headers.get('content-type')),
		)
		expect(types.filter((type) => type !== 'image/webp')).toEqual([])

		child.kill('SIGINT')
		await waitUntil(() => child.exitCode !== null || child.signalCode !== null, { timeoutMs: 60_000, what: () => `dev:mocks to stop after SIGINT:\n${output}` })
		expect(child.exitCode, output).toBe(0)
		expect(await answers(`${site}/healthz`)).toBe(false)
		expect(await answers(`${partner}/index.cfm`)).toBe(false)
		expect(processesMarked(mark)).toEqual([])
	} finally {
		if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
		for (const left of processesMarked(mark)) process.kill(Number(left.split(' ')[0]), 'SIGKILL')
	}
}, 240_000)
