import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { helpers, jwkToKeyID, signatureHeaders, type Signer } from 'web-bot-auth'
import { Ed25519Signer } from 'web-bot-auth/crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { standInSettings } from '#mock-servers/partner.ts'
import { useSite } from '#test/support/e2e.ts'

/**
 * Agents sharing the site: no caller takes more than its share while others flood; an agent that
 * signs its requests (HTTP Message Signatures, the Web Bot Auth profile) is budgeted as itself
 * wherever it calls from, and a signature that does not verify is refused; and no tool keeps an
 * agent waiting on a slow florist network.
 */

type Rpc = { jsonrpc: string; id: unknown; result?: unknown; error?: { code: number; message: string; data?: Record<string, unknown> } }

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' }
const toolCall = (id: number, place = 'Mesa') => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'town_notes', arguments: { place } } })

/** One JSON-RPC POST to /mcp from `address` (as the proxy in front forwards it), with any signature headers. */
async function post(url: string, body: unknown, address: string, extra: Record<string, string> = {}) {
	const response = await fetch(`${url}/mcp`, { method: 'POST', headers: { ...HEADERS, 'x-forwarded-for': address, ...extra }, body: JSON.stringify(body) })
	return { status: response.status, body: (await response.json()) as Rpc }
}

/** Runs `attempt` again once when a minute's window turned over during it (the budgets count in whole minutes). */
async function withinOneMinute(attempt: () => Promise<boolean>) {
	if (!(await attempt())) expect(await attempt()).toBe(true)
}

describe('while two addresses flood', () => {
	const site = useSite({
		partner: true,
		settings: (partner) => ({ ...standInSettings(partner, { rest: true }), MCP_CALLS_PER_MINUTE: '100000', MCP_CALLS_PER_MINUTE_TOTAL: '300' }),
		browser: false,
	})

	test('a third agent has every call answered, and the flooders are refused past their fair share', async () => {
		await withinOneMinute(async () => {
			const flood = (address: string) =>
				Promise.all(
					Array.from({ length: 10 }, async () => {
						const statuses: number[] = []
						const scopes = new Set<unknown>()
						for (let index = 0; index < 40; index += 1) {
							const { status, body } = await post(site.server.url, { jsonrpc: '2.0', id: index, method: 'tools/list' }, address)
							statuses.push(status)
							if (status === 429) scopes.add(body.error?.data?.scope)
						}
						return { statuses, scopes }
					}),
				)
			const flooding = [flood('192.0.2.1'), flood('192.0.2.2')]
			// The third comes while the flood runs: an SDK client connecting and making 20 tool calls.
			await new Promise((resolve) => setTimeout(resolve, 200))
			const client = new Client({ name: 'third-agent', version: '1.0.0' })
			const transport = new StreamableHTTPClientTransport(new URL(`${site.server.url}/mcp`), {
				requestInit: { headers: { 'x-forwarded-for': '192.0.2.3' } },
			})
			await client.connect(transport)
			const answers: boolean[] = []
			for (let call = 0; call < 20; call += 1) {
				const result = (await client.callTool({ name: 'town_notes', arguments: { place: ['Yuma', 'Globe', 'Page', 'Ajo'][call % 4] } })) as {
					isError?: boolean
				}
				answers.push(!result.isError)
			}
			await client.close()
			const flooded = (await Promise.all(flooding)).flat()
			const statuses = flooded.flatMap((part) => part.statuses)
			const scopes = new Set(flooded.flatMap((part) => [...part.scopes]))
			const accepted = statuses.filter((status) => status === 200).length
			console.info(`Two addresses sent ${statuses.length} requests: ${accepted} answered, ${statuses.length - accepted} refused (${[...scopes].join(', ')})`)
			if (accepted > 300 - 22) return false
			expect(answers).toEqual(Array.from({ length: 20 }, () => true))
			expect(scopes.has('share')).toBe(true)
			return true
		})
	}, 120_000)
})

/** An Ed25519 key pair the test makes, with its public JWK and Web Bot Auth key id. */
async function keyPair() {
	const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair
	const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey)
	const publicJwk = { kty: jwk.kty, crv: jwk.crv, x: jwk.x }
	const keyid = await jwkToKeyID(publicJwk, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE)
	const signer: Signer = new Ed25519Signer(keyid, pair.privateKey)
	return { publicJwk, keyid, signer }
}

