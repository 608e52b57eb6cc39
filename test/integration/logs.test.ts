import { connect } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer, type LogLine, type RunningServer } from '#test/support/server.ts'

let server: RunningServer
beforeAll(async () => {
	server = await startServer()
})
afterAll(async () => {
	await server?.stop()
})

const lines = () => server.logLines()
/** Lines of the log that are not JSON objects. */
const plainLines = () =>
	server
		.logs()
		.split('\n')
		.filter((line) => line.trim() !== '' && !line.trim().startsWith('{'))

test('every log line is a JSON object with a level, a time and a message', async () => {
	await (await fetch(`${server.url}/about/`)).text()
	const all = lines()
	expect(all.length).toBeGreaterThan(1)
	for (const line of all) {
		expect(['info', 'warn', 'error']).toContain(line.level)
		expect(Number.isNaN(Date.parse(line.time ?? ''))).toBe(false)
		expect(line.msg).toBeTruthy()
	}
	expect(all).toContainEqual(expect.objectContaining({ msg: 'Server listening', port: server.port, url: `http://localhost:${server.port}` }))
})

test('one line per request, tagged with the id sent back as X-Request-Id, which also tags what the request logged', async () => {
	const response = await fetch(`${server.url}/categories/spring-tulips/`)
	await response.text()
	expect(response.status).toBe(404)
	const requestId = response.headers.get('x-request-id') ?? ''
	expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
	await expect.poll(() => lines().filter((line) => line.requestId === requestId).length).toBe(2)
	const tagged = lines().filter((line) => line.requestId === requestId)
	expect(tagged).toContainEqual(expect.objectContaining({ level: 'warn', msg: '404 Not Found', path: '/categories/spring-tulips/' }))
	expect(tagged).toContainEqual(
		expect.objectContaining({
			level: 'info',
			msg: 'request completed',
			method: 'GET',
			url: '/categories/spring-tulips/',
			status: 404,
			responseTime: expect.any(Number),
		}),
	)
})

test('a failed answer gets its one line too, saying so, with the status', async () => {
	// The test partner is unreachable, so the products API answers 502.
	const response = await fetch(`${server.url}/api/products?category=anniversary`)
	await response.text()
	expect(response.status).toBe(502)
	const requestId = response.headers.get('x-request-id')
	await expect.poll(() => lines().filter((line) => line.requestId === requestId && line.method === 'GET').length).toBe(1)
	expect(lines()).toContainEqual(
		expect.objectContaining({ requestId, level: 'info', msg: 'request errored', url: '/api/products?category=anniversary', status: 502 }),
	)
})

test('an id given by the proxy in front is kept; anything else is replaced', async () => {
	const given = await fetch(`${server.url}/about/`, { headers: { 'x-request-id': 'a1b2c3d4e5f60718' } })
	await given.text()
	expect(given.headers.get('x-request-id')).toBe('a1b2c3d4e5f60718')
	const hostile = await fetch(`${server.url}/about/`, { headers: { 'x-request-id': '<script>alert(1)</script>' } })
	await hostile.text()
	expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
	// A page kept by the response cache still answers with this request's own id.
	expect(given.headers.get('x-request-id')).not.toBe(hostile.headers.get('x-request-id'))
})

test("a request's line carries no header: cookies and credentials stay out of the log", async () => {
	const response = await fetch(`${server.url}/contact/`, { headers: { cookie: 'session=cookie-9f2e', authorization: 'Bearer token-4c1d' } })
	await response.text()
	const requestId = response.headers.get('x-request-id')
	await expect.poll(() => lines().some((line) => line.requestId === requestId && line.msg === 'request completed')).toBe(true)
	const line = lines().find((candidate) => candidate.requestId === requestId && candidate.msg === 'request completed')
	expect(Object.keys(line ?? {}).sort()).toEqual(['level', 'method', 'msg', 'requestId', 'responseTime', 'status', 'time', 'url'])
	expect(server.logs()).not.toMatch(/cookie-9f2e|token-4c1d/)
})

