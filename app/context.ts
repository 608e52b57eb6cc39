import { createContext } from 'react-router'
import type { AgentBudget, AgentCaller } from '#app/server/agents/agent-budget.server.ts'
import type { AgentEndpoint } from '#app/server/agents/agent-endpoint.server.ts'
import type { ClickCounter } from '#app/server/store/click-counter.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'
import type { Settings } from '#app/server/settings.server.ts'
import type { SocialImages } from '#app/server/social-images.server.ts'

/** The process's settings, read from the environment once at start-up by server/app.ts. */
export const settingsContext = createContext<Settings>()

/** The Content-Security-Policy nonce of this response, set by the Express edge. */
export const cspNonceContext = createContext<string>('')

/** The visitor's address as the Express edge reads it (behind the deployment's proxy, the forwarded one). */
export const clientAddressContext = createContext<string>('')

/** The partner's products, photos, totals and delivery dates, built once at start-up by the Express edge. */
export const partnerContext = createContext<PartnerServices>()

/** What agents may spend on the MCP endpoint, per caller and for the whole site, built once at start-up. */
export const agentBudgetContext = createContext<AgentBudget>()

/** Who calls the MCP endpoint, as the edge's agent gate admitted it: a verified agent or a client address. */
export const agentCallerContext = createContext<AgentCaller>()

/** The MCP endpoint for agents, built once at start-up (its SDK loads with the first agent's call). */
export const agentEndpointContext = createContext<AgentEndpoint>()

/** The clicks on partner links, counted in the store and read back as popularity, built once at start-up. */
export const clicksContext = createContext<ClickCounter>()

/** The pictures shared links show, made once per process and kept. */
export const socialImagesContext = createContext<SocialImages>()
