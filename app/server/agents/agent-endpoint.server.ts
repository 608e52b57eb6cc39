import type { AgentBudget, AgentCaller } from '#app/server/agents/agent-budget.server.ts'
import type { AgentEndpointState } from '#app/server/agents/agent-tools.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'
import type { Settings } from '#app/server/settings.server.ts'

/** The MCP endpoint (POST /mcp): the site's read-only tools for AI agents, built once at start-up. */
export type AgentEndpoint = {
	/** Answers one POST (see `handleMcpRequest`), spending a tool call from the caller's budget. */
	handle(request: Request, partner: PartnerServices, spend: { budget: AgentBudget; caller: AgentCaller }): Promise<Response>
}

/** The endpoint for the site the settings name; what it learns while the server runs (its tools/list answer) it keeps here. */
export function createAgentEndpoint(settings: Pick<Settings, 'SITE_NAME' | 'SITE_URL' | 'PORT'>): AgentEndpoint {
	const state: AgentEndpointState = { site: { name: settings.SITE_NAME, url: settings.SITE_URL, port: settings.PORT }, toolList: undefined }
	return {
		async handle(request, partner, spend) {
			// Loaded on the first agent's call: the MCP SDK is a fifth of what a start compiles, and most starts serve no agent.
			const { handleMcpRequest } = await import('#app/server/agents/mcp-requests.server.ts')
			return handleMcpRequest(request, partner, spend, state)
		},
	}
}
