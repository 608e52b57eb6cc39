/**
 * `npm run bench:agents` (after a build): what one agent's tool call costs the server, in CPU time,
 * so the site-wide budget (`MCP_CALLS_PER_MINUTE_TOTAL`) can be read as a share of a core. The
 * built server runs against the partner stand-in (REST); each tool, and tools/list (a connection
 * step, which the site's budget counts too), is called ROUNDS × CALLS times
 * from 10 SDK clients after a warm-up, and the server process's own CPU time (user + system, from
 * /proc) is read around each round. Prints each round's milliseconds of CPU per call, the median
 * per tool, and what the default budget costs at that median. Then what a refused request costs
 * (below).
 */
import { readFileSync } from 'node:fs'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { helpers, jwkToKeyID, signatureHeaders } from 'web-bot-auth'
import { Ed25519Signer } from 'web-bot-auth/crypto'
import { startPartnerStandIn, standInSettings } from '#mock-servers/partner.ts'
import { startServer } from '#scripts/lib/server.ts'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
const CALLS = Number(process.env.CALLS ?? 200)
const TICKS_PER_SECOND = 100

/** The process's CPU time so far in milliseconds (utime + stime of /proc/PID/stat). */
function cpuMs(pid: number): number {
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
	return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const TOOLS: [string, (index: number) => Record<string, unknown>][] = [
	['delivery_dates', (index) => ({ place: ['Phoenix', 'Tuba City', '85346', 'Window Rock'][index % 4] })],
	['find_arrangements', (index) => ({ place: ['Mesa', 'Ajo', 'Quartzsite'][index % 3], occasion: 'birthday-flowers', maxPrice: 90, sort: 'price' })],
	['town_notes', (index) => ({ place: ['Flagstaff', 'Yuma', 'Sells'][index % 3] })],
]

const partner = await startPartnerStandIn()
const server = await startServer(
	{ ...standInSettings(partner, { rest: true }), MCP_CALLS_PER_MINUTE: '1000000', MCP_CALLS_PER_MINUTE_TOTAL: '10000000' },
	{ quiet: true },
)
try {
	const clients = await Promise.all(
		Array.from({ length: 10 }, async () => {
			const client = new Client({ name: 'bench-agents', version: '1.0.0' })
			await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)))
			return client
		}),
	)
	const run = (tool: string, args: (index: number) => Record<string, unknown>) =>
		Promise.all(
			Array.from({ length: CALLS }, (_, index) =>
				tool === 'tools/list'
					? clients[index % clients.length]?.listTools()
					: clients[index % clients.length]?.callTool({ name: tool, arguments: args(index) }),
			),
		)
	console.log(
		`${new Date().toISOString()}, load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; ${ROUNDS} rounds of ${CALLS} calls per tool`,
	)
	const medians: number[] = []
	for (const [tool, args] of [...TOOLS, ['tools/list', () => ({})] as const]) {
		await run(tool, args)
		const perCall: number[] = []
		for (let round = 0; round < ROUNDS; round += 1) {
			const before = cpuMs(server.pid)
			await run(tool, args)
			perCall.push((cpuMs(server.pid) - before) / CALLS)
		}
		medians.push(median(perCall))
		console.log(`${tool.padEnd(18)} CPU per call: ${perCall.map((ms) => ms.toFixed(2)).join(' / ')} ms, median ${median(perCall).toFixed(2)} ms`)
	}
	const worst = Math.max(...medians)
	const budget = 3000
	console.log(
		`the default site-wide budget, ${budget} requests a minute, at the dearest request's median: ${((budget * worst) / 60_000).toFixed(2)} s of CPU per second (${Math.round((budget * worst) / 600)} % of one core)`,
	)
	await Promise.all(clients.map((client) => client.close()))
} finally {
	await server.stop()
}

/**
 * What a refused request costs: a server whose site-wide budget is spent (1 request a minute) is sent
 * REFUSED tool calls per round from two addresses, 20 at a time, that ignore the 429, unsigned and
 * signed by an agent whose key it knows (verified first); in turns with as many GET /healthz (the
 * cheapest answer the server gives) as the floor. Prints the CPU per
 * request of each, round by round, and their medians.
 */
const REFUSED = Number(process.env.REFUSED ?? 2_000)
// A signed agent's key, so that the refusal of a signed request (its signature verified first) is measured too.
const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair
const { kty, crv, x } = await crypto.subtle.exportKey('jwk', pair.publicKey)
const agentJwk = { kty, crv, x }
const spent = await startServer(
	{ ...standInSettings(partner, { rest: true }), MCP_CALLS_PER_MINUTE_TOTAL: '1', AGENT_KEYS: JSON.stringify([{ agent: 'bench-agent', jwk: agentJwk }]) },
	{ quiet: true },
)
try {
	const keyid = await jwkToKeyID(agentJwk, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE)
	const created = new Date()
	const signed = await signatureHeaders({ method: 'POST', url: `${spent.url}/mcp`, headers: new Headers() }, new Ed25519Signer(keyid, pair.privateKey), {
		created,
		expires: new Date(created.getTime() + 30 * 60_000),
	})
	const signature = { signature: signed.Signature, 'signature-input': signed['Signature-Input'] }
	const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'delivery_dates', arguments: { place: 'Phoenix' } } })
	const refused = (signedBy: Record<string, string>) => async (index: number) => {
		const response = await fetch(`${spent.url}/mcp`, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				accept: 'application/json, text/event-stream',
				'x-forwarded-for': `192.0.2.${1 + (index % 2)}`,
				...signedBy,
			},
			body,
		})
		await response.arrayBuffer()
		return response.status
	}
	const refusedOne = refused({})
	const refusedSigned = refused(signature)
	const health = async () => (await fetch(`${spent.url}/healthz`)).arrayBuffer()
	const inBatches = async (each: (index: number) => Promise<unknown>) => {
		for (let start = 0; start < REFUSED; start += 20) await Promise.all(Array.from({ length: Math.min(20, REFUSED - start) }, (_, at) => each(start + at)))
	}
	await inBatches(refusedOne)
	await inBatches(refusedSigned)
	await inBatches(health)
	const refusedCpu: number[] = []
	const signedCpu: number[] = []
	const healthCpu: number[] = []
	for (let round = 0; round < ROUNDS; round += 1) {
		const turns = [
			[refusedOne, refusedCpu],
			[refusedSigned, signedCpu],
			[health, healthCpu],
		] as const
		for (const [each, figures] of [...turns.slice(round % 3), ...turns.slice(0, round % 3)]) {
			const before = cpuMs(spent.pid)
			await inBatches(each)
			figures.push((cpuMs(spent.pid) - before) / REFUSED)
		}
	}
	const statuses = await Promise.all([refusedOne(0), refusedSigned(1)])
	console.log(
		`refused /mcp (429, status ${statuses.join(', ')}) CPU per request: ${refusedCpu.map((ms) => ms.toFixed(3)).join(' / ')} ms, median ${median(refusedCpu).toFixed(3)} ms; signed by a known agent (verified, then refused): ${signedCpu.map((ms) => ms.toFixed(3)).join(' / ')} ms, median ${median(signedCpu).toFixed(3)} ms; GET /healthz in the same rounds: median ${median(healthCpu).toFixed(3)} ms`,
	)
} finally {
	await spent.stop()
	await partner.stop()
}
