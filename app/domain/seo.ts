import type { MetaDescriptor } from 'react-router'
import { DEFAULT_GEO, type LatLng } from '#app/domain/geo.ts'
import { LOCALE, OG_LOCALE, type Alternates, type Lang } from '#app/words/locale.ts'
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, socialImagePath, type SocialImageKey } from '#app/domain/social-image.ts'
import { absoluteUrl, organizationJsonLd, type JsonLd, type SiteIdentity } from '#app/domain/structured-data.ts'

export type PageMetaInput = {
	siteName: string
	siteUrl: string
	/** The page's language, and its path in both languages where it has a twin. */
	lang: Lang
	alternates: Alternates | null
	/** What the site's own picture says, in the page's language: the alt text of a page without a picture of its own. */
	siteImageAlt: string
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

/**
 * The page's language links: with a twin, both languages and x-default (English), the same on
 * both pages; without one, the page's own language only.
 */
function languageLinks(input: PageMetaInput, url: string): MetaDescriptor[] {
	if (!input.alternates) {
		const own: MetaDescriptor = { tagName: 'link', rel: 'alternate', hrefLang: LOCALE[input.lang], href: url }
		return input.lang === 'en' ? [own, { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url }] : [own]
	}
	const en = absoluteUrl(input.siteUrl, input.alternates.en)
	return [
		{ tagName: 'link', rel: 'alternate', hrefLang: LOCALE.en, href: en },
		{ tagName: 'link', rel: 'alternate', hrefLang: LOCALE.es, href: absoluteUrl(input.siteUrl, input.alternates.es) },
		{ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: en },
	]
}

/** The page itself, in its language: the one record of the page every JSON-LD reader can read `inLanguage` from. */
function webPageJsonLd(input: PageMetaInput, url: string): JsonLd {
	return {
		'@context': 'https://schema.org',
		'@type': 'WebPage',
		'@id': url,
		url,
		name: input.title,
		description: input.description,
		inLanguage: LOCALE[input.lang],
	}
}

/** Every search signal a page carries: title, description, canonical, hreflang, OG, Twitter, geo, JSON-LD. */
export function buildPageMeta(input: PageMetaInput): MetaDescriptor[] {
	const url = absoluteUrl(input.siteUrl, input.path)
	const other: Lang = input.lang === 'en' ? 'es' : 'en'
	const { key, alt } = input.image ?? { key: { kind: 'site', lang: input.lang } as const, alt: input.siteImageAlt }
	const image = absoluteUrl(input.siteUrl, socialImagePath(key))
	const geo = input.geo ?? DEFAULT_GEO
	const meta: MetaDescriptor[] = [
		{ title: input.title },
		{ name: 'description', content: input.description },
		{ tagName: 'link', rel: 'canonical', href: url },
		...languageLinks(input, url),
		{ property: 'og:type', content: input.ogType ?? 'website' },
		{ property: 'og:site_name', content: input.siteName },
		{ property: 'og:locale', content: OG_LOCALE[input.lang] },
		...(input.alternates ? [{ property: 'og:locale:alternate', content: OG_LOCALE[other] }] : []),
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
	if (!input.noindex) meta.push({ 'script:ld+json': webPageJsonLd(input, url) })
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

/** The site and the page's language, as the root loader gives them to every page's meta. */
export type PageSite = SiteIdentity & { lang: Lang; alternates: Alternates | null; siteImageAlt: string }

/** A page's meta: every search signal, then the Organization record, then the page's own JSON-LD. */
export function siteMeta(site: PageSite, page: SiteMetaInput): MetaDescriptor[] {
	const area = page.area ?? ARIZONA
	return buildPageMeta({
		siteName: site.name,
		siteUrl: site.url,
		lang: site.lang,
		alternates: site.alternates,
		siteImageAlt: site.siteImageAlt,
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
