import { LRUCache } from 'lru-cache'

/** The budget's window: a minute, counted in fixed windows. */
const WINDOW_MS = 60_000
/** Connection steps (initialize, tools/list, ping, notifications) a caller may send per tool call of its budget. */
const STEPS_PER_CALL = 5
/** How many callers the budget remembers; the least recent are forgotten first. */
const CALLERS = 10_000

/**
 * Who spends: a client address, or an agent whose HTTP message signature verified (then its own
 * budget, wherever it calls from). `callsPerMinute` is its tool calls' budget.
 */
export type AgentCaller = { key: string; kind: 'address' | 'agent'; name: string; callsPerMinute: number }

export type BudgetAnswer =
	| { ok: true }
	| {
			ok: false
			retryAfterSeconds: number
			/** `client`: the caller's own budget; `share`: its fair share while others call too; `site`: all callers' together. */
			scope: 'client' | 'share' | 'site'
			limit: number
			/** True the first time this caller is refused in the window: the moment to write one log line. */
			first: boolean
	  }

type Spent = { window: number; requests: number; calls: number; refused: boolean }

/**
 * What agents may spend in a minute.
 *
 * - `admit`, at the edge, before the request's body is read: one request of any kind. A caller may
 *   send `callsPerMinute × 6` (its calls and five connection steps per call), and never more than
 *   its fair share of the site's `total`: the total divided by the callers seen this minute plus
 *   one, so that while any callers flood, one more still finds a share left. All callers together
 *   send at most `total`, which bounds the CPU any crowd can take.
 * - `takeCall`, where the message is read: one tool call, of `callsPerMinute`.
 *
 * A refused request spends nothing.
 */
export function createAgentBudget({ total }: { total: number }, now: () => number = Date.now) {
	const callers = new LRUCache<string, Spent>({ max: CALLERS })
	const site = { window: -1, requests: 0, callers: 0 }

	function spentBy(key: string, window: number): Spent {
		if (site.window !== window) {
			site.window = window
			site.requests = 0
			site.callers = 0
		}
		let spent = callers.get(key)
		if (!spent || spent.window !== window) {
			spent = { window, requests: 0, calls: 0, refused: false }
			callers.set(key, spent)
			site.callers += 1
		}
		return spent
	}

	function refuse(spent: Spent, time: number, scope: 'client' | 'share' | 'site', limit: number): BudgetAnswer {
		const first = !spent.refused
		spent.refused = true
		const retryAfterSeconds = Math.max(1, Math.ceil(((spent.window + 1) * WINDOW_MS - time) / 1000))
		return { ok: false, retryAfterSeconds, scope, limit, first }
	}

	return {
		admit(caller: AgentCaller): BudgetAnswer {
			const time = now()
			const spent = spentBy(caller.key, Math.floor(time / WINDOW_MS))
			const own = caller.callsPerMinute * (STEPS_PER_CALL + 1)
			const share = Math.max(1, Math.floor(total / (site.callers + 1)))
			if (spent.requests >= own) return refuse(spent, time, 'client', own)
			if (site.requests >= total) return refuse(spent, time, 'site', total)
			if (spent.requests >= share) return refuse(spent, time, 'share', share)
			spent.requests += 1
			site.requests += 1
			return { ok: true }
		},
		takeCall(caller: AgentCaller): BudgetAnswer {
			const time = now()
			const spent = spentBy(caller.key, Math.floor(time / WINDOW_MS))
			if (spent.calls >= caller.callsPerMinute) return refuse(spent, time, 'client', caller.callsPerMinute)
			spent.calls += 1
			return { ok: true }
		},
	}
}

export type AgentBudget = ReturnType<typeof createAgentBudget>

/** The words of a refusal of `caller` by its budget. */
export function budgetWords(caller: AgentCaller, spent: Extract<BudgetAnswer, { ok: false }>, what = 'requests'): string {
	const one = caller.kind === 'agent' ? 'one agent' : 'one address'
	const rule =
		spent.scope === 'site'
			? `this site answers ${spent.limit} a minute from all agents together`
			: spent.scope === 'share'
				? `while other agents call too, this site answers ${spent.limit} a minute from ${one}, its fair share`
				: `this site answers ${spent.limit} a minute from ${one}`
	return `Too many ${what}: ${rule}. Try again in ${spent.retryAfterSeconds} seconds.`
}
