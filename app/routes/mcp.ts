import { handleMcpRequest } from '#app/server/mcp.server.ts'
import type { Route } from './+types/mcp'
import { agentBudgetContext, clientAddressContext, partnerContext } from '#app/context.ts'

/** POST /mcp: the site's read-only tools for AI agents (see docs/agents.md). Every other method gets 405 at the edge (`readOnlyMethods`). */
export function action({ request, context }: Route.ActionArgs) {
	return handleMcpRequest(request, context.get(partnerContext), { budget: context.get(agentBudgetContext), address: context.get(clientAddressContext) })
}
