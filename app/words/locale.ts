/**
 * The site's two languages. The address alone says which one a page speaks: every Spanish page
 * lives under /es/, and nothing (no Accept-Language, no cookie, no address) ever redirects a
 * visitor to the other.
 */
export const LANGS = ['en', 'es'] as const
export type Lang = (typeof LANGS)[number]

/** The BCP 47 tag a page declares and formats its dates, times and prices in. */
export const LOCALE: Record<Lang, string> = { en: 'en-US', es: 'es-US' }

/** The Open Graph form of the same locale. */
export const OG_LOCALE: Record<Lang, string> = { en: 'en_US', es: 'es_US' }

/**
 * The page a request is for: its path, or for a navigation's data request the page's. React
 * Router's single fetch asks '/es/ciudades/yuma/_.data' for '/es/ciudades/yuma/' (a path with its
 * slash), '/es/ciudades/yuma.data' for one without, and '/_root.data' for '/'.
 */
export function pagePathOf(pathname: string): string {
	if (!pathname.endsWith('.data')) return pathname
	const page = pathname.slice(0, -'.data'.length).replace(/\/(?:_root|_)$/, '/')
	return page.endsWith('/') ? page : `${page}/`
}

/** The language a page's path speaks: Spanish under /es/, English everywhere else. */
export function langOfPath(pathname: string): Lang {
	const page = pagePathOf(pathname)
	return page === '/es' || page.startsWith('/es/') ? 'es' : 'en'
}

/** A page's paths in both languages, where it has a twin. */
export type Alternates = Record<Lang, string>

/**
 * A message with its placeholders filled: `fill('Flowers in {town}', { town: 'Yuma' })`. A
 * placeholder without a value is left as written, so a missing one shows in tests rather than as
 * an empty gap.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
	const filled = template.replace(/\{(\w+)\}/g, (whole, key: string) => {
		const value = values[key]
		return value === undefined ? whole : String(value)
	})
	// A sentence that ends on an abbreviation ends with its period: '… a las 5:00 p. m.', never 'p. m..'.
	// One o'clock is singular in Spanish: 'a la 1:00 p. m.', 'antes de la 1:30', never 'a las 1:00'.
	return filled.replace(/\b([ap]\.[ \u00a0]m\.)\./g, '$1').replace(/\b([Ll])as 1:(\d\d)\b/g, '$1a 1:$2')
}

type Filled<T> = T extends string ? string : T extends readonly (infer Item)[] ? Filled<Item>[] : { [Key in keyof T]: Filled<T[Key]> }

/** Every message of a page's words with the values filled in (`{cities}`, `{sameDay}`…); other placeholders are left for the page. */
export function fillEvery<T>(words: T, values: Readonly<Record<string, string | number>>): Filled<T> {
	if (typeof words === 'string') return fill(words, values) as Filled<T>
	if (Array.isArray(words)) return words.map((item: unknown) => fillEvery(item, values)) as Filled<T>
	if (typeof words === 'object' && words !== null)
		return Object.fromEntries(Object.entries(words).map(([key, item]) => [key, fillEvery(item, values)])) as Filled<T>
	return words as Filled<T>
}
