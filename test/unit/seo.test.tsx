import { photoUrl } from '#app/domain/photo-urls.ts'
import { renderToString } from 'react-dom/server'
import { createRoutesStub, Meta } from 'react-router'
import { expect, test } from 'vitest'
import { buildPageMeta, siteMeta } from '#app/domain/seo.ts'
import { structuredData } from '#app/words/structured-data-words.server.ts'
import { breadcrumbJsonLd, categoryJsonLd, cityServiceJsonLd, faqJsonLd, organizationJsonLd, serviceNames } from '#app/domain/structured-data.ts'

const site = {
	name: 'Arizona Flower Delivery',
	url: 'https://flowers.example',
	email: 'hi@flowers.example',
	lang: 'en',
	alternates: null,
	siteImageAlt: 'Flowers delivered by partner florists across Arizona',
	description: structuredData.en.organization,
} as const

test('page meta: title, description, canonical with slash, hreflang both ways, OG with its alternate locale, Twitter, geo, the page in its language', () => {
	const meta = buildPageMeta({
		siteName: site.name,
		siteUrl: site.url,
		lang: 'en',
		alternates: { en: '/cities/mesa/', es: '/es/ciudades/mesa/' },
		siteImageAlt: 'Flowers delivered by partner florists across Arizona',
		path: '/cities/mesa',
		title: 'Flower Delivery Mesa, AZ',
		description: 'Fresh flowers in Mesa.',
		placeName: 'Mesa',
		geo: { lat: 33.4152, lng: -111.8315 },
		image: { key: { kind: 'city', slug: 'mesa' }, alt: 'Flower Delivery in Mesa, AZ' },
	})
	expect(meta).toEqual([
		{ title: 'Flower Delivery Mesa, AZ' },
		{ name: 'description', content: 'Fresh flowers in Mesa.' },
		{ tagName: 'link', rel: 'canonical', href: 'https://flowers.example/cities/mesa/' },
		{ tagName: 'link', rel: 'alternate', hrefLang: 'en-US', href: 'https://flowers.example/cities/mesa/' },
		{ tagName: 'link', rel: 'alternate', hrefLang: 'es-US', href: 'https://flowers.example/es/ciudades/mesa/' },
		{ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: 'https://flowers.example/cities/mesa/' },
		{ property: 'og:type', content: 'website' },
		{ property: 'og:site_name', content: 'Arizona Flower Delivery' },
		{ property: 'og:locale', content: 'en_US' },
		{ property: 'og:locale:alternate', content: 'es_US' },
		{ property: 'og:title', content: 'Flower Delivery Mesa, AZ' },
		{ property: 'og:description', content: 'Fresh flowers in Mesa.' },
		{ property: 'og:url', content: 'https://flowers.example/cities/mesa/' },
		{ property: 'og:image', content: 'https://flowers.example/social/cities/mesa.png' },
		{ property: 'og:image:type', content: 'image/png' },
		{ property: 'og:image:width', content: '1200' },
		{ property: 'og:image:height', content: '630' },
		{ property: 'og:image:alt', content: 'Flower Delivery in Mesa, AZ' },
		{ name: 'twitter:card', content: 'summary_large_image' },
		{ name: 'twitter:title', content: 'Flower Delivery Mesa, AZ' },
		{ name: 'twitter:description', content: 'Fresh flowers in Mesa.' },
		{ name: 'twitter:image', content: 'https://flowers.example/social/cities/mesa.png' },
		{ name: 'twitter:image:alt', content: 'Flower Delivery in Mesa, AZ' },
		{ name: 'geo.region', content: 'US-AZ' },
		{ name: 'geo.placename', content: 'Mesa' },
		{ name: 'geo.position', content: '33.4152;-111.8315' },
		{ name: 'ICBM', content: '33.4152, -111.8315' },
		{
			'script:ld+json': {
				'@context': 'https://schema.org',
				'@type': 'WebPage',
				'@id': 'https://flowers.example/cities/mesa/',
				url: 'https://flowers.example/cities/mesa/',
				name: 'Flower Delivery Mesa, AZ',
				description: 'Fresh flowers in Mesa.',
				inLanguage: 'en-US',
			},
		},
	])
})

test('a Spanish page without an English twin names only its own language; with one, the same three links as its twin', () => {
	const input = { siteName: 'S', siteUrl: 'https://x.test', title: 'T', description: 'D', siteImageAlt: 'Flores' } as const
	const alone = buildPageMeta({ ...input, lang: 'es', alternates: null, path: '/es/ocasiones/10-de-mayo/' })
	const links = (meta: readonly object[]) => meta.filter((tag) => 'rel' in tag && tag.rel === 'alternate')
	expect(links(alone)).toEqual([{ tagName: 'link', rel: 'alternate', hrefLang: 'es-US', href: 'https://x.test/es/ocasiones/10-de-mayo/' }])
	expect(alone).toContainEqual({ property: 'og:locale', content: 'es_US' })
	expect(alone.some((tag) => 'property' in tag && tag.property === 'og:locale:alternate')).toBe(false)
	const alternates = { en: '/cities/yuma/', es: '/es/ciudades/yuma/' }
	const spanish = buildPageMeta({ ...input, lang: 'es', alternates, path: '/es/ciudades/yuma/' })
	const english = buildPageMeta({ ...input, lang: 'en', alternates, path: '/cities/yuma/' })
	expect(links(spanish)).toEqual(links(english))
	expect(spanish).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://x.test/es/ciudades/yuma/' })
	expect(spanish).toContainEqual({ property: 'og:locale:alternate', content: 'en_US' })
	// A Spanish page without a picture of its own shares the site's Spanish one, said in Spanish.
	expect(spanish).toContainEqual({ property: 'og:image', content: 'https://x.test/social/es/site.png' })
	expect(spanish).toContainEqual({ property: 'og:image:alt', content: 'Flores' })
})