/** Signature headers for a POST to `url`, valid from `created` for `seconds`. */
async function sign(url: string, signer: Signer, { agent, created = new Date(), seconds = 300 }: { agent?: string; created?: Date; seconds?: number } = {}) {
	const headers = new Headers(agent ? { 'signature-agent': `"${agent}"` } : {})
	const signed = await signatureHeaders({ method: 'POST', url, headers }, signer, { created, expires: new Date(created.getTime() + seconds * 1000) })
	return { ...(agent ? { 'signature-agent': `"${agent}"` } : {}), signature: signed.Signature, 'signature-input': signed['Signature-Input'] }
}

describe('signed agents', () => {
	let agentKey: Awaited<ReturnType<typeof keyPair>>
	let directoryKey: Awaited<ReturnType<typeof keyPair>>
	let directory: Server
	let directoryOrigin = ''
	let directoryReads = 0
	beforeAll(async () => {
		agentKey = await keyPair()
		directoryKey = await keyPair()
		// An agent operator's published key directory, stood in for on this machine.
		directory = createServer((request, response) => {
			directoryReads += 1
			if (request.url !== '/.well-known/http-message-signatures-directory') return void response.writeHead(404).end()
			response.writeHead(200, { 'content-type': 'application/http-message-signatures-directory+json' }).end(JSON.stringify({ keys: [directoryKey.publicJwk] }))
		})
		await new Promise<void>((resolve) => directory.listen(0, '127.0.0.1', resolve))
		directoryOrigin = `http://127.0.0.1:${(directory.address() as AddressInfo).port}`
	})
	afterAll(() => new Promise<void>((resolve) => directory.close(() => resolve())))

	const site = useSite({
		partner: true,
		settings: (partner) => ({
			...standInSettings(partner, { rest: true }),
			MCP_CALLS_PER_MINUTE: '5',
			MCP_CALLS_PER_MINUTE_TOTAL: '100000',
			AGENT_KEYS: JSON.stringify([{ agent: 'test-agent', jwk: agentKey.publicJwk, callsPerMinute: 8 }]),
			AGENT_KEY_DIRECTORIES: directoryOrigin,
		}),
		browser: false,
	})
	const mcp = () => `${site.server.url}/mcp`

	test('a signed agent is budgeted as itself from any address; its addresses keep their own budgets', async () => {
		await withinOneMinute(async () => {
			const addresses = ['198.18.0.1', '198.18.0.2', '198.18.0.3']
			const statuses: number[] = []
			for (let call = 0; call < 8; call += 1)
				statuses.push((await post(site.server.url, toolCall(call), addresses[call % 3] ?? '', await sign(mcp(), agentKey.signer))).status)
			if (statuses.some((status) => status !== 200)) return false
			const ninth = await post(site.server.url, toolCall(9), '198.18.0.4', await sign(mcp(), agentKey.signer))
			if (ninth.status !== 429) return false
			expect(ninth.body).toMatchObject({ id: 9, error: { code: -32000, data: { scope: 'client', limitPerMinute: 8 } } })
			expect(ninth.body.error?.message).toMatch(/^Too many tool calls: this site answers 8 a minute from one agent\./)
			// The same address unsigned: its own five.
			const unsigned = await post(site.server.url, toolCall(10), '198.18.0.1')
			expect(unsigned.status).toBe(200)
			return true
		})
	})

	test('a forged, tampered or expired signature by a known key is refused with 401 and runs nothing', async () => {
		const other = await keyPair()
		// Signed with another key under the agent's key id.
		const forger: Signer = { alg: 'ed25519', keyid: agentKey.keyid, sign: (data: string) => other.signer.sign(data) }
		const cases = {
			forged: await sign(mcp(), forger),
			'another authority': await sign('http://agent-target.example/mcp', agentKey.signer),
			expired: await sign(mcp(), agentKey.signer, { created: new Date(Date.now() - 600_000), seconds: 60 }),
		}
		for (const [name, headers] of Object.entries(cases)) {
			const refused = await post(site.server.url, toolCall(1), '198.18.1.1', headers)
			expect(refused.status, name).toBe(401)
			expect(refused.body, name).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } })
			expect(refused.body.error?.message, name).toMatch(/^The request's HTTP message signature does not verify: /)
		}
		// A signature header alone, with no input naming a key, is no claim the site can check: the address decides.
		expect((await post(site.server.url, toolCall(2), '198.18.1.2', { signature: 'sig1=:AAAA:' })).status).toBe(200)
	})

	test('a key this site does not know is not trusted: the address decides', async () => {
		await withinOneMinute(async () => {
			const stranger = await keyPair()
			const statuses: number[] = []
			for (let call = 0; call < 6; call += 1)
				statuses.push((await post(site.server.url, toolCall(call), '198.18.2.1', await sign(mcp(), stranger.signer))).status)
			if (statuses.slice(0, 5).some((status) => status !== 200)) return false
			expect(statuses[5]).toBe(429)
			return true
		})
	})

	test('an agent whose operator publishes its keys is known once the directory is read', async () => {
		const signed = () => sign(mcp(), directoryKey.signer, { agent: directoryOrigin })
		// The first signed call sets the directory's reading going; the address decides until it is in hand.
		expect((await post(site.server.url, toolCall(1), '198.18.3.1', await signed())).status).toBe(200)
		await expect.poll(() => directoryReads).toBeGreaterThan(0)
		// Known once read: its key's signature over another site's address is then refused (spending nothing of the agent's budget).
		const misdirected = async () =>
			(await post(site.server.url, toolCall(1), '198.18.3.2', await sign('http://agent-target.example/mcp', directoryKey.signer, { agent: directoryOrigin })))
				.status
		await expect.poll(misdirected).toBe(401)
		await withinOneMinute(async () => {
			// From six addresses, one call each: as one agent (its budget of 5), the sixth is refused.
			const answers = []
			for (let call = 0; call < 6; call += 1) answers.push(await post(site.server.url, toolCall(call), `198.18.4.${call + 1}`, await signed()))
			const refused = answers[5]
			if (answers.slice(0, 4).some((answer) => answer.status !== 200) || refused?.status !== 429) return false
			expect(refused.body.error?.message).toMatch(/from one agent\./)
			return true
		})
		// The directory's key signs for its own agent only: without the Signature-Agent it came from, it is not trusted.
		const bare = await post(site.server.url, toolCall(7), '198.18.5.1', await sign(mcp(), directoryKey.signer))
		expect(bare.status).toBe(401)
	})
})

