/**
 * The picture a shared link shows (Open Graph and Twitter cards): 1200×630,
 * the site's mark and name over the brand color, and the page's own title
 * (drawn in `social-image-svg.ts`, turned into a PNG once per page by the
 * server). What pages need of it to name it in their meta tags is here.
 */

export const SOCIAL_IMAGE_WIDTH = 1200
export const SOCIAL_IMAGE_HEIGHT = 630

/** The title an image shows, which is also its alt text. */
export const IMAGE_TITLES = {
	site: 'Flowers delivered by partner florists across Arizona',
	home: 'Arizona flower delivery, city by city',
	city: (name: string) => `Flower Delivery in ${name}, AZ`,
} as const

/** The words an image shows: its title, and a line under it. */
export type SocialImageText = { title: string; subtitle: string }

/**
 * What a town's picture says: its title, its county, and who brings the flowers, in the words its
 * page uses: local florists only where one is based in the town.
 */
export function cityImageText(town: {
	name: string
	county: string
	reach: 'metro' | 'regional' | 'remote'
	florist: 'in-town' | 'drives-in'
}): SocialImageText {
	const who = town.florist === 'in-town' ? 'local florists' : town.reach === 'remote' ? 'a florist drives out, order a day ahead' : 'florists from nearby towns'
	return { title: IMAGE_TITLES.city(town.name), subtitle: `${town.county} County, Arizona · ${who}` }
}

/** A picture's alt text: everything it says. */
export function imageAlt(text: SocialImageText): string {
	return `${text.title}. ${text.subtitle}`
}

/** The image of a page kind: the site's own (every other page), the home page's, a city's or a category's. */
export type SocialImageKey = { kind: 'site' } | { kind: 'home' } | { kind: 'city'; slug: string } | { kind: 'category'; slug: string }

export function socialImagePath(key: SocialImageKey): string {
	if (key.kind === 'city') return `/social/cities/${key.slug}.png`
	if (key.kind === 'category') return `/social/categories/${key.slug}.png`
	return `/social/${key.kind}.png`
}

/** The key an image path names, or undefined for any other path (no image is made for made-up text). */
export function socialImageKey(path: string): SocialImageKey | undefined {
	const match = /^(?:(site|home)|(cities|categories)\/([a-z0-9]+(?:-[a-z0-9]+)*))\.png$/.exec(path)
	if (!match) return undefined
	if (match[1] === 'site' || match[1] === 'home') return { kind: match[1] }
	return { kind: match[2] === 'cities' ? 'city' : 'category', slug: match[3] ?? '' }
}
