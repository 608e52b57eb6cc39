import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js'
import { budgetWords, type AgentBudget, type AgentCaller } from '#app/server/agents/agent-budget.server.ts'
import { BodyTooLargeError, bodyTooLarge, MAX_BODY_BYTES, readBodyText } from '#app/server/api-response.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'
import { createAgentServer, type AgentEndpointState } from '#app/server/agents/agent-tools.server.ts'

/** One POST to /mcp read, checked and answered: the JSON-RPC message before the SDK reads it, the caller's tool calls, the SDK's stateless transport. */

/** A JSON-RPC error as the answer to one POST, with the HTTP status and headers it goes with. */
function rpcError(status: number, id: string | number | null, code: number, message: string, headers: Record<string, string> = {}, data?: unknown) {
	return Response.json(
		{ jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } },
		{ status, headers: { 'Cache-Control': 'no-store', ...headers } },
	)
}

/**
 * What the endpoint reads of a message before the SDK does: a batch, its method and id, and the
 * specification's error for a message that is JSON but no JSON-RPC request (-32600 Invalid
 * Request) or a tool call without a tool's name and arguments (-32602 Invalid params). Text that is
 * no JSON at all is left to the SDK, which answers -32700 Parse error.
 */
function messageOf(text: string): { batch: boolean; method?: string; id: string | number | null; invalid?: { code: number; message: string } } {
	let message: unknown
	try {
		message = JSON.parse(text)
	} catch {
		return { batch: false, id: null }
	}
	if (Array.isArray(message)) return { batch: true, id: null }
	if (!message || typeof message !== 'object')
		return { batch: false, id: null, invalid: { code: -32600, message: 'Invalid Request: the body must be one JSON-RPC 2.0 message, an object.' } }
	const { jsonrpc, method, id, params, result, error } = message as Record<string, unknown>
	const messageId = typeof id === 'string' || typeof id === 'number' ? id : null
	// A client's answer to a server request carries no method; the SDK takes it (there are none to answer here).
	if (jsonrpc === '2.0' && method === undefined && (result !== undefined || error !== undefined)) return { batch: false, id: messageId }
	if (jsonrpc !== '2.0' || typeof method !== 'string')
		return { batch: false, id: messageId, invalid: { code: -32600, message: 'Invalid Request: a JSON-RPC 2.0 message needs "jsonrpc": "2.0" and a "method".' } }
	if (method === 'tools/call') {
		const call = params as { name?: unknown; arguments?: unknown } | undefined
		const argumentsOk = call?.arguments === undefined || (typeof call.arguments === 'object' && call.arguments !== null && !Array.isArray(call.arguments))
		if (!call || typeof call !== 'object' || typeof call.name !== 'string' || !argumentsOk)
			return {
				batch: false,
				method,
				id: messageId,
				invalid: { code: -32602, message: 'Invalid params: tools/call needs "params": { "name": a tool\'s name, "arguments": an object }.' },
			}
	}
	return { batch: false, method, id: messageId }
}

/**
 * POST /mcp: the Model Context Protocol over Streamable HTTP, stateless (a server and transport per
 * request, JSON answers, no sessions), read-only. Host and Origin must be the site's own (the SDK's
 * DNS-rebinding protection); bodies are limited to 16 kB.
 *
 * One message per POST: a JSON-RPC batch (an array) is refused with the specification's Invalid
 * Request error, as MCP has had no batches since its 2025-06-18 revision, so a call always costs one
 * call. The edge's gate (server/agent-gate.ts) has counted the request against the caller's and the
 * site's budgets; a tool call also takes one of the caller's tool calls, and connection steps
 * (initialize, tools/list, ping, notifications) take none. Past a budget: 429 with Retry-After and a
 * JSON-RPC error saying when to come back.
 */
export async function handleMcpRequest(
	request: Request,
	partner: PartnerServices,
	spend: { budget: AgentBudget; caller: AgentCaller },
	endpoint: AgentEndpointState,
): Promise<Response> {
	let text: string
	try {
		text = await readBodyText(request, MAX_BODY_BYTES)
	} catch (error) {
		if (error instanceof BodyTooLargeError) return bodyTooLarge(error)
		throw error
	}
	const message = messageOf(text)
	if (message.batch)
		return rpcError(
			400,
			null,
			-32600,
			'Invalid Request: JSON-RPC batches are not accepted (MCP has had none since its 2025-06-18 revision). Send one request per POST.',
		)
	// An Invalid Request is no request to answer (HTTP 400); invalid params answer their request.
	if (message.invalid) return rpcError(message.invalid.code === -32600 ? 400 : 200, message.id, message.invalid.code, message.invalid.message)
	// The edge's gate admitted the request (its budget and fair share); a tool call also spends one of the caller's calls.
	const spent = message.method === 'tools/call' ? spend.budget.takeCall(spend.caller) : ({ ok: true } as const)
	if (!spent.ok)
		return rpcError(
			429,
			message.id,
			-32000,
			budgetWords(spend.caller, spent, 'tool calls'),
			{ 'Retry-After': String(spent.retryAfterSeconds) },
			{
				retryAfterSeconds: spent.retryAfterSeconds,
				limitPerMinute: spent.limit,
				scope: spent.scope,
			},
		)
	const site = new URL(endpoint.site.url)
	// The site's own host, and this machine's loopback names on the port it listens on (a health
	// check or an operator on the host itself); never a name an attacker's DNS could point here.
	const loopback = ['localhost', '127.0.0.1', '[::1]'].map((name) => `${name}:${endpoint.site.port}`)
	const transport = new WebStandardStreamableHTTPServerTransport({
		sessionIdGenerator: undefined,
		enableJsonResponse: true,
		enableDnsRebindingProtection: true,
		// SITE_URL's host with its port and without: a proxy may pass either.
		allowedHosts: [...new Set([site.host, site.hostname]), ...loopback],
		allowedOrigins: [site.origin, ...loopback.map((host) => `http://${host}`)],
		maxRequestBodySize: MAX_BODY_BYTES,
	})
	const server = createAgentServer(partner, endpoint)
	await server.connect(transport)
	try {
		const response = await transport.handleRequest(new Request(request.url, { method: 'POST', headers: request.headers, body: text }))
		if (message.method === 'tools/list' && !endpoint.toolList && response.ok) {
			const body = (await response.clone().json()) as { result?: ListToolsResult }
			if (body.result?.tools) endpoint.toolList = body.result
		}
		return response
	} finally {
		// JSON answers are complete when handleRequest resolves: nothing is left to stream.
		void server.close()
	}
}
