import { createRequire } from 'node:module'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { describe, expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

/**
 * Agents at scale: one call costs one call, connecting costs none, the budgets answer 429 with a
 * time to come back, and agents asking about every Arizona ZIP make the site ask the partner only
 * about the places its pages ask about.
 */

type Rpc = {
	jsonrpc: string
	id: unknown
	result?: { isError?: boolean; content?: { text?: string }[] }
	error?: { code: number; message: string; data?: Record<string, unknown> }
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' }

/** One JSON-RPC POST to /mcp, from `address` as a proxy in front of the site would forward it. */
async function post(url: string, body: unknown, address = '203.0.113.1') {
	const response = await fetch(`${url}/mcp`, { method: 'POST', headers: { ...HEADERS, 'x-forwarded-for': address }, body: JSON.stringify(body) })
	return { status: response.status, headers: response.headers, body: (await response.json()) as Rpc | Rpc[] }
}

const toolCall = (id: number, place = 'Mesa') => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'delivery_dates', arguments: { place } } })

async function sdkClient(url: string): Promise<Client> {
	const client = new Client({ name: 'budget-test', version: '1.0.0' })
	await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)))
	return client
}

describe('with the default budgets', () => {
	const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }), browser: false })

	test('a batch of 100 calls is refused whole with the specification’s Invalid Request error, and none of it runs', async () => {
		const before = site.partner.restCalls.length
		const { status, body } = await post(
			site.server.url,
			Array.from({ length: 100 }, (_, index) => toolCall(index, '85004')),
		)
		expect(status).toBe(400)
		expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
		expect((body as Rpc).error?.message).toMatch(/batches are not accepted/)
		expect(site.partner.restCalls.length).toBe(before)
	})

	test('20 SDK clients behind one address make 200 tool calls in a minute without a 429: connecting costs no call', async () => {
		const clients = await Promise.all(Array.from({ length: 20 }, () => sdkClient(site.server.url)))
		const results = await Promise.all(
			Array.from({ length: 200 }, (_, index) =>
				clients[index % clients.length]?.callTool({ name: 'delivery_dates', arguments: { place: index % 2 ? 'Tucson' : 'Flagstaff' } }),
			),
		)
		for (const result of results) expect((result as { isError?: boolean }).isError).toBeFalsy()
		await Promise.all(clients.map((client) => client.close()))
	}, 120_000)

	test('unknown arguments are refused by name, with the valid ones; the server offers no tool-list notifications', async () => {
		const client = await sdkClient(site.server.url)
		try {
			const result = (await client.callTool({ name: 'find_arrangements', arguments: { place: 'Tempe', occasion: 'birthday', budget: 50 } })) as {
				isError?: boolean
				content: { text?: string }[]
			}
			expect(result.isError).toBe(true)
			expect(result.content[0]?.text).toMatch(/unknown argument "budget"; this tool takes place, occasion, maxPrice, sort, limit/)
			const dates = (await client.callTool({ name: 'delivery_dates', arguments: { place: 'Tempe', when: 'today' } })) as {
				isError?: boolean
				content: { text?: string }[]
			}
			expect(dates.isError).toBe(true)
			expect(dates.content[0]?.text).toMatch(/unknown argument "when"; this tool takes place/)
			expect(client.getServerCapabilities()?.tools?.listChanged).toBe(false)
			const { tools } = await client.listTools()
			for (const tool of tools) expect(tool.inputSchema.additionalProperties, tool.name).toBe(false)
		} finally {
			await client.close()
		}
	})

	test('every method but POST gets 405 with Allow: POST, on /mcp and /mcp/ alike; POST /mcp/ is answered as /mcp', async () => {
		for (const path of ['/mcp', '/mcp/']) {
			for (const method of ['GET', 'DELETE', 'PUT', 'PATCH', 'OPTIONS']) {
				const response = await fetch(`${site.server.url}${path}`, { method })
				expect(response.status, `${method} ${path}`).toBe(405)
				expect(response.headers.get('allow'), `${method} ${path}`).toBe('POST')
				expect(((await response.json()) as Rpc).error?.message, `${method} ${path}`).toMatch(/answers POST only/)
			}
		}
		const slash = await fetch(`${site.server.url}/mcp/`, {
			method: 'POST',
			headers: HEADERS,
			body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
		})
		expect(slash.status).toBe(200)
		expect(((await slash.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(4)
	})

	test('malformed requests get the specification’s error codes', async () => {
		const raw = async (body: string) => {
			const response = await fetch(`${site.server.url}/mcp`, { method: 'POST', headers: HEADERS, body })
			return { status: response.status, body: (await response.json()) as Rpc }
		}
		expect(await raw('{not json')).toMatchObject({ status: 400, body: { error: { code: -32700 } } })
		for (const body of ['"text"', '42', '{"id":1,"method":"tools/list"}', '{"jsonrpc":"2.0","id":1}', '{"jsonrpc":"1.0","id":1,"method":"ping"}'])
			expect(await raw(body), body).toMatchObject({ status: 400, body: { jsonrpc: '2.0', error: { code: -32600 } } })
		for (const params of ['{}', '{"name":5}', '{"name":"town_notes","arguments":[1]}', '"x"'])
			expect(await raw(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":${params}}`), params).toMatchObject({
				status: 200,
				body: { jsonrpc: '2.0', id: 3, error: { code: -32602 } },
			})
		expect(await raw('{"jsonrpc":"2.0","id":4,"method":"no/such"}')).toMatchObject({ body: { id: 4, error: { code: -32601 } } })
	})

	test('answers with a note end their sentences once', async () => {
		const { body } = await post(site.server.url, toolCall(1, '85346'))
		const text = (body as Rpc).result?.content?.map((part) => part.text).join('\n') ?? ''
		expect(text).toContain('ZIP 85346 (Quartzsite)')
		expect(text).not.toMatch(/\.\./)
	})
})

describe('with small budgets', () => {
	const site = useSite({
		partner: true,
		settings: (partner) => ({ ...standInSettings(partner, { rest: true }), MCP_CALLS_PER_MINUTE: '5', MCP_CALLS_PER_MINUTE_TOTAL: '30' }),
		browser: false,
	})

	/** Runs `attempt` again once when a minute's window turned over during it (the budgets count in whole minutes). */
	async function withinOneMinute(attempt: () => Promise<boolean>) {
		if (!(await attempt())) expect(await attempt()).toBe(true)
	}

	test('past one address’s budget: 429 with Retry-After and a JSON-RPC error an agent can read; connecting still works', async () => {
		await withinOneMinute(async () => {
			const address = `203.0.113.${10 + Math.floor(Math.random() * 100)}`
			const answers = []
			for (let id = 1; id <= 6; id += 1) answers.push(await post(site.server.url, toolCall(id), address))
			if (answers.slice(0, 5).some((answer) => answer.status !== 200)) return false
			const refused = answers[5]
			if (!refused || refused.status === 200) return false
			expect(refused.status).toBe(429)
			const retryAfter = Number(refused.headers.get('retry-after'))
			expect(retryAfter).toBeGreaterThanOrEqual(1)
			expect(retryAfter).toBeLessThanOrEqual(60)
			expect(refused.body).toMatchObject({
				jsonrpc: '2.0',
				id: 6,
				error: { code: -32000, data: { retryAfterSeconds: retryAfter, limitPerMinute: 5, scope: 'client' } },
			})
			expect((refused.body as Rpc).error?.message).toMatch(/^Too many tool calls: this site answers 5 a minute from one address\. Try again in \d+ seconds\.$/)
			// Listing the tools is a connection step, not a call.
			const list = await post(site.server.url, { jsonrpc: '2.0', id: 7, method: 'tools/list' }, address)
			expect(list.status).toBe(200)
			return true
		})
	})

	test('the site-wide budget bounds every address together', async () => {
		await withinOneMinute(async () => {
			const statuses: number[] = []
			// 33 addresses with one call each, each well within its own budget and share: the site's 30 requests a minute refuse the rest.
			for (let client = 0; client < 33; client += 1) statuses.push((await post(site.server.url, toolCall(client), `198.51.100.${client + 1}`)).status)
			const refused = statuses.filter((status) => status === 429).length
			if (refused === 0) return false
			expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(30)
			const last = await post(site.server.url, toolCall(99), '198.51.100.200')
			expect(last.status).toBe(429)
			// Refused at the door, before the body was read: no id to answer with.
			expect(last.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { scope: 'site', limitPerMinute: 30 } } })
			// Connection steps count toward the site's budget too: each costs the server about what a call does.
			const step = await post(site.server.url, { jsonrpc: '2.0', id: 100, method: 'tools/list' }, '198.51.100.201')
			expect(step.status).toBe(429)
			expect((step.body as Rpc).error?.message).toMatch(/^Too many requests: this site answers 30 a minute from all agents together\./)
			return true
		})
	})
})