describe('with a florist network that takes 10 s to answer', () => {
	const site = useSite({
		partner: true,
		settings: (partner) => ({ ...standInSettings(partner, { rest: true }), MCP_CALLS_PER_MINUTE: '1000' }),
		browser: false,
	})

	test('every tool answers well before the network does: dates by its calendar, or that it is slow', async () => {
		site.partner.setMode('slow', { slowMs: 10_000 })
		const client = new Client({ name: 'slow-partner', version: '1.0.0' })
		await client.connect(new StreamableHTTPClientTransport(new URL(`${site.server.url}/mcp`)))
		try {
			const timed = async (name: string, args: Record<string, unknown>) => {
				const started = performance.now()
				const result = (await client.callTool({ name, arguments: args })) as {
					isError?: boolean
					content: { text?: string }[]
					structuredContent?: Record<string, unknown>
				}
				return { result, ms: performance.now() - started }
			}
			const dates = await timed('delivery_dates', { place: 'Flagstaff' })
			const found = await timed('find_arrangements', { place: 'Yuma', occasion: 'birthday', flower: 'roses', maxPrice: 80 })
			const details = await timed('arrangement_details', { arrangement: 'BD01', place: 'Yuma' })
			console.info(
				`With the network answering in 10 s: delivery_dates ${Math.round(dates.ms)} ms, find_arrangements ${Math.round(found.ms)} ms, arrangement_details ${Math.round(details.ms)} ms`,
			)
			// The dates follow the network's usual calendar, and say so.
			expect(dates.result.isError).toBeFalsy()
			expect(dates.result.structuredContent?.partnerDatesKnown).toBe(false)
			expect((dates.result.structuredContent?.deliveryDates as string[]).length).toBeGreaterThan(3)
			// No list in hand: a clear error naming where to browse.
			expect(found.result.isError).toBe(true)
			expect(found.result.content[0]?.text).toMatch(/cannot be read right now\. The person can browse and order it on Florist One: http/)
			expect(details.result.isError).toBe(true)
			expect(details.result.content[0]?.text).toMatch(/^The florist network is slow to answer just now/)
			// Answered on the tools' own time, long before the network's 10 s (a busy machine adds its queue to the 2.5 s wait).
			for (const { ms } of [dates, found, details]) expect(ms).toBeLessThan(8_000)
		} finally {
			await client.close()
			site.partner.setMode('ok')
		}
	}, 60_000)
})
