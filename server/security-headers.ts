import { randomBytes } from 'node:crypto'
import type { RequestHandler } from 'express'
import helmet from 'helmet'
import { isApiPath, isMcpPath } from '#server/edge-paths.ts'

export type SecurityOptions = {
	mapsEnabled: boolean
	/** Development serves Vite's inline scripts, so no CSP there. */
	enforceCsp: boolean
	/** The partner's origin: the city search form's /search/ redirects there when nothing matches. */
	partnerOrigin: string
}

const MAPS_SCRIPT = 'https://maps.googleapis.com'
const MAPS_HOSTS = ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.googleapis.com', 'https://*.gstatic.com']

/** A fresh nonce for every response, read by the CSP header and by the page's scripts. */
export function cspNonce(): RequestHandler {
	return (_req, res, next) => {
		res.locals.cspNonce = randomBytes(16).toString('base64')
		next()
	}
}

function contentSecurityPolicy(options: SecurityOptions, nonce: string): string {
	const maps = options.mapsEnabled ? MAPS_HOSTS : []
	const directives: Record<string, string[]> = {
		'default-src': ["'self'"],
		// 'strict-dynamic' lets our nonced scripts load their own chunks (and the maps script).
		'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(options.mapsEnabled ? [MAPS_SCRIPT] : [])],
		'style-src': ["'self'", "'unsafe-inline'", ...(options.mapsEnabled ? ['https://fonts.googleapis.com'] : [])],
		// Product photos come from our own origin (/photos/), never from the partner.
		'img-src': ["'self'", 'data:', ...maps],
		'font-src': ["'self'", ...(options.mapsEnabled ? ['https://fonts.gstatic.com'] : [])],
		'connect-src': ["'self'", ...maps],
		'worker-src': ["'self'", 'blob:'],
		'frame-src': options.mapsEnabled ? ['https://www.google.com'] : ["'none'"],
		'frame-ancestors': ["'none'"],
		// A form's redirects are held to this list too: /search/ sends a search naming no city to the partner.
		'form-action': ["'self'", 'mailto:', options.partnerOrigin],
		'base-uri': ["'self'"],
		'object-src': ["'none'"],
	}
	return Object.entries(directives)
		.map(([name, values]) => `${name} ${values.join(' ')}`)
		.join('; ')
}

/**
 * The headers every answer carries, set first and cheaply (fixed strings): health probes,
 * redirects, 429s and API errors included. Pages replace the policy with their own nonce-based one.
 */
export function baseSecurityHeaders(options: Pick<SecurityOptions, 'enforceCsp'>): RequestHandler {
	const headers: Record<string, string> = {
		'X-Content-Type-Options': 'nosniff',
		'X-Frame-Options': 'DENY',
		'Referrer-Policy': 'strict-origin-when-cross-origin',
		'Cross-Origin-Resource-Policy': 'same-origin',
		...(options.enforceCsp ? { 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" } : {}),
	}
	const entries = Object.entries(headers)
	return (_req, res, next) => {
		for (const [name, value] of entries) res.setHeader(name, value)
		next()
	}
}

/**
 * Security headers: a nonce-based CSP (no 'unsafe-inline' for scripts),
 * partner images allowed, the maps script only when a key is set, no
 * framing, a strict referrer policy, nosniff, and HSTS over https only.
 */
export function securityHeaders(options: SecurityOptions): RequestHandler[] {
	const helmetHandler = helmet({
		contentSecurityPolicy: false,
		crossOriginEmbedderPolicy: false,
		// Both would make Chromium give every arriving page a new browsing context group or agent
		// cluster, a renderer started for it: 200-420 ms of main thread on Lighthouse's phone before
		// anything can run. The site has no accounts, cookies or per-visitor pages, so an opener
		// window or a same-process neighbour has nothing to read.
		crossOriginOpenerPolicy: false,
		originAgentCluster: false,
		referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
		strictTransportSecurity: false,
		xFrameOptions: { action: 'deny' },
	})
	const csp: RequestHandler = (req, res, next) => {
		const nonce: unknown = res.locals.cspNonce
		if (options.enforceCsp && typeof nonce === 'string') res.setHeader('Content-Security-Policy', contentSecurityPolicy(options, nonce))
		if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		next()
	}
	return [helmetHandler, csp]
}

/**
 * Requests carry no bodies here: one that declares a large Content-Length is refused before it is
 * read. A chunked body declares none; the one route that reads a body stops reading it at the same
 * limit (`readBodyText`).
 */
export function bodyLimit(maxBytes: number): RequestHandler {
	return (req, res, next) => {
		const length = Number(req.headers['content-length'] ?? 0)
		if (length > maxBytes) {
			// Closing the connection drops the rest of the upload instead of reading it to the end.
			res
				.status(413)
				.set('Connection', 'close')
				.json({ error: `Request body too large (limit ${maxBytes} bytes)` })
			return
		}
		next()
	}
}

/**
 * The site only serves: every page, feed and API answers GET and HEAD, and
 * only the click beacon (`/api/clicks`) and the agents' MCP endpoint (`/mcp`) take a POST. Any other method gets a
 * short 405 here, before the router renders anything or logs a stack for a
 * route without an action; its body is never read.
 */
export function readOnlyMethods(cacheControl: string): RequestHandler {
	return (req, res, next) => {
		if (isMcpPath(req.path)) {
			if (req.method === 'POST') return next()
			// The MCP endpoint streams nothing and keeps no sessions: POST is its one method, GET and DELETE included.
			res.status(405).set({ Allow: 'POST', Connection: 'close', 'Cache-Control': cacheControl })
			res.json({ jsonrpc: '2.0', id: null, error: { code: -32000, message: `Method ${req.method} not allowed: this endpoint answers POST only.` } })
			return
		}
		if (req.method === 'GET' || req.method === 'HEAD') return next()
		if (req.method === 'POST' && req.path === '/api/clicks') return next()
		res.status(405).set({ Allow: 'GET, HEAD', Connection: 'close', 'Cache-Control': cacheControl })
		if (isApiPath(req.path)) res.json({ error: `Method ${req.method} not allowed; use GET` })
		else res.type('text/plain').send('Method not allowed')
	}
}
