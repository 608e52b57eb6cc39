import { LRUCache } from 'lru-cache'

/** The budget's window: a minute, counted in fixed windows. */
const WINDOW_MS = 60_000
/** Connection steps (initialize, tools/list, ping, notifications) a client may send per tool call of its budget. */
const STEPS_PER_CALL = 5
/** How many client addresses the budget remembers; the least recent are forgotten first. */
const ADDRESSES = 10_000

export type BudgetAnswer = { ok: true } | { ok: false; retryAfterSeconds: number; scope: 'client' | 'site'; limit: number }

/**
 * What agents may spend: `perClient` tool calls a minute from one address (an agent platform calls
 * from a few shared ones), with its connection steps (initialize, tools/list, ping) free up to five
 * per call of that budget; and `total` requests a minute from all addresses together, steps and
 * calls alike, since a step costs the server about what a call does: that is what bounds the CPU any
 * crowd can take. Each JSON-RPC message is counted once, so a call costs one call however it arrives.
 */
export function createAgentBudget({ perClient, total }: { perClient: number; total: number }, now: () => number = Date.now) {
	const clients = new LRUCache<string, { window: number; calls: number; steps: number }>({ max: ADDRESSES })
	const site = { window: -1, calls: 0 }

	function take(address: string, kind: 'call' | 'step'): BudgetAnswer {
		const time = now()
		const window = Math.floor(time / WINDOW_MS)
		const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - time) / 1000))
		let client = clients.get(address)
		if (!client || client.window !== window) {
			client = { window, calls: 0, steps: 0 }
			clients.set(address, client)
		}
		if (site.window !== window) {
			site.window = window
			site.calls = 0
		}
		if (kind === 'step' && client.steps >= perClient * STEPS_PER_CALL)
			return { ok: false, retryAfterSeconds, scope: 'client', limit: perClient * STEPS_PER_CALL }
		if (kind === 'call' && client.calls >= perClient) return { ok: false, retryAfterSeconds, scope: 'client', limit: perClient }
		if (site.calls >= total) return { ok: false, retryAfterSeconds, scope: 'site', limit: total }
		if (kind === 'step') client.steps += 1
		else client.calls += 1
		site.calls += 1
		return { ok: true }
	}

	return { take }
}

export type AgentBudget = ReturnType<typeof createAgentBudget>
