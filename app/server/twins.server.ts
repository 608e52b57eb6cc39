import type { Alternates } from '#app/domain/locale.ts'
import { getCity } from '#app/server/catalog.server.ts'

/**
 * Every page that has a twin in the other language, as its two path patterns. A `:slug` names
 * the same town in both languages; a page whose slug names nothing has no twin (it is a 404).
 */
const TWINS: readonly { en: string; es: string; exists?: (slug: string) => boolean }[] = [
	{ en: '/', es: '/es/' },
	{ en: '/cities/', es: '/es/ciudades/' },
	{ en: '/about/', es: '/es/acerca-de/' },
	{ en: '/contact/', es: '/es/contacto/' },
	// The terms are also served at /terms-of-service/, an English duplicate whose canonical is /terms/: it names no twin.
	{ en: '/privacy-policy/', es: '/es/privacidad/' },
	{ en: '/terms/', es: '/es/terminos/' },
	{ en: '/cities/:slug/', es: '/es/ciudades/:slug/', exists: (slug) => getCity(slug) !== undefined },
]

function slugIn(pattern: string, path: string): string | undefined {
	const [before, after] = pattern.split(':slug')
	if (after === undefined) return pattern === path ? '' : undefined
	if (!path.startsWith(before ?? '') || !path.endsWith(after)) return undefined
	const slug = path.slice((before ?? '').length, path.length - after.length)
	return /^[a-z0-9-]+$/.test(slug) ? slug : undefined
}

/** The page's path in both languages, or null where it has no twin. */
export function alternatesFor(pathname: string): Alternates | null {
	const path = pathname.endsWith('/') ? pathname : `${pathname}/`
	for (const twin of TWINS) {
		for (const lang of ['en', 'es'] as const) {
			const slug = slugIn(twin[lang], path)
			if (slug === undefined) continue
			if (twin.exists && !twin.exists(slug)) return null
			return { en: twin.en.replace(':slug', slug), es: twin.es.replace(':slug', slug) }
		}
	}
	return null
}
