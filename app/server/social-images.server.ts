import { LRUCache } from 'lru-cache'
import sharp from 'sharp'
import { cityImageText, IMAGE_TITLES, type SocialImageKey, type SocialImageText } from '#app/domain/social-image.ts'
import { socialImageSvg } from '#app/domain/social-image-svg.ts'
import { getAllCities, getCategory, getCity, getCityContent } from '#app/server/catalog.server.ts'

/** What the picture of a page says; undefined for a city or category the site does not have. */
function texts(key: SocialImageKey): SocialImageText | undefined {
	if (key.kind === 'site') return { title: IMAGE_TITLES.site, subtitle: 'Same-day delivery checker, city guides and occasions' }
	if (key.kind === 'home') return { title: IMAGE_TITLES.home, subtitle: `Partner florists deliver to ${getAllCities().length} Arizona cities` }
	if (key.kind === 'city') {
		const city = getCity(key.slug)
		if (!city) return undefined
		const facts = getCityContent(city.slug).facts
		return cityImageText({ name: city.name, county: city.county, reach: facts?.reach ?? 'metro', florist: facts?.florist ?? 'in-town' })
	}
	const category = getCategory(key.slug)
	return category ? { title: category.title, subtitle: 'Delivered by partner florists across Arizona' } : undefined
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
			const id = key.kind === 'city' || key.kind === 'category' ? `${key.kind}:${key.slug}` : key.kind
			const words = texts(key)
			return words ? made.forceFetch(id, { context: words }) : undefined
		},
	}
}
