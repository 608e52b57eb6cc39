import { constants as zlibConstants } from 'node:zlib'
import compression from 'compression'
import type http from 'node:http'
import express from 'express'
import sirv from 'sirv'
import { apiRateLimit } from '#server/rate-limit.ts'
import { canonicalPathRedirect, CONNECT_REFUSED, requestTarget, requireHost, wwwRedirect } from '#server/redirects.ts'
import { gracefulShutdown } from '#server/shutdown.ts'
import { baseSecurityHeaders, bodyLimit, cspNonce, readOnlyMethods, securityHeaders } from '#server/security-headers.ts'

/** What the app's module gives the edge: its own type, whether it is the build or server/app.ts through Vite. */
type AppModule = typeof import('#server/app.ts')

const DEVELOPMENT = process.env.NODE_ENV === 'development'
/**
 * After the drain, how long requests in flight may still run before the process exits: 12 s outlasts
 * the longest page (the 10 s stream timeout and 1 s to flush), so only a request waiting on a
 * partner that never answers is lost.
 */
const IN_FLIGHT_GRACE_MS = 12_000
/** After the listener closed, connections still idle go after this long. */
const IDLE_CLOSE_MS = 2_000
/** At the drain's end, requests wait this long at most for the listener to close (server/shutdown.ts). */
const HOLD_MAX_MS = 1_000
/**
 * How long an idle keep-alive connection is kept. A proxy or balancer in front must close its idle
 * connections first (deploy/'s nginx after 4 s; typical balancers keep them 60 s): when the instance
 * closes one as the proxy sends on it, that request is cut off. 65 s outlasts them all, and the
 * `Keep-Alive: timeout=65` header tells direct clients when to stop reusing one; Node waits a
 * further second (keepAliveTimeoutBuffer) before it really closes.
 */
const KEEP_ALIVE_MS = 65_000
/** After the drain, the listener closes once no connection has arrived for this long... */
const QUIET_MS = 250
/** ...or, if clients keep coming without a load balancer in front, this long after the drain at most. */
const QUIET_WAIT_MAX_MS = 5_000

async function loadApp(): Promise<{ module: AppModule; dev?: express.RequestHandler }> {
	// A variable specifier keeps the type checker from resolving the build output.
	const buildPath = '../build/server/index.js'
	if (!DEVELOPMENT) return { module: (await import(buildPath)) as AppModule }
	const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
	const module = (await vite.ssrLoadModule('./server/app.ts')) as AppModule
	return { module, dev: vite.middlewares }
}

/** The app, or for bad settings or data files one clear message, no stack, and no server. */
async function loadOrExit(): Promise<Awaited<ReturnType<typeof loadApp>>> {
	try {
		return await loadApp()
	} catch (error) {
		console.error(error instanceof Error ? error.message : error)
		process.exit(1)
	}
}

/**
 * The Express edge: every middleware in its order, then the React Router app. `draining` is true
 * from SIGTERM on (server/shutdown.ts): the server still answers, but tells clients to go elsewhere.
 */
