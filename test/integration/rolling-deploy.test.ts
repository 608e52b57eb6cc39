import http from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startProxy } from '#scripts/lib/proxy.ts'
import { startServers, type RunningServer } from '#test/support/server.ts'
import { waitUntil } from '#scripts/lib/wait.ts'

/**
 * A rolling deploy: one of two instances gets SIGTERM while 30 clients keep sending pages and
 * click beacons. Whatever routes the traffic (a balancer that follows /readyz, or the
 * deployment's nginx), no request may go unanswered: no reset, no 5xx.
 */

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner.stop()
})

const CLIENTS = 30
const PAGES = ['/', '/cities/phoenix/', '/about/', '/cities/', '/categories/birthday-flowers/']

type Outcome = { status?: number; error?: string; method: string }

/** One request on the given agent (or a fresh connection), as a client sees it: a status or an error code. */
function send(url: string, method: 'GET' | 'POST', agent: http.Agent | false, index: number): Promise<Outcome> {
	return new Promise((resolve) => {
		const body = method === 'POST' ? JSON.stringify({ page: '/' }) : undefined
		const request = http.request(
			url,
			{
				method,
				agent,
				headers: {
					'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
					// Many visitors: each client speaks for addresses of its own, so the click share per address is not the limit.
					'x-forwarded-for': `203.0.113.${index % 250}`,
					...(body ? { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) } : {}),
				},
			},
			(response) => {
				response.resume()
				response.on('end', () => resolve({ status: response.statusCode, method }))
				response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, method }))
			},
		)
		request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, method }))
		request.end(body)
	})
}

/** 30 clients, each sending one request after another (every third a beacon) to wherever `target()` says, until `until()` holds. */
async function runClients(target: () => string, until: () => boolean, agentFor: () => http.Agent | false) {
	const outcomes: Outcome[] = []
	await Promise.all(
		Array.from({ length: CLIENTS }, async (_, client) => {
			const agent = agentFor()
			for (let turn = 0; !until(); turn += 1) {
				const beacon = turn % 3 === 2
				const path = beacon ? '/api/clicks' : (PAGES[(client + turn) % PAGES.length] ?? '/')
				outcomes.push(await send(`${target()}${path}`, beacon ? 'POST' : 'GET', agent, client * 7 + turn))
			}
			if (agent) agent.destroy()
		}),
	)
	return outcomes
}

function summary(outcomes: Outcome[]) {
	const failures = outcomes.filter((outcome) => outcome.error !== undefined || (outcome.status ?? 0) >= 500)
	return {
		requests: outcomes.length,
		beacons: outcomes.filter((outcome) => outcome.method === 'POST').length,
		failures: failures.map((outcome) => `${outcome.method} ${outcome.error ?? outcome.status}`),
	}
}

/** Request log lines the stopped instance wrote after SIGTERM: proof that traffic was still reaching it then. */
function answeredAfterSignal(server: RunningServer) {
	const lines = server.logLines()
	const signalled = lines.findIndex((line) => line.signal === 'SIGTERM')
	return signalled < 0 ? 0 : lines.slice(signalled).filter((line) => line.status !== undefined).length
}

async function twoInstances(drainSeconds: string) {
	const env = { PARTNER_BASE_URL: partner.url, SHUTDOWN_DRAIN_SECONDS: drainSeconds }
	const [first, second] = await startServers([env, env])
	try {
		// Warm: the pages are rendered and kept before the deploy begins.
		for (const server of [first, second]) for (const path of PAGES) await (await fetch(`${server.url}${path}`)).arrayBuffer()
	} catch (error) {
		await Promise.all([first.stop(), second.stop()])
		throw error
	}
	return [first, second] as const
}

test('behind a balancer that follows /readyz, SIGTERM drops no request: 0 resets, 0 errors for 30 clients on fresh connections', async () => {
	const [leaving, staying] = await twoInstances('2')
	try {
		// The balancer's health check: every 250 ms it asks /readyz, and sends new requests elsewhere once it says 503.
		let healthy = true
		const checker = setInterval(() => {
			fetch(`${leaving.url}/readyz`).then(
				(response) => void (healthy &&= response.ok),
				() => void (healthy = false),
			)
		}, 250)
		let done = false
		const running = runClients(
			() => (healthy ? leaving.url : staying.url),
			() => done,
			// Each request on a connection of its own: the accept queue is as full as it gets.
			() => false,
		)
		await new Promise((resolve) => setTimeout(resolve, 1_000))
		await leaving.stop()
		await new Promise((resolve) => setTimeout(resolve, 500))
		done = true
		const outcomes = await running
		clearInterval(checker)
		const result = summary(outcomes)
		console.info(`readiness balancer: ${JSON.stringify({ ...result, answeredAfterSignal: answeredAfterSignal(leaving) })}`)
		expect(result.requests).toBeGreaterThan(CLIENTS * 3)
		expect(answeredAfterSignal(leaving)).toBeGreaterThan(0)
		expect(result.failures).toEqual([])
	} finally {
		await Promise.all([leaving.stop(), staying.stop()])
	}
}, 90_000)