describe('agents asking about every Arizona ZIP', () => {
	const site = useSite({
		partner: true,
		settings: (partner) => ({ ...standInSettings(partner, { rest: true }), MCP_CALLS_PER_MINUTE: '100000', MCP_CALLS_PER_MINUTE_TOTAL: '100000' }),
		browser: false,
	})

	test('two passes over every Arizona ZIP by 10 clients make at most one partner call per known place', async () => {
		const require = createRequire(import.meta.url)
		const { codes } = require('zipcodes') as { codes: Record<string, { zip: string; state: string }> }
		const zips = Object.values(codes)
			.filter((code) => code.state === 'AZ' && /^\d{5}$/.test(code.zip))
			.map((code) => code.zip)
		const towns = 70
		const clients = await Promise.all(Array.from({ length: 10 }, () => sdkClient(site.server.url)))
		const dateCalls = () => site.partner.restCalls.filter((call) => call.includes('checkdeliverydate')).length
		const before = dateCalls()
		for (let pass = 0; pass < 2; pass += 1) {
			await Promise.all(
				clients.map(async (client, index) => {
					for (const zip of zips.filter((_, at) => at % clients.length === index)) {
						const result = (await client.callTool({ name: 'delivery_dates', arguments: { place: zip } })) as { isError?: boolean }
						expect(result.isError, zip).toBeFalsy()
					}
				}),
			)
		}
		await Promise.all(clients.map((client) => client.close()))
		const calls = dateCalls() - before
		console.info(
			`ZIP sweep: ${zips.length} Arizona ZIPs, two passes by ${clients.length} clients (${zips.length * 2} tool calls): ${calls} partner delivery-date calls`,
		)
		expect(calls).toBeGreaterThan(0)
		expect(calls).toBeLessThanOrEqual(towns)
		// Only the towns' own ZIPs were asked about.
		const asked = new Set(site.partner.restCalls.filter((call) => call.includes('checkdeliverydate')).map((call) => /zipcode=(\d{5})/.exec(call)?.[1]))
		expect(asked.size).toBeLessThanOrEqual(towns)
	}, 300_000)
})

