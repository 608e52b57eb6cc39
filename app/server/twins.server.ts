import { pagePathOf, type Alternates, type Lang } from '#app/words/locale.ts'
import { getCategory, getCategoryBySpanishSlug, getCity, getSpanishCategory } from '#app/server/catalog-data.server.ts'

type Twin = {
	en: string
	es: string
	/** The English slug of a slug in `lang`; undefined where it names nothing (a 404, or a page of one language only). */
	slug?: (slug: string, lang: Lang) => string | undefined
	/** The Spanish slug of an English one, where the two differ. */
	spanish?: (english: string) => string
}

/** An occasion's English slug, from either language's; the 10 May page is Spanish only. */
function occasionSlug(slug: string, lang: Lang): string | undefined {
	const category = lang === 'es' ? getCategoryBySpanishSlug(slug) : getCategory(slug)
	return category && getCategory(category.slug) ? category.slug : undefined
}

/** Every page that has a twin in the other language, as its two path patterns. */
const TWINS: readonly Twin[] = [
	{ en: '/', es: '/es/' },
	{ en: '/cities/', es: '/es/ciudades/' },
	{ en: '/about/', es: '/es/acerca-de/' },
	{ en: '/contact/', es: '/es/contacto/' },
	// The terms are also served at /terms-of-service/, an English duplicate whose canonical is /terms/: it names no twin.
	{ en: '/privacy-policy/', es: '/es/privacidad/' },
	{ en: '/terms/', es: '/es/terminos/' },
	{ en: '/cities/:slug/', es: '/es/ciudades/:slug/', slug: (slug) => (getCity(slug) ? slug : undefined) },
	{ en: '/categories/:slug/', es: '/es/ocasiones/:slug/', slug: occasionSlug, spanish: (english) => getSpanishCategory(english)?.esSlug ?? english },
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
	const page = pagePathOf(pathname)
	const path = page.endsWith('/') ? page : `${page}/`
	for (const twin of TWINS) {
		for (const lang of ['en', 'es'] as const) {
			const slug = slugIn(twin[lang], path)
			if (slug === undefined) continue
			const english = twin.slug ? twin.slug(slug, lang) : slug
			if (english === undefined) return null
			return { en: twin.en.replace(':slug', english), es: twin.es.replace(':slug', twin.spanish ? twin.spanish(english) : english) }
		}
	}
	return null
}
