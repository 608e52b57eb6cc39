import { href } from 'react-router'
import type { Lang } from '#app/words/locale.ts'

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

/** The Spanish twin of each English page that has one. */
const SPANISH = {
	'/': '/es',
	'/cities': '/es/ciudades',
	'/cities/:slug': '/es/ciudades/:slug',
	'/categories/:slug': '/es/ocasiones/:slug',
	'/search': '/es/buscar',
	'/about': '/es/acerca-de',
	'/contact': '/es/contacto',
	'/privacy-policy': '/es/privacidad',
	'/terms': '/es/terminos',
} as const satisfies Partial<Record<PagePattern, PagePattern>>

type TwinPattern = keyof typeof SPANISH

/**
 * A page's path in a language: `localPath('es', '/cities/:slug', { slug: 'yuma' })` is
 * `/es/ciudades/yuma/`. A slug is given as the language's own (occasions have Spanish slugs).
 */
export function localPath(lang: Lang, pattern: TwinPattern, params: { slug?: string } = {}): string {
	const local = lang === 'es' ? SPANISH[pattern] : pattern
	const path = local.replace(':slug', params.slug ?? '')
	return path.endsWith('/') ? path : `${path}/`
}
