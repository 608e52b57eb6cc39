import type { Route } from './+types/mcp'
import { agentBudgetContext, agentCallerContext, agentEndpointContext, partnerContext } from '#app/context.ts'

/** POST /mcp: the site's read-only tools for AI agents (see docs/agents.md). Every other method gets 405 at the edge (`readOnlyMethods`). */
export async function action({ request, context }: Route.ActionArgs) {
	return context
		.get(agentEndpointContext)
		.handle(request, context.get(partnerContext), { budget: context.get(agentBudgetContext), caller: context.get(agentCallerContext) })
}
