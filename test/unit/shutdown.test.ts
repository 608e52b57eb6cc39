import { Agent, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, test } from 'vitest'
import { gracefulShutdown, listenerMayClose } from '#server/shutdown.ts'
import { waitUntil } from '#scripts/lib/wait.ts'

describe('when the listener may close', () => {
	const at = { now: 10_000, waitedSince: 9_750, lastConnectionAt: 9_000, giveUpAt: 15_000, quietMs: 250 }
	test.each([
		['no connection for longer than the quiet time, the timer on time', at, true],
		['a connection within the quiet time', { ...at, lastConnectionAt: 9_900 }, false],
		['a connection exactly the quiet time ago', { ...at, lastConnectionAt: 9_750 }, true],
		['the timer fired late (the loop was busy): connections may be queued unseen', { ...at, waitedSince: 9_400 }, false],
		['clients that never stop, at the give-up time', { ...at, lastConnectionAt: 9_990, giveUpAt: 10_000 }, true],
		['a busy loop at the give-up time', { ...at, waitedSince: 9_000, giveUpAt: 10_000 }, true],
	] as const)('%s', (_name, moment, expected) => {
		expect(listenerMayClose(moment)).toBe(expected)
	})
})

/** One GET, answered or refused. */
function get(port: number): Promise<{ status: number; connection: string | undefined } | { refused: string }> {
	return new Promise((resolve) => {
		const asked = request({ port, host: '127.0.0.1', path: '/' }, (response) => {
			response.resume()
			response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }))
		})
		asked.on('error', (error: NodeJS.ErrnoException) => resolve({ refused: error.code ?? error.message }))
		asked.end()
	})
}

test('a shutdown drains, answers what is in flight, closes the listener when quiet, and finishes once', async () => {
	let shutdown: ReturnType<typeof gracefulShutdown> | undefined
	const server = createServer((_req, res) => {
		setTimeout(() => {
			// While draining, every answer closes its connection (a connection left open would hold the end back until it idles out).
			if (shutdown?.draining) res.setHeader('Connection', 'close')
			res.end('ok')
		}, 300)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	let finished = 0
	shutdown = gracefulShutdown(
		server,
		{ drainMs: 100, quietMs: 50, quietWaitMaxMs: 1_000, holdMaxMs: 500, idleCloseMs: 50, inFlightGraceMs: 5_000 },
		() => void (finished += 1),
	)
	try {
		const inFlight = get(port)
		await sleep(50)
		expect(shutdown.draining).toBe(false)
		expect(shutdown.begin()).toBe(true)
		expect(shutdown.begin()).toBe(false)
		expect(shutdown.draining).toBe(true)
		// During the drain a new visitor is still answered, and told the connection ends.
		const during = await get(port)
		expect(during).toEqual({ status: 200, connection: 'close' })
		expect(await inFlight).toEqual({ status: 200, connection: 'close' })
		await waitUntil(() => finished > 0, { timeoutMs: 3_000, what: 'the shutdown to finish' })
		expect(await get(port)).toEqual({ refused: 'ECONNREFUSED' })
		await sleep(100)
		expect(finished).toBe(1)
	} finally {
		server.closeAllConnections()
		server.close()
	}
})

test('30 keep-alive clients that keep sending through the shutdown are each answered until the listener closes, then refused: none reset', async () => {
	let shutdown: ReturnType<typeof gracefulShutdown> | undefined
	const server = createServer((_req, res) => {
		if (shutdown?.draining) res.setHeader('Connection', 'close')
		const answer = () => res.end('ok')
		if (shutdown) shutdown.admit(answer)
		else answer()
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	let finished = false
	shutdown = gracefulShutdown(server, { drainMs: 300, quietMs: 50, quietWaitMaxMs: 3_000, holdMaxMs: 1_000, idleCloseMs: 50, inFlightGraceMs: 5_000 }, () => {
		finished = true
		server.close()
	})
	const ends: string[] = []
	let answered = 0
	const client = async () => {
		const agent = new Agent({ keepAlive: true, maxSockets: 1 })
		// Each client sends one request after another until the server turns it away.
		for (;;) {
			const outcome = await new Promise<string | undefined>((resolve) => {
				const asked = request({ port, host: '127.0.0.1', path: '/', agent }, (response) => {
					response.resume()
					response.on('end', () => resolve(undefined))
					response.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
				})
				asked.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
				asked.end()
			})
			if (outcome) {
				agent.destroy()
				return ends.push(outcome)
			}
			answered += 1
		}
	}
	try {
		const clients = Array.from({ length: 30 }, client)
		await sleep(200)
		shutdown.begin()
		await Promise.all(clients)
		await waitUntil(() => finished, { timeoutMs: 5_000, what: 'the shutdown to finish' })
		expect(answered).toBeGreaterThan(30)
		expect(ends).toEqual(Array.from({ length: 30 }, () => 'ECONNREFUSED'))
	} finally {
		server.closeAllConnections()
		server.close()
	}
}, 20_000)
