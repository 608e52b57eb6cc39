import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer, type RunningServer } from '../support/server.ts'

let server: RunningServer
beforeAll(async () => {
	server = await startServer()
})
afterAll(async () => {
	await server?.stop()
})

type Line = { level?: string; time?: string; msg?: string; requestId?: string; method?: string; url?: string; status?: number; ms?: number }

/** The server's log lines so far, each parsed as the JSON object it must be. */
function lines(): Line[] {
	return server
		.logs()
		.split('\n')
		.filter((line) => line.trim() !== '')
		.map((line) => {
			try {
				return JSON.parse(line) as Line
			} catch {
				throw new Error(`A log line that is not JSON: ${line}`)
			}
		})
}

test('every log line is a JSON object with a level, a time and a message', async () => {
	await (await fetch(`${server.url}/about/`)).text()
	const all = lines()
	expect(all.length).toBeGreaterThan(1)
	for (const line of all) {
		expect(['info', 'warn', 'error']).toContain(line.level)
		expect(Number.isNaN(Date.parse(line.time ?? ''))).toBe(false)
		expect(line.msg).toBeTruthy()
	}
	expect(all.some((line) => line.msg?.startsWith('Server listening on http://localhost:'))).toBe(true)
})

test('one line per request, tagged with the id sent back as X-Request-Id, which also tags what the request logged', async () => {
	const response = await fetch(`${server.url}/categories/spring-tulips/`)
	await response.text()
	expect(response.status).toBe(404)
	const requestId = response.headers.get('x-request-id') ?? ''
	expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
	await expect.poll(() => lines().filter((line) => line.requestId === requestId).length).toBe(2)
	const tagged = lines().filter((line) => line.requestId === requestId)
	expect(tagged).toContainEqual(expect.objectContaining({ level: 'warn', msg: '404 Not Found: /categories/spring-tulips/' }))
	expect(tagged).toContainEqual(expect.objectContaining({ level: 'info', method: 'GET', url: '/categories/spring-tulips/', status: 404 }))
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