test('page meta defaults to Arizona’s centre and marks error pages noindex', () => {
	const meta = buildPageMeta({
		siteName: 'S',
		siteUrl: 'http://x.test/',
		lang: 'en',
		alternates: null,
		siteImageAlt: 'Flowers',
		path: '/',
		title: 'T',
		description: 'D',
		noindex: true,
	})
	expect(meta).toContainEqual({ name: 'geo.position', content: '34.0489;-111.0937' })
	expect(meta).toContainEqual({ name: 'geo.placename', content: 'Arizona' })
	expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'http://x.test/' })
	expect(meta).toContainEqual({ name: 'robots', content: 'noindex, follow' })
	// A page without a picture of its own shows the site's.
	expect(meta).toContainEqual({ property: 'og:image', content: 'http://x.test/social/site.png' })
})

test('site meta: the page’s signals, then the Organization record, then its own data', () => {
	const crumbs = breadcrumbJsonLd(site.url, [{ name: 'Home', path: '/' }])
	expect(siteMeta(site, { path: '/about/', title: 'About', description: 'D', jsonLd: [crumbs] })).toEqual(
		buildPageMeta({
			siteName: site.name,
			siteUrl: site.url,
			lang: 'en',
			alternates: null,
			siteImageAlt: site.siteImageAlt,
			path: '/about/',
			title: 'About',
			description: 'D',
			jsonLd: [organizationJsonLd(site), crumbs],
		}),
	)
	const mesa = { name: 'Mesa', geo: { lat: 33.4152, lng: -111.8315 } }
	const meta = siteMeta(site, { path: '/cities/mesa/', title: 'Mesa', description: 'D', area: mesa, noindex: true })
	expect(meta).toContainEqual({ name: 'geo.placename', content: 'Mesa' })
	expect(meta).toContainEqual({ name: 'geo.position', content: '33.4152;-111.8315' })
	expect(meta).toContainEqual({ name: 'robots', content: 'noindex, follow' })
	expect(meta.slice(-1)).toEqual([{ 'script:ld+json': organizationJsonLd(site) }])
})

