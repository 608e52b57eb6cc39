import { LRUCache } from 'lru-cache'
import sharp from 'sharp'
import type { SocialImageKey, SocialImageText } from '#app/domain/social-image.ts'
import { socialImageSvg } from '#app/domain/social-image-svg.ts'
import { fill, type Lang } from '#app/words/locale.ts'
import { social } from '#app/words/social-words.server.ts'
import { getAllCities, getCategory, getCity, getCityContent, getSpanishCategory } from '#app/server/catalog-data.server.ts'

/**
 * What a town's picture says: its title, its county, and who brings the flowers, in the words its
 * page uses: local florists only where one is based in the town.
 */
export function cityImageText(slug: string, lang: Lang): SocialImageText | undefined {
	const city = getCity(slug)
	if (!city) return undefined
	const facts = getCityContent(city.slug).facts
	const said = social[lang].city
	const who = facts?.florist === 'drives-in' ? (facts.reach === 'remote' ? said.remote : said.nearby) : said.inTown
	return { title: fill(said.title, { name: city.name }), subtitle: fill(said.subtitle, { county: city.county, who }) }
}

/** What the picture of a page says, in its language; undefined for a city or category the site does not have. */
export function socialImageText(key: SocialImageKey): SocialImageText | undefined {
	const lang = key.lang ?? 'en'
	const said = social[lang]
	if (key.kind === 'site') return said.site
	if (key.kind === 'home') return { title: said.home.title, subtitle: fill(said.home.subtitle, { count: getAllCities().length }) }
	if (key.kind === 'city') return cityImageText(key.slug, lang)
	const category = lang === 'es' ? getSpanishCategory(key.slug) : getCategory(key.slug)
	return category ? { title: category.title, subtitle: said.category.subtitle } : undefined
}

export type SocialImages = {
	/** The PNG of a page's picture, or undefined when the key names nothing the site has. */
	image(key: SocialImageKey): Promise<Buffer> | undefined
}

/**
 * The pictures of the site's pages, with the site's name on each. Each is made once per process
 * (about 80 of them, some 50 kB each: room for all, so none is made twice); requests for a picture
 * still being made share it, and one that failed is made again next time.
 */
export function createSocialImages(site: { siteName: string }): SocialImages {
	const made = new LRUCache<string, Buffer, SocialImageText>({
		max: 500,
		fetchMethod: (_id, _stale, { context: words }) =>
			sharp(Buffer.from(socialImageSvg({ siteName: site.siteName, ...words })))
				.png({ compressionLevel: 9, palette: true })
				.toBuffer(),
	})
	return {
		image(key) {
			const id = `${key.lang ?? 'en'}:${key.kind === 'city' || key.kind === 'category' ? `${key.kind}:${key.slug}` : key.kind}`
			const words = socialImageText(key)
			return words ? made.forceFetch(id, { context: words }) : undefined
		},
	}
}
