import type { MetaDescriptor } from 'react-router'
import { DEFAULT_GEO, type LatLng } from '#app/domain/geo.ts'
import { IMAGE_TITLES, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, socialImagePath, type SocialImageKey } from '#app/domain/social-image.ts'
import { absoluteUrl, organizationJsonLd, type JsonLd, type SiteIdentity } from '#app/domain/structured-data.ts'

export type PageMetaInput = {
	siteName: string
	siteUrl: string
	/** Site path; the canonical URL always ends in a slash. */
	path: string
	title: string
	description: string
	placeName?: string
	geo?: LatLng
	jsonLd?: readonly JsonLd[]
	noindex?: boolean
	ogType?: 'website' | 'article'
	/** The picture a shared link shows and what it says; the site's own unless the page has one. */
	image?: { key: SocialImageKey; alt: string }
}

/** Every search signal a page carries: title, description, canonical, hreflang, OG, Twitter, geo, JSON-LD. */
export function buildPageMeta(input: PageMetaInput): MetaDescriptor[] {
	const url = absoluteUrl(input.siteUrl, input.path)
	const { key, alt } = input.image ?? { key: { kind: 'site' } as const, alt: IMAGE_TITLES.site }
	const image = absoluteUrl(input.siteUrl, socialImagePath(key))
	const geo = input.geo ?? DEFAULT_GEO
	const meta: MetaDescriptor[] = [
		{ title: input.title },
		{ name: 'description', content: input.description },
		{ tagName: 'link', rel: 'canonical', href: url },
		{ tagName: 'link', rel: 'alternate', hrefLang: 'en-us', href: url },
		{ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url },
		{ property: 'og:type', content: input.ogType ?? 'website' },
		{ property: 'og:site_name', content: input.siteName },
		{ property: 'og:locale', content: 'en_US' },
		{ property: 'og:title', content: input.title },
		{ property: 'og:description', content: input.description },
		{ property: 'og:url', content: url },
		{ property: 'og:image', content: image },
		{ property: 'og:image:type', content: 'image/png' },
		{ property: 'og:image:width', content: String(SOCIAL_IMAGE_WIDTH) },
		{ property: 'og:image:height', content: String(SOCIAL_IMAGE_HEIGHT) },
		{ property: 'og:image:alt', content: alt },
		{ name: 'twitter:card', content: 'summary_large_image' },
		{ name: 'twitter:title', content: input.title },
		{ name: 'twitter:description', content: input.description },
		{ name: 'twitter:image', content: image },
		{ name: 'twitter:image:alt', content: alt },
		{ name: 'geo.region', content: 'US-AZ' },
		{ name: 'geo.placename', content: input.placeName ?? 'Arizona' },
		{ name: 'geo.position', content: `${geo.lat};${geo.lng}` },
		{ name: 'ICBM', content: `${geo.lat}, ${geo.lng}` },
	]
	if (input.noindex) meta.push({ name: 'robots', content: 'noindex, follow' })
	for (const data of input.jsonLd ?? []) meta.push({ 'script:ld+json': data })
	return meta
}

/** The place a page is about, named in the geo tags. */
type ServiceArea = { name: string; geo: LatLng }

const ARIZONA: ServiceArea = { name: 'Arizona', geo: DEFAULT_GEO }

export type SiteMetaInput = {
	/** Site path, as built by pagePath. */
	path: string
	title: string
	description: string
	noindex?: boolean
	/** The place the page is about; the whole state unless given. */
	area?: ServiceArea
	/** The page's own structured data, after the Organization record. */
	jsonLd?: readonly JsonLd[]
	/** The picture a shared link shows and what it says, when the page has its own. */
	image?: { key: SocialImageKey; alt: string }
}

/** A page's meta: every search signal, then the Organization record, then the page's own JSON-LD. */
export function siteMeta(site: SiteIdentity, page: SiteMetaInput): MetaDescriptor[] {
	const area = page.area ?? ARIZONA
	return buildPageMeta({
		siteName: site.name,
		siteUrl: site.url,
		path: page.path,
		title: page.title,
		description: page.description,
		placeName: area.name,
		geo: area.geo,
		noindex: page.noindex,
		image: page.image,
		jsonLd: [organizationJsonLd(site), ...(page.jsonLd ?? [])],
	})
}