describe('behind the deployment’s nginx, with a port in SITE_URL', () => {
	test('/mcp answers through the project’s nginx configuration', async () => {
		const { freePort } = await import('#scripts/lib/server.ts')
		const { startServer } = await import('#test/support/server.ts')
		const { startProxy } = await import('#scripts/lib/proxy.ts')
		const port = await freePort()
		const server = await startServer({ SITE_URL: `http://127.0.0.1:${port}` }, { quiet: true })
		try {
			const proxy = await startProxy([server.url, server.url], { port })
			try {
				const client = await sdkClient(proxy.url)
				try {
					const { tools } = await client.listTools()
					expect(tools).toHaveLength(4)
					const notes = (await client.callTool({ name: 'town_notes', arguments: { place: 'Sedona' } })) as {
						isError?: boolean
						structuredContent?: { town: string }
					}
					expect(notes.isError).toBeFalsy()
					expect(notes.structuredContent?.town).toBe('Sedona')
				} finally {
					await client.close()
				}
				// A foreign host is still refused through the proxy (node:http, since fetch sets the Host itself).
				const { request } = await import('node:http')
				const foreign = await new Promise<number>((resolve, reject) => {
					const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
					const sent = request(
						`${proxy.url}/mcp`,
						{ method: 'POST', headers: { ...HEADERS, host: 'evil.example', 'content-length': Buffer.byteLength(body) } },
						(response) => {
							response.resume()
							resolve(response.statusCode ?? 0)
						},
					)
					sent.on('error', reject)
					sent.end(body)
				})
				expect(foreign).toBe(403)
			} finally {
				await proxy.stop()
			}
		} finally {
			await server.stop()
		}
	}, 60_000)
})
