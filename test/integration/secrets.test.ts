import { execFileSync } from 'node:child_process'
import { temporaryFolder } from '#test/support/temporary.ts'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { createServer } from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer, type RunningServer } from '#test/support/server.ts'

const SECRETS = {
	FIRECRAWL_API_KEY: 'fc-secret-crawl-key-7f3a9',
	// The partner's real shapes: a 6-digit key and a short password.
	FLORISTONE_API_KEY: '581736',
	FLORISTONE_API_PASSWORD: 'Rq7tz4',
}
/** Read only where the store is opened; the running server's own PostgreSQL case is in postgres.test.ts. */
const BUILD_SECRETS = { ...SECRETS, DATABASE_URL: 'postgres://site:pg-Secret-9x@db.internal:5432/site' }

let server: RunningServer
beforeAll(async () => {
	server = await startServer(SECRETS)
})
afterAll(async () => {
	await server.stop()
})

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
}

test('no secret setting appears in any rendered page or feed', async () => {
	for (const path of [
		'/',
		'/cities/',
		'/cities/phoenix/',
		'/categories/birthday-flowers/',
		'/about/',
		'/contact/',
		'/terms/',
		'/no-such-page/',
		'/sitemap.xml',
		'/rss.xml',
		'/robots.txt',
	]) {
		const body = await (await fetch(`${server.url}${path}`)).text()
		expect(body.length, path).toBeGreaterThan(50)
		for (const secret of Object.values(SECRETS)) expect(body, `${path} leaks a secret`).not.toContain(secret)
	}
})

/** A file's text, its .br and .gz copies decompressed, so nothing hides inside them. */
function readText(file: string): string {
	const raw = readFileSync(file)
	if (file.endsWith('.br')) return brotliDecompressSync(raw).toString('latin1')
	if (file.endsWith('.gz')) return gunzipSync(raw).toString('latin1')
	return raw.toString('latin1')
}

test('built with the secrets set in its environment, no file of the client build holds a secret name or value', () => {
	const directory = temporaryFolder('azsecret-build-')
	execFileSync(process.execPath, ['node_modules/@react-router/dev/bin.cjs', 'build'], {
		env: { ...process.env, ...BUILD_SECRETS, NODE_ENV: 'production', REACT_ROUTER_BUILD_DIRECTORY: directory },
		stdio: 'pipe',
	})
	const files = filesUnder(join(directory, 'client'))
	expect(files.some((file) => file.endsWith('.js'))).toBe(true)
	expect(files.some((file) => file.endsWith('.br'))).toBe(true)
	for (const file of files) {
		const text = readText(file)
		for (const secret of Object.values(BUILD_SECRETS)) expect(text, file).not.toContain(secret)
		for (const name of Object.keys(BUILD_SECRETS)) expect(text, file).not.toContain(name)
		expect(text, file).not.toContain('DATABASE_PATH')
	}
}, 180_000)

test("an upstream error that echoes the Authorization header reaches the log only: visitors read the site's own sentence", async () => {
	// A crawl API that refuses every job and quotes the request back, as some upstream errors do.
	const echo = createServer((request, response) => {
		response.writeHead(200, { 'content-type': 'application/json' })
		response.end(JSON.stringify({ success: false, error: `<b>Unauthorized</b> for ${request.headers.authorization} from ${request.socket.localAddress}` }))
	})
	await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
	const address = echo.address()
	const apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
	const site = await startServer({ FIRECRAWL_API_KEY: SECRETS.FIRECRAWL_API_KEY, FIRECRAWL_API_URL: apiUrl })
	try {
		const api = await fetch(`${site.url}/api/products?category=anniversary`)
		expect(api.status).toBe(502)
		expect(await api.json()).toEqual({ error: 'Please try again later.' })
		const page = await (await fetch(`${site.url}/categories/graduation/`)).text()
		for (const leaked of [SECRETS.FIRECRAWL_API_KEY, 'Unauthorized', 'Bearer']) expect(page).not.toContain(leaked)
		expect(page).toContain('Please try again later.')
		// The operator still learns what the upstream said.
		expect(site.logs()).toContain('Unauthorized')
	} finally {
		await site.stop()
		echo.close()
	}
})
