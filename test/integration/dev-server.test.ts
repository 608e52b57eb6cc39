import { afterAll, beforeAll, expect, test } from 'vitest'
import { startDevServer, type RunningServer } from '#test/support/server.ts'

let server: RunningServer | undefined
const url = () => server?.url ?? ''
const output = () => server?.logs() ?? ''

// `npm run dev`: the same server, with Vite in middleware mode serving the app from source.
beforeAll(async () => {
	server = await startDevServer()
}, 120_000)

afterAll(async () => {
	await server?.stop()
})

test('every page type renders in development', async () => {
	for (const path of ['/', '/cities/', '/cities/phoenix/', '/categories/birthday-flowers/', '/about/', '/contact/', '/privacy-policy/', '/terms/']) {
		const response = await fetch(`${url()}${path}`)
		const body = await response.text()
		expect(response.status, `${path}\n${output()}`).toBe(200)
		expect(body).toContain('</html>')
	}
	const missing = await fetch(`${url()}/no-such-page/`)
	expect(missing.status).toBe(404)
	expect(output()).not.toContain('Invalid `context` value')
}, 120_000)

test('Vite serves the client code from source, with React Router’s hot-reload runtime', async () => {
	const page = await (await fetch(`${url()}/`)).text()
	// The page loads React Router's hot-reload runtime and the route modules from source.
	expect(page).toContain('virtual:react-router/inject-hmr-runtime')
	expect(page).toContain('import * as route0 from "/app/root.tsx"')
	const root = await fetch(`${url()}/app/root.tsx`)
	expect(root.status).toBe(200)
	expect(root.headers.get('content-type')).toMatch(/javascript/)
	expect(await root.text()).toContain('import')
}, 60_000)

test('Vite’s own paths are answered by Vite, never redirected to a trailing slash or lower case', async () => {
	for (const path of ['/@vite/client', '/@id/__x00__virtual:react-router/inject-hmr-runtime']) {
		const response = await fetch(`${url()}${path}`, { redirect: 'manual' })
		expect(response.status, path).toBe(200)
		expect(response.headers.get('content-type'), path).toMatch(/javascript/)
	}
	// The site's own pages keep their one spelling.
	const page = await fetch(`${url()}/Cities/Phoenix`, { redirect: 'manual' })
	expect(page.status).toBe(301)
	expect(page.headers.get('location')).toBe('/cities/phoenix/')
}, 60_000)
