/**
 * The stack's floor for the audit: a minimal React Router page in framework mode (one route, one
 * heading, server-rendered and hydrated), built with the project's own installed versions of React,
 * React Router, Vite and Express, and served compressed by a small Express server of its own.
 * Whatever the site's pages cost a phone beyond this page is the site's own work.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '#scripts/lib/server.ts'

const FLOOR_ROOT = join(process.cwd(), 'node_modules', '.cache', 'audit-floor')

export type Floor = { url: string; stop: () => Promise<void> }

const FILES: Record<string, string> = {
	'package.json': JSON.stringify({ name: 'floor', private: true, type: 'module' }),
	'react-router.config.ts': `export default { ssr: true }\n`,
	'vite.config.ts': `import { reactRouter } from '@react-router/dev/vite'\nimport { defineConfig } from 'vite'\nexport default defineConfig({ plugins: [reactRouter()] })\n`,
	'app/routes.ts': `import { index } from '@react-router/dev/routes'\nexport default [index('routes/home.tsx')]\n`,
	'app/root.tsx': `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'
export function Layout({ children }: { children: React.ReactNode }) {
	return (
		<html lang="en-US">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body>
				{children}
				<ScrollRestoration />
				<Scripts />
			</body>
		</html>
	)
}
export default function App() {
	return <Outlet />
}
`,
	'app/routes/home.tsx': `export function meta() {
	return [{ title: 'A minimal React Router page' }, { name: 'description', content: 'One route, one heading, hydrated.' }]
}
export default function Home() {
	return <h1>Flowers delivered in Arizona</h1>
}
`,
	'server.js': `import compression from 'compression'
import express from 'express'
import { createRequestHandler } from '@react-router/express'
const app = express()
app.use(compression())
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
app.use(express.static('build/client'))
// The server build beside this file, named by its full URL.
const serverBuild = new URL('build/server/index.js', import.meta.url).href
app.use(createRequestHandler({ build: () => import(serverBuild) }))
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
`,
}

/** Builds the minimal page in a folder of its own and serves it; `stop()` ends the server and removes the folder. */
export async function startFloor(): Promise<Floor> {
	// Inside the project's node_modules, so that Node and Vite find the project's own packages from it.
	mkdirSync(FLOOR_ROOT, { recursive: true })
	const folder = mkdtempSync(join(FLOOR_ROOT, 'floor-'))
	let child: ChildProcess | undefined
	try {
		for (const [path, text] of Object.entries(FILES)) {
			mkdirSync(join(folder, path, '..'), { recursive: true })
			writeFileSync(join(folder, path), text)
		}
		await promisify(execFile)(process.execPath, [join(process.cwd(), 'node_modules/@react-router/dev/bin.cjs'), 'build'], {
			cwd: folder,
			env: { ...process.env, NODE_ENV: 'production' },
		})
		const port = await freePort()
		const started = spawn(process.execPath, ['server.js'], { cwd: folder, env: { ...process.env, NODE_ENV: 'production', PORT: String(port) } })
		child = started
		await new Promise<void>((resolve, reject) => {
			started.once('exit', (code) => reject(new Error(`the minimal React Router page's server stopped (exit ${code})`)))
			started.stdout?.on('data', (data: Buffer) => {
				if (data.toString().includes('listening')) resolve()
			})
		})
		return {
			url: `http://localhost:${port}/`,
			stop: async () => {
				await stopChild(started)
				rmSync(folder, { recursive: true, force: true })
			},
		}
	} catch (error) {
		if (child) await stopChild(child)
		rmSync(folder, { recursive: true, force: true })
		throw error
	}
}

function stopChild(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
	return new Promise((resolve) => {
		child.once('exit', () => resolve())
		child.kill('SIGTERM')
	})
}