test('clients that keep sending to the instance itself for 3 s after SIGTERM, each on a fresh connection: answered until the listener closes, then refused, never reset', async () => {
	const [leaving, staying] = await twoInstances('1')
	await staying.stop()
	try {
		let done = false
		const running = runClients(
			() => leaving.url,
			() => done,
			() => false,
		)
		await new Promise((resolve) => setTimeout(resolve, 1_000))
		const signalledAt = Date.now()
		const stopped = leaving.stop()
		await new Promise((resolve) => setTimeout(resolve, 3_000))
		done = true
		const result = summary(await running)
		await stopped
		// Once the listener has closed, a client's next connection is refused: it is told to go elsewhere.
		const failures = result.failures.filter((failure) => !failure.endsWith(' ECONNREFUSED'))
		const refused = result.failures.length - failures.length
		console.info(
			`direct: ${JSON.stringify({ requests: result.requests, beacons: result.beacons, failures, refused, answeredAfterSignal: answeredAfterSignal(leaving), exitedAfterMs: Date.now() - signalledAt })}`,
		)
		expect(result.requests).toBeGreaterThan(CLIENTS * 3)
		expect(answeredAfterSignal(leaving)).toBeGreaterThan(CLIENTS)
		expect(failures).toEqual([])
	} finally {
		await leaving.stop()
	}
}, 90_000)

test('30 keep-alive clients that never stop sending to the instance itself through SIGTERM: each answered until the listener closes, then refused, 0 resets', async () => {
	const [leaving, staying] = await twoInstances('1')
	await staying.stop()
	try {
		const outcomes: Outcome[] = []
		const ends: string[] = []
		let signalled = false
		const clients = Array.from({ length: CLIENTS }, async (_, client) => {
			const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
			// One request after another until the instance turns the client away.
			for (let turn = 0; ; turn += 1) {
				const beacon = turn % 3 === 2
				const path = beacon ? '/api/clicks' : (PAGES[(client + turn) % PAGES.length] ?? '/')
				const outcome = await send(`${leaving.url}${path}`, beacon ? 'POST' : 'GET', agent, client * 7 + turn)
				if (outcome.error !== undefined && signalled) {
					ends.push(outcome.error)
					break
				}
				outcomes.push(outcome)
			}
			agent.destroy()
		})
		await new Promise((resolve) => setTimeout(resolve, 1_000))
		const signalledAt = Date.now()
		signalled = true
		const stopped = leaving.stop()
		await Promise.all(clients)
		await stopped
		const result = summary(outcomes)
		console.info(
			`keep-alive clients that never stop: ${JSON.stringify({ ...result, answeredAfterSignal: answeredAfterSignal(leaving), ends: [...new Set(ends)], exitedAfterMs: Date.now() - signalledAt })}`,
		)
		expect(result.requests).toBeGreaterThan(CLIENTS * 3)
		expect(answeredAfterSignal(leaving)).toBeGreaterThan(CLIENTS)
		expect(result.failures).toEqual([])
		// Turned away at the door: a refused connection, never a reset.
		expect(ends).toEqual(Array.from({ length: CLIENTS }, () => 'ECONNREFUSED'))
	} finally {
		await leaving.stop()
	}
}, 90_000)

test('behind the deployment’s nginx, SIGTERM to one instance drops no page and no beacon: 0 resets, 0 errors for 30 clients', async () => {
	const [leaving, staying] = await twoInstances('1')
	const proxy = await startProxy([leaving.url, staying.url])
	try {
		let done = false
		const running = runClients(
			() => proxy.url,
			() => done,
			() => new http.Agent({ keepAlive: true, maxSockets: 1 }),
		)
		await new Promise((resolve) => setTimeout(resolve, 1_000))
		await leaving.stop()
		await waitUntil(() => leaving.exited(), { timeoutMs: 30_000, what: 'the instance to exit' })
		await new Promise((resolve) => setTimeout(resolve, 1_000))
		done = true
		const result = summary(await running)
		console.info(`nginx: ${JSON.stringify({ ...result, answeredAfterSignal: answeredAfterSignal(leaving) })}`)
		expect(result.requests).toBeGreaterThan(CLIENTS * 3)
		expect(answeredAfterSignal(leaving)).toBeGreaterThan(0)
		// nginx's error log says which instance failed and how.
		expect(result.failures, proxy.errors()).toEqual([])
	} finally {
		await proxy.stop()
		await Promise.all([leaving.stop(), staying.stop()])
	}
}, 90_000)