function createEdge({ module, dev }: Awaited<ReturnType<typeof loadApp>>, draining: () => boolean, admit: (proceed: () => void) => void): express.Express {
	const { settings } = module
	const { cacheControl, ASSET_MAX_AGE_SECONDS, PUBLIC_FILE_MAX_AGE_SECONDS } = module.cachePolicy
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', 'loopback, linklocal, uniquelocal')
	app.use((_req, res, next) => {
		// While draining, every answer closes its connection, so no client reuses one that is about to go.
		if (!draining()) return next()
		res.setHeader('Connection', 'close')
		// At the drain's end a request waits until the listener has closed (server/shutdown.ts).
		admit(() => next())
	})
	app.use(baseSecurityHeaders({ enforceCsp: !DEVELOPMENT }))
	app.use(requestTarget())
	// Liveness: answers at once, whatever the partner or the database are doing.
	app.get('/healthz', (_req, res) => {
		res.set('Cache-Control', cacheControl.never).json({ status: 'ok' })
	})
	// Readiness: fails while the database cannot be written.
	app.get('/readyz', async (_req, res) => {
		if (draining()) return void res.status(503).set('Cache-Control', cacheControl.never).json({ status: 'shutting down' })
		const ready = await module.isReady()
		res
			.status(ready ? 200 : 503)
			.set('Cache-Control', cacheControl.never)
			.json({ status: ready ? 'ready' : 'database unavailable' })
	})
	app.use(requireHost())
	app.use(wwwRedirect(settings.SITE_URL))
	app.use(canonicalPathRedirect())
	// Agents are known and budgeted before anything else reads their request: a refusal costs next to nothing.
	app.use('/mcp', module.agentGate)
	app.use(module.requestLog())
	app.use('/api', apiRateLimit(settings.API_RATE_LIMIT_PER_MINUTE))
	// A kept response leaves here, already compressed, with the headers it was first sent with.
	app.use(module.cachedPages)
	app.use(cspNonce())
	app.use(
		securityHeaders({
			mapsEnabled: Boolean(settings.GOOGLE_MAPS_API_KEY),
			enforceCsp: !DEVELOPMENT,
			partnerOrigin: new URL(settings.PARTNER_BASE_URL).origin,
		}),
	)
	app.use(bodyLimit(module.MAX_BODY_BYTES))
	app.use(readOnlyMethods(cacheControl.never))
	// Flush every write, for gzip and brotli alike: streamed pages (shell first, products
	// later) reach the browser as they render instead of waiting in the compressor.
	app.use(compression({ flush: zlibConstants.Z_SYNC_FLUSH, brotli: { flush: zlibConstants.BROTLI_OPERATION_FLUSH } }))
	if (dev) {
		app.use(dev)
	} else {
		// Fingerprinted build assets never change: cached for a year, sent as the build's brotli or gzip copy.
		app.use('/assets', sirv('build/client/assets', { dev: false, immutable: true, maxAge: ASSET_MAX_AGE_SECONDS, brotli: true, gzip: true }))
		app.use('/assets', (_req, res) => void res.status(404).type('text/plain').send('Not found'))
		app.use(express.static('build/client', { maxAge: PUBLIC_FILE_MAX_AGE_SECONDS * 1000, index: false }))
	}
	app.use(module.app)
	return app
}

/** Listens on the configured port and host. */
function listen(app: express.Express, { settings, log, MAX_BODY_BYTES }: AppModule): http.Server {
	const server = app.listen(settings.PORT, settings.HOST, () => {
		const address = server.address()
		const port = typeof address === 'object' && address ? address.port : settings.PORT
		log.info({ port, url: `http://localhost:${port}` }, 'Server listening')
	})
	server.keepAliveTimeout = KEEP_ALIVE_MS
	// A request's headers may take as long as an idle connection is kept (Node's default, 60 s, is shorter).
	server.headersTimeout = KEEP_ALIVE_MS + 1_000

	// A client that asks before sending its body (Expect: 100-continue) is told to go on only when
	// the body may be read; an oversized one gets bodyLimit()'s 413 without ever hearing "100 Continue".
	server.on('connect', (_req: http.IncomingMessage, socket: import('node:stream').Duplex) => {
		socket.on('error', () => undefined)
		socket.end(CONNECT_REFUSED)
	})
	server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
		if (Number(req.headers['content-length'] ?? 0) <= MAX_BODY_BYTES) res.writeContinue()
		server.emit('request', req, res)
	})
	return server
}

/** On SIGTERM or SIGINT, the graceful shutdown (server/shutdown.ts), then the app's own, then the process ends. */
function shutdownOnSignals(server: http.Server, module: AppModule) {
	const { settings, log } = module
	// Releases any refresh lock still held, so other processes need not wait out its lease.
	const finish = async () => {
		await module.shutdown().catch((error: unknown) => log.error({ err: error }, 'Shutdown failed'))
		process.exit(0)
	}
	const shutdown = gracefulShutdown(
		server,
		{
			drainMs: settings.SHUTDOWN_DRAIN_SECONDS * 1000,
			quietMs: QUIET_MS,
			quietWaitMaxMs: QUIET_WAIT_MAX_MS,
			holdMaxMs: HOLD_MAX_MS,
			idleCloseMs: IDLE_CLOSE_MS,
			inFlightGraceMs: IN_FLIGHT_GRACE_MS,
		},
		finish,
	)
	const close = (signal: string) => {
		if (shutdown.begin()) log.info({ signal }, 'Shutdown signal received: finishing in-flight requests')
	}
	process.on('SIGTERM', () => close('SIGTERM'))
	process.on('SIGINT', () => close('SIGINT'))
	return shutdown
}

async function main() {
	const loaded = await loadOrExit()
	let shutdown: ReturnType<typeof shutdownOnSignals> | undefined
	const app = createEdge(
		loaded,
		() => shutdown?.draining ?? false,
		(proceed) => (shutdown ? shutdown.admit(proceed) : proceed()),
	)
	shutdown = shutdownOnSignals(listen(app, loaded.module), loaded.module)
}

await main()
