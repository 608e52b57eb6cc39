import { createRequestHandler } from '@react-router/express'
import express from 'express'
import { RouterContextProvider } from 'react-router'
import {
	agentBudgetContext,
	agentCallerContext,
	agentEndpointContext,
	clicksContext,
	clientAddressContext,
	cspNonceContext,
	partnerContext,
	settingsContext,
	socialImagesContext,
} from '#app/context.ts'
import { createAgentBudget, type AgentCaller } from '#app/server/agents/agent-budget.server.ts'
import { createSignatureVerifier } from '#app/server/agents/agent-signatures.server.ts'
import { createAgentEndpoint } from '#app/server/agents/agent-endpoint.server.ts'
import { createClickCounter } from '#app/server/store/click-counter.server.ts'
import { connectDatabase } from '#app/server/store/db.server.ts'
import { createExtractionWorker, createPartner } from '#app/server/offers/partner-setup.server.ts'
import { createPartnerServices } from '#app/server/offers/partner-services.server.ts'
import { log } from '#app/server/log.server.ts'
import { parseSettings } from '#app/server/settings.server.ts'
import { createSocialImages } from '#app/server/social-images.server.ts'
import { AGENT_CALLER, agentGate as createAgentGate } from '#server/agent-gate.ts'
import { createResponseCache } from '#server/response-cache.ts'

export { log }
export { requestLog } from '#server/request-log.ts'
/** The largest request body the site reads: the edge refuses a larger one before any route runs. */
export { MAX_BODY_BYTES } from '#app/server/api-response.server.ts'

// Start-up work runs when this module loads: a bad setting or data file throws
// here, before the server listens. The environment is read here only, once.
export const settings = parseSettings(process.env)
if (settings.affiliateIdWarning) log.warn({ affiliateId: settings.AFFILIATE_ID, reason: settings.affiliateIdWarning }, 'AFFILIATE_ID may earn no commission')

/** Every caching rule, for the Express edge in server/main.ts (health probes, static files). */
export * as cachePolicy from '#app/domain/cache-policy.ts'

export const database = await connectDatabase(settings)
if (database.applied.length > 0) log.info({ migrations: database.applied }, 'Applied migrations')

export const app = express()
app.disable('x-powered-by')
const responseCache = createResponseCache({ maxBytes: settings.RENDER_CACHE_MAX_MB * 1024 * 1024 })
// Partner pages are parsed off the main thread, on one worker (started only when the product source needs it).
const extraction = createExtractionWorker()
// The partner is chosen and built once; kept responses of categories whose products change are dropped.
const partner = createPartner(settings, { db: database.db, extraction })
const partnerServices = createPartnerServices(partner, { onProductsChanged: (tags) => responseCache.invalidate(tags) })
const clicks = createClickCounter(database.db)
const socialImages = createSocialImages({ siteName: settings.SITE_NAME })
const agentBudget = createAgentBudget({ total: settings.MCP_CALLS_PER_MINUTE_TOTAL })
const agentEndpoint = createAgentEndpoint(settings)
/** The agents' door on /mcp (server/agent-gate.ts), which server/main.ts mounts before the request is read. */
export const agentGate = createAgentGate({
	budget: agentBudget,
	verifier: createSignatureVerifier({ keys: settings.AGENT_KEYS, directories: settings.AGENT_KEY_DIRECTORIES }),
	callsPerMinute: settings.MCP_CALLS_PER_MINUTE,
})
/** Kept responses leave from memory, already compressed; server/main.ts mounts this before compression. */
export const cachedPages = responseCache.serve
// Responses that ask for it are kept as they are written.
app.use(responseCache.capture)
app.use(
	createRequestHandler({
		build: () => import('virtual:react-router/server-build'),
		getLoadContext(req, res) {
			const context = new RouterContextProvider()
			const nonce: unknown = res.locals.cspNonce
			context.set(settingsContext, settings)
			context.set(cspNonceContext, typeof nonce === 'string' ? nonce : '')
			context.set(clientAddressContext, req.ip ?? '')
			context.set(partnerContext, partnerServices)
			context.set(agentBudgetContext, agentBudget)
			const caller: unknown = res.locals[AGENT_CALLER]
			if (caller) context.set(agentCallerContext, caller as AgentCaller)
			context.set(agentEndpointContext, agentEndpoint)
			context.set(clicksContext, clicks)
			context.set(socialImagesContext, socialImages)
			return context
		},
	}),
)

/** Readiness: the database accepts a write. The partner is never called. */
export function isReady(): Promise<boolean> {
	return database.isWritable()
}

/**
 * Stops background work and closes the database; the HTTP server is closed by server/main.ts.
 * Clicks stop being counted (those being written finish), the partner frees its refresh locks
 * (so a crawl cut short below leaves no back-off behind), the extraction worker's thread ends,
 * and the database closes last, once nothing above writes to it.
 */
export async function shutdown() {
	await clicks.close()
	await partner.close()
	await extraction.close()
	await database.close()
}
