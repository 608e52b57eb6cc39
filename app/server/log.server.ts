/** Logs the path of a request that found nothing, so broken links can be traced. */
export function logNotFound(request: Request) {
	const url = new URL(request.url)
	console.warn(`404 Not Found: ${url.pathname}${url.search}`)
}
