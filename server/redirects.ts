import type { RequestHandler } from 'express'
import { isApiPath } from './paths.ts'

/** Collapses repeated and backward slashes so a Location can never read as another host. */
export function safePath(path: string): string {
	return `/${path
		.replace(/\\/g, '/')
		.replace(/^\/+/, '')
		.replace(/\/{2,}/g, '/')}`
}

/**
 * A host beginning with www. is sent, with a 301, to the same path and query
 * on the site's own origin (SITE_URL), never to a host taken from the request.
 */
export function wwwRedirect(siteUrl: string): RequestHandler {
	const origin = new URL(siteUrl).origin
	return (req, res, next) => {
		const host = req.hostname
		if (!host.toLowerCase().startsWith('www.')) return next()
		res.redirect(301, `${origin}${safePath(req.path)}${queryOf(req.originalUrl)}`)
	}
}

function queryOf(originalUrl: string): string {
	const index = originalUrl.indexOf('?')
	return index === -1 ? '' : originalUrl.slice(index)
}

/**
 * SPEC §2: a path that is not the root, has no dot, does not end in a slash
 * and does not start with /api gets a trailing slash (query kept; the browser
 * keeps the hash). Canonical URLs end in a slash, so every page has one address.
 */
export function trailingSlashRedirect(): RequestHandler {
	return (req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const path = req.path
		if (path === '/' || path.endsWith('/') || path.includes('.')) return next()
		if (isApiPath(path) || path.startsWith('/__')) return next()
		res.redirect(301, `${safePath(path)}/${queryOf(req.originalUrl)}`)
	}
}
