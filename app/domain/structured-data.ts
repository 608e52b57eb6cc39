import type { LatLng } from '#app/domain/geo.ts'
import { fill } from '#app/words/locale.ts'
import type { FaqItem } from '#app/domain/catalog-schema.ts'
import { pagePath } from '#app/domain/paths.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import { priceOf } from '#app/domain/product-view.ts'
import { photoUrl } from '#app/domain/photo-urls.ts'

export type JsonLd = Record<string, unknown>
/** The operator's own postal address, when they publish one; the region and country are always Arizona, US. */
type BusinessAddress = { street: string | null; locality: string | null; postalCode: string | null }
/** `description`: what the site is, in the page's language (the Organization record's). */
export type SiteIdentity = { name: string; url: string; email: string; description: string; address?: BusinessAddress }

const CONTEXT = 'https://schema.org'
const PARTNER_BRAND = 'Florist One'

/** Absolute URL for a site path, always ending in a slash (except files). */
export function absoluteUrl(siteUrl: string, path: string): string {
	const withSlash = path.endsWith('/') || /\.[a-z0-9]+$/i.test(path) ? path : `${path}/`
	return `${siteUrl.replace(/\/+$/, '')}${withSlash}`
}

function homeUrl(site: SiteIdentity): string {
	return absoluteUrl(site.url, pagePath('/'))
}

/** The site itself: an organization that runs a directory, with the operator's postal address where one is published. */
export function organizationJsonLd(site: SiteIdentity): JsonLd {
	return {
		'@context': CONTEXT,
		'@type': 'Organization',
		'@id': `${homeUrl(site)}#organization`,
		name: site.name,
		url: homeUrl(site),
		description: site.description,
		// The site's mark, 512 px square (search engines ask for at least 112 px).
		logo: absoluteUrl(site.url, '/logo.png'),
		email: site.email,
		...(site.address?.street || site.address?.locality || site.address?.postalCode ? { address: postalAddress(site.address) } : {}),
		areaServed: { '@type': 'State', name: 'Arizona' },
	}
}

function postalAddress(address: BusinessAddress | undefined): JsonLd {
	return {
		'@type': 'PostalAddress',
		...(address?.street ? { streetAddress: address.street } : {}),
		...(address?.locality ? { addressLocality: address.locality } : {}),
		...(address?.postalCode ? { postalCode: address.postalCode } : {}),
		addressRegion: 'AZ',
		addressCountry: 'US',
	}
}

export type Crumb = { name: string; path: string }

export function breadcrumbJsonLd(siteUrl: string, crumbs: readonly Crumb[]): JsonLd {
	return {
		'@context': CONTEXT,
		'@type': 'BreadcrumbList',
		itemListElement: crumbs.map((crumb, index) => ({
			'@type': 'ListItem',
			position: index + 1,
			name: crumb.name,
			item: crumb.path.includes('#') ? `${siteUrl.replace(/\/+$/, '')}${crumb.path}` : absoluteUrl(siteUrl, crumb.path),
		})),
	}
}

export function faqJsonLd(items: readonly FaqItem[]): JsonLd {
	return {
		'@context': CONTEXT,
		'@type': 'FAQPage',
		mainEntity: items.map((item) => ({
			'@type': 'Question',
			name: item.question,
			acceptedAnswer: { '@type': 'Answer', text: item.answer },
		})),
	}
}

/**
 * A category's three services first, then a town's delivery (its rule of reach says which), then
 * the other services every town lists (`others`, in the page's language); de-duplicated, at most 6.
 */
export function serviceNames(categoryServices: readonly string[], delivery: string, others: readonly string[]): string[] {
	const seen = new Set<string>()
	const names: string[] = []
	for (const name of [...categoryServices, delivery, ...others]) {
		const key = name.trim().toLowerCase()
		if (seen.has(key)) continue
		seen.add(key)
		names.push(name.trim())
	}
	return names.slice(0, 6)
}

