import type { Request, RequestHandler, Response } from 'express'
import { budgetWords, type AgentBudget, type AgentCaller, type BudgetAnswer } from '#app/server/agents/agent-budget.server.ts'
import type { SignatureVerifier } from '#app/server/agents/agent-signatures.server.ts'
import { log } from '#app/server/log.server.ts'

/** Where the gate leaves the caller it admitted, for the MCP endpoint to spend its tool calls from. */
export const AGENT_CALLER = 'agentCaller'

/** A refusal as JSON-RPC reads it, without the request's id: the body is never read to find it. */
function refuse(res: Response, status: number, message: string, headers: Record<string, string> = {}, data?: unknown) {
	const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message, ...(data === undefined ? {} : { data }) } })
	res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers }).end(body)
}

/** Answers 429 for a spent budget, writing one log line per caller and minute. */
function refuseSpent(res: Response, caller: AgentCaller, spent: Extract<BudgetAnswer, { ok: false }>) {
	if (spent.first)
		log.warn({ caller: caller.name, kind: caller.kind, scope: spent.scope, limit: spent.limit }, 'Agent budget spent; refusing until the minute ends')
	refuse(
		res,
		429,
		budgetWords(caller, spent),
		{ 'Retry-After': String(spent.retryAfterSeconds) },
		{
			retryAfterSeconds: spent.retryAfterSeconds,
			limitPerMinute: spent.limit,
			scope: spent.scope,
		},
	)
}

/** The request as a signature covers it: its method, its URL as the client addressed it, its headers. */
function signedRequestOf(req: Request) {
	const headers = new Headers()
	for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
	return { method: req.method, url: `${req.protocol}://${req.host}${req.originalUrl}`, headers }
}

/**
 * The agents' door, mounted on /mcp at the edge before anything else reads the request: it knows
 * the caller (an agent by its verified signature, else the client address), and refuses one past its
 * budget or its fair share with 429 before the body is read or anything is built for it. A known
 * key's signature that does not verify is refused with 401; a signature by a key the site does not
 * know is not trusted, and the address decides.
 */
export function agentGate({ budget, verifier, callsPerMinute }: { budget: AgentBudget; verifier: SignatureVerifier; callsPerMinute: number }): RequestHandler {
	return (req, res, next) => {
		if (req.method !== 'POST') return next()
		const address = req.ip ?? ''
		const byAddress: AgentCaller = { key: `address ${address}`, kind: 'address', name: address, callsPerMinute }
		const admit = (caller: AgentCaller) => {
			const spent = budget.admit(caller)
			if (!spent.ok) return refuseSpent(res, caller, spent)
			res.locals[AGENT_CALLER] = caller
			next()
		}
		if (!verifier.enabled || (req.headers['signature-input'] === undefined && req.headers.signature === undefined)) return admit(byAddress)
		verifier.check(signedRequestOf(req)).then((verdict) => {
			if (verdict.kind === 'verified')
				return admit({ key: `agent ${verdict.agent}`, kind: 'agent', name: verdict.agent, callsPerMinute: verdict.callsPerMinute ?? callsPerMinute })
			if (verdict.kind === 'unsigned') return admit(byAddress)
			// A forged signature spends from its address like any request, and is refused.
			const spent = budget.admit(byAddress)
			if (!spent.ok) return refuseSpent(res, byAddress, spent)
			refuse(
				res,
				401,
				`The request's HTTP message signature does not verify: ${verdict.reason}. Sign it with a current key over this request, or send it unsigned.`,
			)
		}, next)
	}
}
