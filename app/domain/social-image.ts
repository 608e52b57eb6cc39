/**
 * The picture a shared link shows (Open Graph and Twitter cards): 1200×630,
 * the site's mark and name over the brand color, and the page's own title
 * (drawn in `social-image-svg.ts`, turned into a PNG once per page by the
 * server). What pages need of it to name it in their meta tags is here.
 */
import type { Lang } from '#app/words/locale.ts'

export const SOCIAL_IMAGE_WIDTH = 1200
export const SOCIAL_IMAGE_HEIGHT = 630

/** The words an image shows: its title, and a line under it. */
export type SocialImageText = { title: string; subtitle: string }

/** A picture's alt text: everything it says. */
export function imageAlt(text: SocialImageText): string {
	return `${text.title}. ${text.subtitle}`
}

/**
 * The image of a page kind: the site's own (every other page), the home page's, a city's or a
 * category's (by its English slug), in a language (English unless said).
 */
export type SocialImageKey = ({ kind: 'site' } | { kind: 'home' } | { kind: 'city'; slug: string } | { kind: 'category'; slug: string }) & { lang?: Lang }

/** '/social/cities/yuma.png'; a Spanish page's picture under '/social/es/'. */
export function socialImagePath(key: SocialImageKey): string {
	const root = key.lang === 'es' ? '/social/es' : '/social'
	if (key.kind === 'city') return `${root}/cities/${key.slug}.png`
	if (key.kind === 'category') return `${root}/categories/${key.slug}.png`
	return `${root}/${key.kind}.png`
}

/** The key an image path names, or undefined for any other path (no image is made for made-up text). */
export function socialImageKey(path: string): SocialImageKey | undefined {
	const match = /^(es\/)?(?:(site|home)|(cities|categories)\/([a-z0-9]+(?:-[a-z0-9]+)*))\.png$/.exec(path)
	if (!match) return undefined
	const lang: Lang = match[1] ? 'es' : 'en'
	if (match[2] === 'site' || match[2] === 'home') return { kind: match[2], lang }
	return { kind: match[3] === 'cities' ? 'city' : 'category', slug: match[4] ?? '', lang }
}
