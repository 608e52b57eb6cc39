import { PassThrough } from 'node:stream'

import type { EntryContext, HandleDataRequestFunction, RouterContextProvider } from 'react-router'
import { cspNonceContext } from '#app/context.ts'
import { finalPageCaching } from '#app/domain/cache-policy.ts'
import { createReadableStreamFromReadable } from '@react-router/node'
import { ServerRouter } from 'react-router'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { deferHydration } from '#app/server/hydration-scripts.server.ts'
import { log } from '#app/server/log.server.ts'
import { STREAM_TIMEOUT_MS } from '#app/server/page-timing.server.ts'

export const streamTimeout = STREAM_TIMEOUT_MS

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	finalPageCaching(request.url, responseStatusCode, responseHeaders)

	// https://httpwg.org/specs/rfc9110.html#HEAD
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, {
			status: responseStatusCode,
			headers: responseHeaders,
		})
	}

	// The nonce the Express edge put in this response's Content-Security-Policy.
	const nonce = loadContext.get(cspNonceContext)

	return new Promise((resolve, reject) => {
		let shellRendered = false
		let userAgent = request.headers.get('user-agent')

		// Ensure requests from bots and SPA Mode renders wait for all content to load before responding
		// https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
		let readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

		// Abort the rendering stream after the `streamTimeout` so it has time to
		// flush down the rejected boundaries
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

		const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
			nonce,
			// A crawler's page is sent whole: finished boundaries go in place rather
			// than after a placeholder that only a script would swap out.
			progressiveChunkSize: readyOption === 'onAllReady' ? Number.POSITIVE_INFINITY : undefined,
			[readyOption]() {
				shellRendered = true
				const body = new PassThrough({
					final(callback) {
						// Clear the timeout to prevent retaining the closure and memory leak
						clearTimeout(timeoutId)
						timeoutId = undefined
						callback()
					},
				})
				const stream = createReadableStreamFromReadable(body)

				responseHeaders.set('Content-Type', 'text/html')

				// The scripts are asked for once the page has painted (see hydration-scripts.server.ts).
				pipe(deferHydration()).pipe(body)

				resolve(
					new Response(stream, {
						headers: responseHeaders,
						status: responseStatusCode,
					}),
				)
			},
			onShellError(error: unknown) {
				reject(error)
			},
			onError(error: unknown) {
				responseStatusCode = 500
				// Log streaming rendering errors from inside the shell.  Don't log
				// errors encountered during initial shell rendering since they'll
				// reject and get logged in handleDocumentRequest.
				if (shellRendered) {
					log.error({ err: error }, 'Rendering failed after the first bytes were sent')
				}
			},
		})
	})
}

/** A client navigation's data follows the same caching rule as the page it belongs to. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
	const url = new URL(request.url)
	url.searchParams.delete('_routes')
	finalPageCaching(url.href, response.status, response.headers)
	return response
}