test('the site is an organization that runs a directory, not a florist: no shop, no price range, no ratings', () => {
	const org = organizationJsonLd(site)
	expect(org['@type']).toBe('Organization')
	expect(org.description).toMatch(/guide and directory/)
	expect(org.description).toMatch(/partner florists/)
	expect(JSON.stringify(org)).not.toMatch(/LocalBusiness|Florist"|priceRange|aggregateRating|review|telephone|openingHours/i)
	expect(org.address).toBeUndefined()
	const withStreet = organizationJsonLd({ ...site, address: { street: '1 Main St', locality: 'Phoenix', postalCode: '85004' } })
	expect(withStreet.address).toEqual({
		'@type': 'PostalAddress',
		streetAddress: '1 Main St',
		addressLocality: 'Phoenix',
		postalCode: '85004',
		addressRegion: 'AZ',
		addressCountry: 'US',
	})
})

test('breadcrumbs use absolute URLs with trailing slashes', () => {
	const crumbs = breadcrumbJsonLd(site.url, [
		{ name: 'Home', path: '/' },
		{ name: 'Categories', path: '/#categories' },
		{ name: 'Birthday Flowers', path: '/categories/birthday-flowers/' },
	])
	expect(crumbs.itemListElement).toEqual([
		{ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://flowers.example/' },
		{ '@type': 'ListItem', position: 2, name: 'Categories', item: 'https://flowers.example/#categories' },
		{ '@type': 'ListItem', position: 3, name: 'Birthday Flowers', item: 'https://flowers.example/categories/birthday-flowers/' },
	])
})

test('service names: the category’s three first, de-duplicated, at most 6', () => {
	const others = structuredData.en.city.services
	const sameDay = 'Same-Day Flower Delivery'
	expect(serviceNames(["Valentine's Day Flower Delivery", 'Romantic Arrangements', 'Red Roses'], sameDay, others)).toEqual([
		"Valentine's Day Flower Delivery",
		'Romantic Arrangements',
		'Red Roses',
		'Same-Day Flower Delivery',
		'Birthday Flowers',
		'Sympathy & Funeral Flowers',
	])
	expect(serviceNames(['Birthday Flowers', 'birthday flowers ', 'Cakes'], sameDay, others)).toEqual([
		'Birthday Flowers',
		'Cakes',
		'Same-Day Flower Delivery',
		'Sympathy & Funeral Flowers',
		'Wedding Flowers',
		'Anniversary Flowers',
	])
	expect(serviceNames([], 'Flower Delivery with a Day’s Notice', others)[0]).toBe('Flower Delivery with a Day’s Notice')
	expect(serviceNames([], 'Flower Delivery with a Day’s Notice', others)).not.toContain('Same-Day Flower Delivery')
	const service = cityServiceJsonLd({
		businessName: site.name,
		organizationId: 'https://flowers.example/#organization',
		description: 'd',
		cityName: 'Mesa',
		serviceArea: ['Tempe'],
		services: serviceNames([], sameDay, others),
		url: 'https://flowers.example/cities/mesa/',
		words: structuredData.en.city,
	})
	expect(service.name).toBe('Flower Delivery in Mesa, AZ')
	expect(service['@type']).toBe('Service')
	// The partner's florists deliver; the site brings the order to them.
	expect(service.provider).toEqual({ '@type': 'Organization', name: 'Florist One partner florists' })
	expect(service.broker).toMatchObject({ '@id': 'https://flowers.example/#organization' })
	expect((service.hasOfferCatalog as { itemListElement: unknown[] }).itemListElement).toHaveLength(6)
})

test('a Spanish town’s service speaks Spanish: its name, type, provider and catalog', () => {
	const service = cityServiceJsonLd({
		businessName: site.name,
		organizationId: 'https://flowers.example/#organization',
		description: 'd',
		cityName: 'Nogales',
		serviceArea: [],
		services: serviceNames([], 'Entrega de flores el mismo día', structuredData.es.city.services),
		url: 'https://flowers.example/es/ciudades/nogales/',
		words: structuredData.es.city,
	})
	expect(service).toMatchObject({ name: 'Flores a domicilio en Nogales, AZ', serviceType: 'Entrega de flores' })
	expect(service.provider).toEqual({ '@type': 'Organization', name: 'Florerías asociadas de Florist One' })
	expect(JSON.stringify(service.hasOfferCatalog)).toContain('Flores de cumpleaños')
})

test('category data: the products shown with their photos, in USD, brand is the partner, price digits only, no stock claimed; names Phoenix, Tucson, Mesa', () => {
	const link = 'https://www.floristone.com/detail.cfm?dcode=VA01&source_id=aff&AffiliateID=x'
	const [service, list] = categoryJsonLd({
		title: "Valentine's Day Flowers",
		serviceType: "Valentine's Day Flower Delivery",
		description: 'Roses.',
		delivery: structuredData.en.category.delivery,
		url: 'https://flowers.example/categories/valentines-day/',
		products: [
			{ title: 'Dozen Red Roses', price: '$1,249.50', url: link, photo: 'va01' },
			{ title: 'Rose Box', url: 'https://www.floristone.com/detail.cfm?dcode=VA02&source_id=aff&AffiliateID=x', photo: 'va02' },
		],
	})
	expect(JSON.stringify(service)).toMatch(/Phoenix.*Tucson.*Mesa/)
	expect(String(service?.description)).toContain('Same-day delivery')
	const [priced, priceless] = (list?.itemListElement as { position: number; item: Record<string, unknown> }[]).map((element) => element.item)
	expect(priced).toEqual({
		'@type': 'Product',
		name: 'Dozen Red Roses',
		image: `https://flowers.example${photoUrl('va01')}`,
		brand: { '@type': 'Brand', name: 'Florist One' },
		offers: { '@type': 'Offer', price: '1249.50', priceCurrency: 'USD', url: link },
	})
	// A card without a price: the product, but no offer.
	expect(priceless).toEqual({
		'@type': 'Product',
		name: 'Rose Box',
		image: `https://flowers.example${photoUrl('va02')}`,
		brand: { '@type': 'Brand', name: 'Florist One' },
	})
})

test('category data without products: the service alone, no list', () => {
	const blocks = categoryJsonLd({
		title: 'Graduation Flowers',
		serviceType: 'Graduation Flower Delivery',
		description: 'Bright.',
		delivery: structuredData.en.category.delivery,
		url: 'https://flowers.example/categories/graduation/',
		products: [],
	})
	expect(blocks.map((block) => block['@type'])).toEqual(['Service'])
})

test("JSON-LD text containing '</script>' cannot break out of its script element", () => {
	const hostile = 'Roses</script><script>alert(1)</script><!--'
	const Stub = createRoutesStub([
		{
			path: '/',
			meta: () => [{ 'script:ld+json': faqJsonLd([{ question: hostile, answer: hostile }]) }],
			Component: () => <Meta />,
		},
	])
	const html = renderToString(<Stub initialEntries={['/']} />)
	expect(html).not.toContain('<script>alert(1)')
	const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
	expect(blocks).toHaveLength(1)
	const parsed = JSON.parse(blocks[0]?.[1] ?? '') as { mainEntity: { name: string }[] }
	expect(parsed.mainEntity[0]?.name).toBe(hostile)
})
