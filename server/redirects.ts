import type { RequestHandler } from 'express'
import { isApiPath, isDevServerPath } from '#server/edge-paths.ts'

/** Collapses repeated and backward slashes so a Location can never read as another host. */
export function safePath(path: string): string {
	return `/${path
		.replace(/\\/g, '/')
		.replace(/^\/+/, '')
		.replace(/\/{2,}/g, '/')}`
}

/** The methods the site answers; anything else is a 405 (server/security-headers.ts). */
const SITE_METHODS = 'GET, HEAD, POST'

/**
 * The request target as RFC 9112 §3.2 has it, before anything reads the path. The origin form
 * (`/path?query`) goes on as it is. The absolute form (`http://host/path`, what a proxy is sent,
 * and which a server must accept) is read as its path, with its host taken as the request's Host.
 * The asterisk form (`*`) is OPTIONS's alone, answered with the methods the site takes. Any other
 * target (`GET *`, `GET about`) is a short 400: never a page, never a 500, no stack in the log.
 */
export function requestTarget(): RequestHandler {
	return (req, res, next) => {
		if (req.url.startsWith('/')) return next()
		if (req.url === '*' && req.method === 'OPTIONS') return void res.status(204).set({ Allow: SITE_METHODS, 'Cache-Control': 'no-store' }).end()
		const absolute = /^https?:\/\/([^/?#@]+)([/?][^#]*)?$/i.exec(req.url)
		if (absolute?.[1]) {
			const rest = absolute[2] ?? '/'
			req.headers.host = absolute[1]
			req.url = rest.startsWith('/') ? rest : `/${rest}`
			req.originalUrl = req.url
			return next()
		}
		res
			.status(400)
			.set({ Connection: 'close', 'Cache-Control': 'no-store' })
			.type('text/plain')
			.send(req.url === '*' ? 'Bad request: only OPTIONS asks about the server as a whole (*)' : 'Bad request: the request target is not a path')
	}
}

/**
 * The answer to a CONNECT request, written on its socket: the site is no proxy. (Without it Node
 * would close the connection without a word.)
 */
export const CONNECT_REFUSED = `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${SITE_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`

/** A host name or IPv4 address, or an IPv6 address in brackets, with an optional port (RFC 9110 §7.2). */
const VALID_HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/

/**
 * A request without a usable Host (HTTP/1.0 sends none; an empty or malformed one is a client's
 * or a scanner's mistake) gets a short 400 and its connection closed, before anything reads the host.
 */
export function requireHost(): RequestHandler {
	return (req, res, next) => {
		const host = req.headers.host
		if (host && VALID_HOST.test(host)) return next()
		res
			.status(400)
			.set({ Connection: 'close', 'Cache-Control': 'no-store' })
			.type('text/plain')
			.send(host ? 'Bad request: the Host header is not a host name' : 'Bad request: a Host header is required')
	}
}

/**
 * A host beginning with www. is sent, with a 301, to the same path and query
 * on the site's own origin (SITE_URL), never to a host taken from the request.
 */
export function wwwRedirect(siteUrl: string): RequestHandler {
	const origin = new URL(siteUrl).origin
	return (req, res, next) => {
		const host = req.hostname ?? ''
		if (!host.toLowerCase().startsWith('www.')) return next()
		res.redirect(301, `${origin}${safePath(req.path)}${queryOf(req.originalUrl)}`)
	}
}

function queryOf(originalUrl: string): string {
	const index = originalUrl.indexOf('?')
	return index === -1 ? '' : originalUrl.slice(index)
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/

/**
 * One spelling of a path: escapes of letters, digits and `-._~` decoded (RFC 3986 §6.2.2.2), other
 * escapes in upper case, backslashes as slashes, repeated slashes collapsed and `.` and `..`
 * segments resolved. `/j1/../cities/ph%6Fenix//` reads `/cities/phoenix/`.
 */
export function canonicalPath(rawPath: string): string {
	const decoded = rawPath
		.replace(/%([0-9A-Fa-f]{2})/g, (escape: string, hex: string) => {
			const character = String.fromCharCode(Number.parseInt(hex, 16))
			return UNRESERVED.test(character) ? character : escape.toUpperCase()
		})
		.replace(/\\/g, '/')
	const segments: string[] = []
	const parts = decoded.split('/').slice(1)
	for (const [index, part] of parts.entries()) {
		const last = index === parts.length - 1
		if (part === '..') segments.pop()
		if (part === '.' || part === '..') {
			if (last) segments.push('')
			continue
		}
		if (part === '' && !last) continue
		segments.push(part)
	}
	return `/${segments.join('/')}`
}

/** Where SPEC §2 wants a trailing slash: not the root, no dot, not under /api, not a development server path. */
function wantsTrailingSlash(path: string): boolean {
	return path !== '/' && !path.endsWith('/') && !path.includes('.') && !isApiPath(path) && !isDevServerPath(path)
}

/**
 * A path whose letters are all lower case in its canonical form: every page, feed and API path. Files
 * (a dot in the path: hashed assets, photos' names) and the development server's own paths keep
 * their case.
 */
function caseInsensitive(path: string): boolean {
	return !path.includes('.') && !path.startsWith('/photos/') && !isDevServerPath(path)
}

/**
 * The one spelling of a file's path (a dot in it: the feeds, robots.txt, llms.txt, reminders,
 * pictures, photos): no trailing slash, and its letters in lower case, as the site writes every
 * file name, but for what is named by a key that has case (a photo's id, the build's hashed
 * assets). `/LLMS.TXT` and `/llms.txt/` read `/llms.txt`.
 */
function filePath(path: string): string {
	const bare = path.replace(/\/+$/, '')
	if (bare.startsWith('/assets/')) return bare
	const photo = /^\/photos\/([^/]+)\/(.*)$/i.exec(bare)
	if (photo) return `/photos/${photo[1]}/${lowerCase(photo[2] ?? '')}`
	return lowerCase(bare)
}

/** A file's path: the last named segment has a dot (a trailing slash after it is a misspelling). */
function isFilePath(path: string): boolean {
	return /\.[^/]*\/*$/.test(path) && !isDevServerPath(path)
}

/** Whether every percent escape of a path reads as UTF-8. */
function decodable(path: string): boolean {
	try {
		decodeURIComponent(path)
		return true
	} catch {
		return false
	}
}

/** Letters in lower case, escapes (already upper case) as they are. */
function lowerCase(path: string): string {
	return path.replace(/%[0-9A-F]{2}|[A-Z]+/g, (part) => (part.startsWith('%') ? part : part.toLowerCase()))
}

/**
 * One address per page and per file, before anything renders or is kept: a path spelled any other
 * way (dot segments, escaped letters, doubled slashes, capital letters, a missing trailing slash
 * on a page, SPEC §2, or one after a file's name) gets a 301 to its canonical form, the query kept
 * (the browser keeps the hash). An empty `?` is dropped. So `/CItIes/tempe/` is never rendered or
 * kept apart from `/cities/tempe/`, nor `/SITEMAP.xml/` apart from `/sitemap.xml`.
 */
export function canonicalPathRedirect(): RequestHandler {
	return (req, res, next) => {
		if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.originalUrl.startsWith('/')) return next()
		const query = queryOf(req.originalUrl)
		const rawPath = query ? req.originalUrl.slice(0, -query.length) : req.originalUrl
		// A malformed escape ("/llms.txt%") names no page: a short 400 here, before the router, which would warn in plain text.
		if (!decodable(rawPath)) {
			res.status(400).set({ 'Cache-Control': 'no-store' })
			if (isApiPath(rawPath)) res.json({ error: 'Bad request: the path has a malformed percent escape' })
			else res.type('text/plain').send('Bad request: the path has a malformed percent escape')
			return
		}
		let path = canonicalPath(rawPath)
		if (isFilePath(path)) path = filePath(path)
		else {
			if (caseInsensitive(path)) path = lowerCase(path)
			if (wantsTrailingSlash(path)) path = `${path}/`
		}
		if (path === rawPath && query !== '?') return next()
		res.redirect(301, `${safePath(path)}${query === '?' ? '' : query}`)
	}
}
