import { href } from 'react-router'

type RoutePattern = Parameters<typeof href>[0]

/** The patterns of the site's pages and files; API endpoints, photo files and the catch-all are never linked as pages. */
export type PagePattern = Exclude<RoutePattern, `/api/${string}` | `/photos/${string}` | '/*'>

const FILE = /\.[a-z0-9]+$/i

/**
 * The public path of a page from its route pattern, e.g. `pagePath('/cities/:slug', { slug: 'phoenix' })`
 * is `/cities/phoenix/`. Pages always end in a slash (the server redirects paths without one); files
 * such as `/sitemap.xml` do not.
 */
export function pagePath<Pattern extends PagePattern>(...args: Parameters<typeof href<Pattern>>): string {
	const path = href(...args)
	return path.endsWith('/') || FILE.test(args[0]) ? path : `${path}/`
}
