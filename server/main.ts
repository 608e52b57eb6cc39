import { constants as zlibConstants } from 'node:zlib'
import compression from 'compression'
import type http from 'node:http'
import net from 'node:net'
import express from 'express'
import sirv from 'sirv'
import { apiRateLimit } from '#server/rate-limit.ts'
import { canonicalPathRedirect, requireHost, wwwRedirect } from '#server/redirects.ts'
import { baseSecurityHeaders, bodyLimit, cspNonce, MAX_BODY_BYTES, readOnlyMethods, securityHeaders } from '#server/security-headers.ts'

type AppModule = {
	app: express.RequestHandler
	cachedPages: express.RequestHandler
	settings: {
		PORT: number
		HOST: string
		SITE_URL: string
		NODE_ENV: string
		PARTNER_BASE_URL: string
		GOOGLE_MAPS_API_KEY?: string
		API_RATE_LIMIT_PER_MINUTE: number
		SHUTDOWN_DRAIN_SECONDS: number
	}
	shutdown: () => Promise<void>
	isReady: () => Promise<boolean>
	cachePolicy: typeof import('#app/domain/cache-policy.ts')
	log: typeof import('#app/server/log.server.ts').log
	requestLog: typeof import('#server/request-log.ts').requestLog
}

const DEVELOPMENT = process.env.NODE_ENV === 'development'
/** After the drain, how long requests in flight may still run before the process exits. */
const IN_FLIGHT_GRACE_MS = 12_000
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

async function main() {
	let loaded: Awaited<ReturnType<typeof loadApp>>
	try {
		loaded = await loadApp()
	} catch (error) {
		// Bad settings or data files: one clear message, no stack, no server.
		console.error(error instanceof Error ? error.message : error)
		process.exit(1)
	}
	const { module, dev } = loaded
	const { settings, log } = module
	const { cacheControl, ASSET_MAX_AGE_SECONDS, PUBLIC_FILE_MAX_AGE_SECONDS } = module.cachePolicy

	const app = express()
	app.disable('x-powered-by')
	// Set on SIGTERM: the server still answers, but tells clients to go elsewhere.
	let draining = false
	app.set('trust proxy', 'loopback, linklocal, uniquelocal')
	app.use((_req, res, next) => {
		// While draining, every answer closes its connection, so no client reuses one that is about to go.
		if (draining) res.setHeader('Connection', 'close')
		next()
	})
	app.use(baseSecurityHeaders({ enforceCsp: !DEVELOPMENT }))
	// Liveness: answers at once, whatever the partner or the database are doing.
	app.get('/healthz', (_req, res) => {
		res.set('Cache-Control', cacheControl.never).json({ status: 'ok' })
	})
	// Readiness: fails while the database cannot be written.
	app.get('/readyz', async (_req, res) => {
		if (draining) return void res.status(503).set('Cache-Control', cacheControl.never).json({ status: 'shutting down' })
		const ready = await module.isReady()
		res
			.status(ready ? 200 : 503)
			.set('Cache-Control', cacheControl.never)
			.json({ status: ready ? 'ready' : 'database unavailable' })
	})
	app.use(requireHost())
	app.use(wwwRedirect(settings.SITE_URL))
	app.use(canonicalPathRedirect())
	app.use(module.requestLog())
	app.use('/api', apiRateLimit(settings.API_RATE_LIMIT_PER_MINUTE))
	// Agents get a budget of their own, counted per tool call where the MCP endpoint reads each message.
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
	app.use(bodyLimit())
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

	const server = app.listen(settings.PORT, settings.HOST, () => {
		const address = server.address()
		const port = typeof address === 'object' && address ? address.port : settings.PORT
		log.info({ port, url: `http://localhost:${port}` }, 'Server listening')
	})

	// A client that asks before sending its body (Expect: 100-continue) is told to go on only when
	// the body may be read; an oversized one gets bodyLimit()'s 413 without ever hearing "100 Continue".
	server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
		if (Number(req.headers['content-length'] ?? 0) <= MAX_BODY_BYTES) res.writeContinue()
		server.emit('request', req, res)
	})

	let closing = false
	let finished = false
	const finish = async () => {
		if (finished) return
		finished = true
		// Releases any refresh lock still held, so other processes need not wait out its lease.
		await module.shutdown().catch((error: unknown) => log.error({ err: error }, 'Shutdown failed'))
		process.exit(0)
	}
	// When the last connection arrived: the listener closes only once new ones have stopped coming.
	let lastConnectionAt = 0
	server.on('connection', () => void (lastConnectionAt = performance.now()))
	const stopListening = () => {
		// The listener closes, but not yet the connections: http.Server's own close() would also end every
		// connection with no request parsed yet, and on a busy machine a request can sit unread on an
		// accepted connection for a moment; ending it would reset the request. net.Server's close()
		// only stops accepting. Connections still idle go 2 s later.
		net.Server.prototype.close.call(server, () => void finish())
		setTimeout(() => server.closeIdleConnections(), 2_000).unref()
		// Requests still running after the grace period are cut off: 12 s outlasts the longest page
		// (the 10 s stream timeout and 1 s to flush), so only a request waiting on a partner that
		// never answers is lost.
		setTimeout(() => void finish(), IN_FLIGHT_GRACE_MS).unref()
	}
	/**
	 * Closing a listener resets every connection still waiting in the kernel's accept queue: those
	 * clients have sent their request and get no answer. So the listener stays open, answering, until
	 * no connection has arrived for QUIET_MS (the load balancer has noticed, or the clients have
	 * stopped), and closes in the check phase right after the event loop has accepted everything the
	 * kernel held. Clients that never stop keep it open for at most QUIET_WAIT_MAX_MS.
	 */
	const closeWhenQuiet = (giveUpAt: number) => {
		const waited = performance.now()
		setTimeout(() => {
			const now = performance.now()
			// A timer that fired late means the loop was busy: connections may be queued but not yet seen.
			const loopWasFree = now - waited < QUIET_MS * 2
			const quiet = loopWasFree && now - lastConnectionAt >= QUIET_MS
			if (!quiet && now < giveUpAt) return closeWhenQuiet(giveUpAt)
			const seen = lastConnectionAt
			setImmediate(() => (lastConnectionAt === seen || now >= giveUpAt ? stopListening() : closeWhenQuiet(giveUpAt)))
		}, QUIET_MS)
	}
	const close = (signal: string) => {
		if (closing) return
		closing = true
		draining = true
		log.info({ signal }, 'Shutdown signal received: finishing in-flight requests')
		// First the drain: everything is still answered, each answer closing its connection, while
		// readiness reports 503 so a load balancer stops sending more. Then the listener closes at
		// the first quiet moment, and idle connections go.
		setTimeout(() => closeWhenQuiet(performance.now() + QUIET_WAIT_MAX_MS), settings.SHUTDOWN_DRAIN_SECONDS * 1000)
	}
	process.on('SIGTERM', () => close('SIGTERM'))
	process.on('SIGINT', () => close('SIGINT'))
}

await main()
