import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { freePort, serverEnv } from '#test/support/server.ts'
import { waitUntil } from '#test/support/wait.ts'

let child: ChildProcess | undefined
let url = ''
let output = ''

// `npm run dev`: the same server, with Vite in middleware mode serving the app from source.
beforeAll(async () => {
	const port = await freePort()
	url = `http://127.0.0.1:${port}`
	const started = spawn(process.execPath, ['server.ts'], { env: { ...serverEnv(port), NODE_ENV: 'development' }, stdio: ['ignore', 'pipe', 'pipe'] })
	child = started
	started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	await waitUntil(
		async () => {
			if (started.exitCode !== null) throw new Error(`The development server exited:\n${output}`)
			return fetch(`${url}/healthz`).then(
				(response) => response.ok,
				() => false,
			)
		},
		{ timeoutMs: 60_000, everyMs: 200, what: () => `the development server to start:\n${output}` },
	)
}, 90_000)

afterAll(async () => {
	if (!child || child.exitCode !== null) return
	const exited = new Promise((resolve) => child?.once('exit', resolve))
	child.kill('SIGTERM')
	await exited
})

test('every page type renders in development', async () => {
	for (const path of ['/', '/cities/', '/cities/phoenix/', '/categories/birthday-flowers/', '/about/', '/contact/', '/privacy-policy/', '/terms/']) {
		const response = await fetch(`${url}${path}`)
		const body = await response.text()
		expect(response.status, `${path}\n${output}`).toBe(200)
		expect(body).toContain('</html>')
	}
	const missing = await fetch(`${url}/no-such-page/`)
	expect(missing.status).toBe(404)
	expect(output).not.toContain('Invalid `context` value')
}, 120_000)

test('Vite serves the client code from source, with React Router’s hot-reload runtime', async () => {
	const page = await (await fetch(`${url}/`)).text()
	// The page loads React Router's hot-reload runtime and the route modules from source.
	expect(page).toContain('virtual:react-router/inject-hmr-runtime')
	expect(page).toContain('import * as route0 from "/app/root.tsx"')
	const root = await fetch(`${url}/app/root.tsx`)
	expect(root.status).toBe(200)
	expect(root.headers.get('content-type')).toMatch(/javascript/)
	expect(await root.text()).toContain('import')
}, 60_000)
