import sharp from 'sharp'
import { IMAGE_TITLES, type SocialImageKey } from '~/domain/social-image.ts'
import { socialImageSvg } from '~/domain/social-image-svg.ts'
import { getAllCities, getCategory, getCity } from './catalog.server.ts'
import { getSettings } from './settings.server.ts'

/** Each page's picture, made once per process (about 80 of them, some 50 kB each). */
const made = new Map<string, Promise<Buffer>>()

/** What the picture of a page says; undefined for a city or category the site does not have. */
function texts(key: SocialImageKey): { title: string; subtitle: string } | undefined {
	if (key.kind === 'site') return { title: IMAGE_TITLES.site, subtitle: 'Same-day delivery checker, city guides and occasions' }
	if (key.kind === 'home') return { title: IMAGE_TITLES.home, subtitle: `Local florists in ${getAllCities().length} Arizona cities` }
	if (key.kind === 'city') {
		const city = getCity(key.slug)
		return city ? { title: IMAGE_TITLES.city(city.name), subtitle: `${city.county} County, Arizona · local florists` } : undefined
	}
	const category = getCategory(key.slug)
	return category ? { title: category.title, subtitle: 'Delivered by local florists across Arizona' } : undefined
}

/** The PNG of a page's picture, or undefined when the key names nothing the site has. */
export function socialImage(key: SocialImageKey): Promise<Buffer> | undefined {
	const id = key.kind === 'city' || key.kind === 'category' ? `${key.kind}:${key.slug}` : key.kind
	const cached = made.get(id)
	if (cached) return cached
	const words = texts(key)
	if (!words) return undefined
	const svg = socialImageSvg({ siteName: getSettings().SITE_NAME, ...words })
	const png = sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer()
	made.set(id, png)
	png.catch(() => made.delete(id))
	return png
}
