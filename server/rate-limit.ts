import { rateLimit } from 'express-rate-limit'

/** /api is limited per client: 429 with Retry-After and a JSON error beyond the limit. */
export function apiRateLimit(limit = 60, windowMs = 60_000) {
	return rateLimit({
		windowMs,
		limit,
		standardHeaders: 'draft-8',
		legacyHeaders: false,
		handler: (_req, res, _next, options) => {
			res.setHeader('Retry-After', String(Math.ceil(options.windowMs / 1000)))
			res.status(options.statusCode).json({ error: 'Too many requests; please slow down.' })
		},
	})
}
