// Plain Node can run this module (subpath imports, which Node resolves itself; no bundler features), like the rest of the server's start-up path.
import { AsyncLocalStorage } from 'node:async_hooks'
import { pino } from 'pino'

/**
 * The server's log: one JSON object per line (level, time, message and fields),
 * what log collectors read, and each line written while a request is handled
 * carries that request's id. In development the lines are printed for people
 * (pino-pretty).
 */
const requestIds = new AsyncLocalStorage<string>()

// Development prints for people, in this thread (a transport's worker cannot find its module under Vite).
const pretty =
	process.env.NODE_ENV === 'development' ? (await import('pino-pretty')).default({ ignore: 'requestId', translateTime: 'SYS:HH:MM:ss', sync: true }) : undefined

export const log = pino(
	{
		base: undefined,
		timestamp: pino.stdTimeFunctions.isoTime,
		formatters: { level: (label) => ({ level: label }) },
		mixin: () => {
			const requestId = requestIds.getStore()
			return requestId ? { requestId } : {}
		},
	},
	pretty ?? pino.destination({ dest: 1, sync: true }),
)

/** Runs `next` (the rest of a request's handling) with its lines tagged by `requestId`. */
export function withRequestId<T>(requestId: string, next: () => T): T {
	return requestIds.run(requestId, next)
}

/** Logs the path of a request that found nothing, so broken links can be traced. */
export function logNotFound(request: Request) {
	const url = new URL(request.url)
	log.warn({ path: `${url.pathname}${url.search}` }, '404 Not Found')
}
