import { randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'
import { log, withRequestId } from '~/server/log.server.ts'

/** An id a proxy in front (nginx's $request_id) already gave the request; anything else is replaced. */
const PROXY_REQUEST_ID = /^[\w.-]{8,64}$/

/**
 * One line per request (method, path, status, duration in ms), tagged with the
 * request's id, as is every other line written while it is handled; the id is
 * sent back as X-Request-Id so a visitor's report can be found. The health
 * checks are skipped.
 */
export function requestLog(): RequestHandler {
	return (req, res, next) => {
		if (req.path === '/healthz' || req.path === '/readyz') return next()
		const given = req.get('x-request-id')
		const requestId = given && PROXY_REQUEST_ID.test(given) ? given : randomUUID()
		res.setHeader('X-Request-Id', requestId)
		const start = performance.now()
		res.on('finish', () => {
			const responseTime = Math.round(performance.now() - start)
			log.info({ requestId, method: req.method, url: req.originalUrl, status: res.statusCode, responseTime }, 'request completed')
		})
		withRequestId(requestId, next)
	}
}
