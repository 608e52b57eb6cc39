import { randomUUID } from 'node:crypto'
import type { Request, RequestHandler, Response } from 'express'
import { pinoHttp } from 'pino-http'
import { log, withRequestId } from '#app/server/log.server.ts'

/** An id a proxy in front (nginx's $request_id) already gave the request; anything else is replaced. */
const PROXY_REQUEST_ID = /^[\w.-]{8,64}$/

/** What the request's line says: never its headers (cookies, credentials), nor the response's. */
function fields(req: Request, res: Response, done: { responseTime: number }) {
	return { requestId: req.id, method: req.method, url: req.originalUrl, status: res.statusCode, responseTime: done.responseTime }
}

/**
 * One line per request (method, path, status, duration in ms), tagged with the
 * request's id, as is every other line written while it is handled; the id is
 * sent back as X-Request-Id so a visitor's report can be found. The health
 * checks are not logged.
 */
export function requestLog(): RequestHandler {
	const logRequest = pinoHttp<Request, Response>({
		logger: log,
		genReqId: (req, res) => {
			const given = req.get('x-request-id')
			const requestId = given && PROXY_REQUEST_ID.test(given) ? given : randomUUID()
			res.setHeader('X-Request-Id', requestId)
			return requestId
		},
		autoLogging: { ignore: (req) => req.path === '/healthz' || req.path === '/readyz' },
		// The line is written by the shared logger; req.log, should a handler use it, names the request without its headers.
		quietResLogger: true,
		serializers: {
			req: ({ id, method, url }: { id: unknown; method: string; url: string }) => ({ id, method, url }),
			res: ({ statusCode }: { statusCode: number }) => ({ statusCode }),
		},
		customSuccessObject: fields,
		customErrorObject: (req, res, _error, done: { responseTime: number }) => fields(req, res, done),
	})
	return (req, res, next) => logRequest(req, res, () => withRequestId(String(req.id), next))
}
