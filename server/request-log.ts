import type { RequestHandler } from 'express'

/** One line per request (method, path, status, duration); the health check is skipped. */
export function requestLog(): RequestHandler {
	return (req, res, next) => {
		if (req.path === '/healthz') return next()
		const start = performance.now()
		res.on('finish', () => {
			const ms = (performance.now() - start).toFixed(1)
			console.info(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms}ms`)
		})
		next()
	}
}