/** The values of a line's fields (nested ones too), but not its level, time or message. */
function fieldValues(line: LogLine): unknown[] {
	const leaves = (value: unknown): unknown[] => (value !== null && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [value])
	return Object.entries(line).flatMap(([key, value]) => (['level', 'time', 'msg'].includes(key) ? [] : leaves(value)))
}

test('messages are constant: a page, a missing page and a partner failure put their URLs, paths, numbers and errors in fields', async () => {
	// The test partner is unreachable: the category page's products fail, and that is logged.
	for (const path of ['/', '/categories/birthday-flowers/', '/no-such-page/']) await (await fetch(`${server.url}${path}`)).text()
	await expect.poll(() => lines().filter((line) => line.level === 'warn' && line.err !== undefined).length).toBeGreaterThan(0)
	const all = lines()
	expect(all.filter((line) => line.msg === 'request completed').length).toBeGreaterThanOrEqual(3)
	expect(all).toContainEqual(expect.objectContaining({ msg: '404 Not Found', path: '/no-such-page/' }))
	for (const line of all) {
		expect(line.msg, JSON.stringify(line)).not.toMatch(/https?:\/\/|\/\w/)
		const data = fieldValues(line).filter((value) => (typeof value === 'string' && value.length >= 4) || (typeof value === 'number' && Math.abs(value) >= 10))
		for (const value of data) expect(line.msg, JSON.stringify(line)).not.toContain(String(value))
	}
})

test('a path with a malformed escape gets a short 400, and the log stays JSON: no plain-text warning from the router', async () => {
	for (const path of ['/llms.txt%', '/cities/%E0%A4%A/', '/%', '/api/products%zz']) {
		const response = await fetch(`${server.url}${path}`, { redirect: 'manual' })
		expect(response.status, path).toBe(400)
		await response.text()
	}
	// A page after them is logged as usual, so the log has been written past them.
	await (await fetch(`${server.url}/about/`)).text()
	await expect.poll(() => lines().filter((line) => line.msg === 'request completed' && line.url === '/about/').length).toBeGreaterThanOrEqual(2)
	expect(plainLines()).toEqual([])
})

/** Sends raw bytes on a new connection and returns what came back before the server closed it. */
function rawRequest(bytes: string): Promise<string> {
	const { port, hostname } = new URL(server.url)
	return new Promise((resolve) => {
		let answer = ''
		const socket = connect(Number(port), hostname, () => socket.end(bytes))
		socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
		socket.on('close', () => resolve(answer))
		socket.on('error', () => resolve(answer))
	})
}

test("malformed requests of every kind, Node's parser and Express's body readers included, leave only JSON in the log", async () => {
	const answers = await Promise.all([
		rawRequest('GARBAGE\r\n\r\n'),
		rawRequest('GET / HTTP/1.1\r\nHost: localhost\r\nX: \u0001bad\r\n\r\n'),
		rawRequest(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`),
		rawRequest('POST /api/clicks HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{\r\n'),
	])
	for (const answer of answers) expect(answer === '' || answer.startsWith('HTTP/1.1 4'), answer.slice(0, 80)).toBe(true)
	for (const [path, body] of [
		['/api/clicks', '{"page": '],
		['/mcp', '{not json'],
	] as const) {
		const response = await fetch(`${server.url}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
			body,
		})
		// The beacon answers 204 whatever it is sent; the agents' endpoint names the parse error.
		expect(response.status, path).toBeLessThan(500)
		await response.text()
	}
	await (await fetch(`${server.url}/contact/`)).text()
	await expect.poll(() => lines().filter((line) => line.msg === 'request completed' && line.url === '/contact/').length).toBeGreaterThanOrEqual(1)
	expect(plainLines()).toEqual([])
	expect(server.exited()).toBe(false)
})
