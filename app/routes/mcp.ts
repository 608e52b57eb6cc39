import type { Route } from './+types/mcp'
import { agentBudgetContext, clientAddressContext, partnerContext } from '#app/context.ts'

/** POST /mcp: the site's read-only tools for AI agents (see docs/agents.md). Every other method gets 405 at the edge (`readOnlyMethods`). */
export async function action({ request, context }: Route.ActionArgs) {
	// Loaded on the first agent's call: the MCP SDK is a fifth of what a start compiles, and most starts serve no agent.
	const { handleMcpRequest } = await import('#app/server/mcp.server.ts')
	return handleMcpRequest(request, context.get(partnerContext), { budget: context.get(agentBudgetContext), address: context.get(clientAddressContext) })
}