export type CityServiceInput = {
	businessName: string
	/** The site's Organization record (`{home}#organization`). */
	organizationId: string
	description: string
	cityName: string
	geo?: LatLng
	serviceArea: readonly string[]
	services: readonly string[]
	url: string
	/** The service's own words in the page's language (`city` of app/words/structured-data-words.server.ts). */
	words: { name: string; serviceType: string; provider: string; catalog: string }
}

export function cityServiceJsonLd(input: CityServiceInput): JsonLd {
	return {
		'@context': CONTEXT,
		'@type': 'Service',
		name: fill(input.words.name, { city: input.cityName }),
		serviceType: input.words.serviceType,
		description: input.description,
		url: input.url,
		// The partner network's florists deliver; the site only brings the order to them.
		provider: { '@type': 'Organization', name: fill(input.words.provider, { brand: PARTNER_BRAND }) },
		broker: { '@type': 'Organization', '@id': input.organizationId, name: input.businessName },
		areaServed: [
			{
				'@type': 'City',
				name: `${input.cityName}, AZ`,
				...(input.geo ? { geo: { '@type': 'GeoCoordinates', latitude: input.geo.lat, longitude: input.geo.lng } } : {}),
			},
			...input.serviceArea.map((name) => ({ '@type': 'City', name: `${name}, AZ` })),
		],
		// The services themselves, not offers: they have no price of their own (the partner prices each arrangement).
		hasOfferCatalog: {
			'@type': 'OfferCatalog',
			name: fill(input.words.catalog, { city: input.cityName }),
			itemListElement: input.services.map((name, index) => ({
				'@type': 'ListItem',
				position: index + 1,
				item: { '@type': 'Service', name, serviceType: name, areaServed: { '@type': 'City', name: `${input.cityName}, AZ` } },
			})),
		},
	}
}

/** A product as its card on the page shows it: the title, its photo, the price where the card has one, and its partner link. */
type ShownItem = Pick<ShownProduct, 'title' | 'price' | 'url' | 'photo'>

/**
 * One arrangement the page shows, as its card shows it: its photo (the site's own copy, as the card
 * shows it), and an Offer (price digits and the dot, USD, the card's own partner link) only where
 * the card shows a price. No availability: the partner's lists do not say what is in stock.
 */
function productJsonLd(product: ShownItem, siteOrigin: string): JsonLd {
	const price = priceOf(product)
	return {
		'@type': 'Product',
		name: product.title,
		...(product.photo ? { image: absoluteUrl(siteOrigin, photoUrl(product.photo)) } : {}),
		brand: { '@type': 'Brand', name: PARTNER_BRAND },
		...(price === undefined
			? {}
			: {
					offers: {
						'@type': 'Offer',
						price: price.toFixed(2),
						priceCurrency: 'USD',
						url: product.url,
					},
				}),
	}
}

/**
 * A category page: the service, and the arrangements its grid shows, in the grid's order. A page
 * that shows none (its grid still on the way, failed or empty, or an unknown category) lists none.
 */
/** `delivery`: the sentence on same-day delivery that follows the description, in the page's language. */
export function categoryJsonLd(input: {
	title: string
	serviceType: string
	description: string
	delivery: string
	url: string
	products: readonly ShownItem[]
}): JsonLd[] {
	const service: JsonLd = {
		'@context': CONTEXT,
		'@type': 'Service',
		name: input.title,
		serviceType: input.serviceType,
		description: `${input.description} ${input.delivery}`,
		url: input.url,
		areaServed: ['Phoenix', 'Tucson', 'Mesa'].map((name) => ({ '@type': 'City', name: `${name}, AZ` })),
	}
	if (input.products.length === 0) return [service]
	return [
		service,
		{
			'@context': CONTEXT,
			'@type': 'ItemList',
			name: input.title,
			itemListElement: input.products.map((product, index) => ({
				'@type': 'ListItem',
				position: index + 1,
				item: productJsonLd(product, new URL(input.url).origin),
			})),
		},
	]
}
