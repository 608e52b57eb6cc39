import { handleMcpRequest } from '#app/server/mcp.server.ts'
import type { Route } from './+types/mcp'
import { agentBudgetContext, clientAddressContext, partnerContext } from '#app/context.ts'

/** POST /mcp: the site's read-only tools for AI agents (see docs/agents.md). */
export function action({ request, context }: Route.ActionArgs) {
	return handleMcpRequest(request, context.get(partnerContext), { budget: context.get(agentBudgetContext), address: context.get(clientAddressContext) })
}

/** GET /mcp: the endpoint is stateless and streams nothing, so it answers only POST (405, as the protocol allows). */
export function loader() {
	return Response.json(
		{ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this endpoint answers POST only.' }, id: null },
		{ status: 405, headers: { Allow: 'POST', 'Cache-Control': 'no-store' } },
	)
}
