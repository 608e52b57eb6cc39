import { Hash, MapPin, Store, Truck } from 'lucide-react'
import { data, Link } from 'react-router'
import { pageMessages } from '#app/server/messages.server.ts'
import { structuredData } from '#app/words/structured-data-words.server.ts'
import type { Route } from './+types/city'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { HeroPhotos } from '#app/components/hero-photos.tsx'
import { InfoCard } from '#app/components/info-card.tsx'
import { DeliveryChecker } from '#app/components/delivery-checker.tsx'
import { FaqList } from '#app/components/faq-list.tsx'
import { MapSection } from '#app/components/map-section.tsx'
import { ProductSlider } from '#app/components/product-slider.tsx'
import { BelowFoldSection } from '#app/components/below-fold.tsx'
import { AffiliateDisclosure, PartnerLink } from '#app/components/partner-link.tsx'
import { WhoDelivers } from '#app/components/who-delivers.tsx'
import { BirthdayReminder } from '#app/components/calendar-reminders.tsx'
import { FuneralPlanner } from '#app/components/funeral-planner.tsx'
import { useLang } from '#app/components/use-messages.ts'
import { buildCityPage, cityEmphasis } from '#app/domain/city-page.ts'
import { localPath } from '#app/domain/paths.ts'
import { siteMeta } from '#app/domain/seo.ts'
import { imageAlt } from '#app/domain/social-image.ts'
import { cityImageText } from '#app/server/social-images.server.ts'
import { absoluteUrl, breadcrumbJsonLd, cityServiceJsonLd, faqJsonLd, serviceNames } from '#app/domain/structured-data.ts'
import { rootDataFrom, type PageHandle } from '#app/root-data.ts'
import { siteFrom } from '#app/route-meta.ts'
import { cityPartnerLinks, getCity, getLocalCityContent, getNearbyCities } from '#app/server/catalog-data.server.ts'
import { loadCityProducts } from '#app/server/offers/city-products.server.ts'
import { clicksContext, partnerContext } from '#app/context.ts'
import { getCityDerived } from '#app/server/city-facts.server.ts'
import { routeHeaders } from '#app/domain/cache-policy.ts'
import { logNotFound } from '#app/server/log.server.ts'
import { findPlace, findZip, zipPlaceAnswer } from '#app/server/search/zip-codes.server.ts'
import { placeNote, zipNote, type SearchNoteWords } from '#app/domain/zip-search.ts'
import { NEAR_PATTERN } from '#app/domain/searched-place.ts'
import { fill, langOfPath, type Lang } from '#app/words/locale.ts'
import { cityPageWords } from '#app/server/page-words.server.ts'

/** The town an address names, or the site's 404. */
function townOr404(slug: string, request: Request) {
	const city = getCity(slug)
	if (city) return city
	logNotFound(request)
	throw data(null, { status: 404 })
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const city = townOr404(params.slug, request)
	const url = new URL(request.url)
	const words = cityPageWords(langOfPath(url.pathname))
	const content = getLocalCityContent(city.slug, words.lang)
	const searched = searchedPlace(city.slug, url.searchParams, words.city.notes)
	const page = buildCityPage(city, content, getNearbyCities(city, content), words, getCityDerived(city), searched?.place)
	const zip = page.zipCodes[0] ?? ''
	const partner = context.get(partnerContext)
	const { products, headers } = await loadCityProducts(partner, context.get(clicksContext), city, zip, cityEmphasis(content.facts))
	// The town's picture says what the town's page says of who delivers there; the structured data has words of its own.
	const imageText = cityImageText(city.slug, words.lang) ?? { title: page.title, subtitle: '' }
	const messages = pageMessages(words.lang, ['delivery', 'products', 'whoDelivers', 'map'])
	const links = cityPartnerLinks(partner.links, city, content, zip)
	const shown = {
		searchNote: searched?.note ?? null,
		city: page,
		words: words.city.page,
		links,
		imageAlt: imageAlt(imageText),
		schema: structuredData[words.lang].city,
	}
	return data({ ...products, ...shown, messages }, { headers })
}

/**
 * Opened from a search this page answers for another place: a ZIP it does not list, or an Arizona
 * place without a page of its own. The page then speaks for that place (its reach and clock), and
 * a note says which place and that this is the nearest town listed.
 */
function searchedPlace(slug: string, params: URLSearchParams, notes: SearchNoteWords) {
	const zip = params.get('zip') ?? ''
	const searched = findZip(zip)
	if (searched?.kind === 'nearest' && searched.city.slug === slug) {
		const place = zipPlaceAnswer(searched.zip)
		return place ? { place, note: zipNote(searched, notes) } : undefined
	}
	const near = params.get('near')
	const place = near && NEAR_PATTERN.test(near) ? findPlace(near) : undefined
	return place && place.city.slug === slug ? { place, note: placeNote(place, notes) } : undefined
}

export const headers = routeHeaders

/** The header's delivery note for this town: what its reach allows, not the site-wide line. */
export const handle: PageHandle<Route.ComponentProps['loaderData']> = {
	headerNote: (data) => data.city.promise.headerNote,
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const site = siteFrom(matches)
	if (!site || !loaderData) return []
	const { city } = loaderData
	const path = localPath(site.lang, '/cities/:slug', { slug: city.slug })
	return siteMeta(site, {
		path,
		title: city.title,
		description: city.description,
		// A page standing in for a place without its own is a search answer, not a page to index.
		noindex: city.place.from !== undefined,
		area: { name: city.place.name, geo: city.geo },
		// The town's picture says what the town's page says of who delivers there.
		image: {
			key: { kind: 'city', slug: city.slug, lang: site.lang },
			alt: loaderData.imageAlt,
		},
		jsonLd: [
			breadcrumbJsonLd(site.url, city.crumbs),
			cityServiceJsonLd({
				businessName: site.name,
				organizationId: `${absoluteUrl(site.url, '/')}#organization`,
				description: city.description,
				cityName: city.place.name,
				geo: city.geo,
				serviceArea: city.nearby.map((place) => place.name),
				services: serviceNames([], city.promise.serviceName, loaderData.schema.services),
				words: loaderData.schema,
				url: `${site.url}${path}`,
			}),
			...(city.faq.length > 0 ? [faqJsonLd(city.faq)] : []),
		],
	})
}

function SectionTitle({ id, children }: { id: string; children: React.ReactNode }) {
	return (
		<h2 id={id} className="section-title">
			{children}
		</h2>
	)
}

/** A titled section of the page's own paragraphs; nothing where it has none (a page that stands in for a place). */
function ParagraphsSection({ id, title, paragraphs }: { id: string; title: string; paragraphs: readonly string[] }) {
	if (paragraphs.length === 0) return null
	return (
		<BelowFoldSection id={id} aria-labelledby={`${id}-title`} className="container-page scroll-mt-28 py-12">
			<SectionTitle id={`${id}-title`}>{title}</SectionTitle>
			<div className="mt-5 grid max-w-4xl gap-4 text-stone-700">
				{paragraphs.map((paragraph) => (
					<p key={paragraph} className="leading-7">
						{paragraph}
					</p>
				))}
			</div>
		</BelowFoldSection>
	)
}

type CityData = Route.ComponentProps['loaderData']
type Words = CityData['words']

/** The first screen: the search note, the town and its county, the order link, who delivers, and photos of arrangements. */
function CityHero({ city, links, searchNote, quote, featured, words }: Pick<CityData, 'city' | 'links' | 'searchNote' | 'quote' | 'featured' | 'words'>) {
	return (
		<section className="container-page py-10 sm:py-14 lg:flex lg:items-center lg:gap-12">
			<div className="min-w-0 flex-1">
				{searchNote ? (
					<p role="status" className="mb-5 rounded-xl bg-sage-50 px-4 py-3 text-sm font-semibold text-sage-800 ring-1 ring-sage-100">
						{searchNote}
					</p>
				) : null}
				{/* The county is the town's: a place it stands in for may lie in another (Second Mesa is in Navajo County, Tuba City in Coconino). */}
				{city.place.from ? null : (
					<p className="flex items-center gap-1.5 text-sm font-semibold text-sage-700">
						<MapPin aria-hidden="true" className="size-4" /> {fill(words.county, { county: city.county })}
					</p>
				)}
				<h1 className="mt-3 max-w-3xl font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">{city.heading}</h1>
				<p className="mt-5 max-w-2xl text-lg leading-8 text-stone-700">{city.heroIntro}</p>
				<div className="mt-8 flex flex-wrap gap-3">
					<PartnerLink href={links.order} className="btn-primary">
						{fill(words.order, { place: city.place.name })}
					</PartnerLink>
					{city.whyChoose.length > 0 ? (
						<a href="#why-choose" className="btn-secondary">
							{words.whyChooseUs}
						</a>
					) : null}
				</div>
				<AffiliateDisclosure className="mt-4" />
				<WhoDelivers place={city.name} quote={quote} />
			</div>
			<HeroPhotos data={featured} label={fill(words.arrangementsIn, { name: city.name })} />
		</section>
	)
}

/** The ZIP codes the town's florists deliver to, with the place each names where it is not the town. */
function ZipCodes({ city, words }: { city: CityData['city']; words: Words }) {
	if (city.zipCodes.length === 0) return null
	return (
		<section aria-labelledby="zip-title" className="container-page py-6">
			<h2 id="zip-title" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
				<Hash aria-hidden="true" className="size-5 text-brand-700" /> {fill(words.zipCodes, { name: city.name })}
			</h2>
			<ul className="mt-3 flex flex-wrap gap-2">
				{city.zipPlaces.map(({ zip, place }) => (
					<li key={zip} className="rounded-full bg-white px-3 py-1 text-sm text-stone-700 ring-1 ring-stone-200">
						{zip}
						{place && place !== city.name ? <span className="text-stone-500"> · {place}</span> : null}
					</li>
				))}
			</ul>
		</section>
	)
}

/** Whether flowers arrive on time: the town's delivery rule and clock, the delivery checker and the birthday reminder. */
function DeliveryCheckerSection({ city, links, words }: Pick<CityData, 'city' | 'links' | 'words'>) {
	return (
		<section id="delivery-checker" aria-labelledby="checker-title" className="bg-white py-12">
			<div className="container-page">
				<SectionTitle id="checker-title">{words.onTime}</SectionTitle>
				<p className="mt-4 max-w-3xl leading-7 text-stone-700">{city.deliveryOnTime}</p>
				<p className="mt-2 max-w-3xl text-sm text-stone-600">{city.promise.rule}</p>
				{city.clock.map((sentence) => (
					<p key={sentence} className="mt-2 max-w-3xl text-sm font-medium text-stone-700">
						{sentence}
					</p>
				))}
				<DeliveryChecker place={city.place} citySlug={city.slug} orderUrl={links.arizonaCity} />
				<BirthdayReminder place={city.place} citySlug={city.slug} />
			</div>
		</section>
	)
}

/** What to know about sending flowers in the town, in cards. */
function LocalKnowledge({ city, words, orderUrl }: { city: CityData['city']; words: Words; orderUrl: string }) {
	if (city.local.length === 0) return null
	return (
		<BelowFoldSection aria-labelledby="local-title" className="container-page py-12">
			<SectionTitle id="local-title">{fill(words.local, { name: city.name })}</SectionTitle>
			<div className="mt-6 grid gap-6 lg:grid-cols-2">
				{city.local.map((section) => (
					<InfoCard key={section.id} id={section.id} title={section.title} paragraphs={section.paragraphs} items={section.items}>
						{section.id === 'funerals' ? <FuneralPlanner towns={[{ slug: city.slug, place: city.place }]} orderUrl={orderUrl} className="mt-5" /> : null}
					</InfoCard>
				))}
			</div>
		</BelowFoldSection>
	)
}

/** The flower services in the town, each with its order link, and all categories. */
function FlowerServices({ city, links, words }: Pick<CityData, 'city' | 'links' | 'words'>) {
	// Spanish writes the word after a colon in lower case ('Pedir ahora: entrega el mismo día en Nogales'); English keeps the title's capitals.
	const lang = useLang()
	const afterColon = (title: string) => (lang === 'es' ? `${title.charAt(0).toLowerCase()}${title.slice(1)}` : title)
	return (
		<section aria-labelledby="services-title" className="bg-white py-12">
			<div className="container-page">
				<SectionTitle id="services-title">{fill(words.services, { place: city.place.name })}</SectionTitle>
				<p className="mt-3 text-stone-700">{city.professionalFloral}</p>
				<ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
					{city.services.map((service, index) => (
						<li key={service.title} className="flex flex-col rounded-2xl border border-stone-200 bg-sand-50 p-6">
							<h3 className="flex items-center gap-2 font-semibold text-stone-900">
								{index === 0 ? <Truck aria-hidden="true" className="size-5 text-brand-700" /> : <Store aria-hidden="true" className="size-5 text-brand-700" />}
								{service.title}
							</h3>
							<p className="mt-2 flex-1 text-sm leading-6 text-stone-700">{service.description}</p>
							<PartnerLink href={links.order} className="btn-secondary mt-4 self-start">
								{words.orderNow}
								<span className="sr-only">{fill(words.orderService, { service: afterColon(service.title), place: city.place.name })}</span>
							</PartnerLink>
						</li>
					))}
				</ul>
				<div className="mt-8">
					<PartnerLink href={links.categories} className="btn-primary">
						{words.allCategories}
					</PartnerLink>
					<AffiliateDisclosure className="mt-3" />
				</div>
			</div>
		</section>
	)
}

/** The town's questions, with their answers. */
function CityFaq({ city, words }: { city: CityData['city']; words: Words }) {
	if (city.faq.length === 0) return null
	return (
		<BelowFoldSection aria-labelledby="faq-title" className="container-page py-12">
			<SectionTitle id="faq-title">{fill(words.faq, { name: city.name })}</SectionTitle>
			<div className="mt-6 max-w-4xl">
				<FaqList items={city.faq} />
			</div>
		</BelowFoldSection>
	)
}

/** The towns nearby, with their distance. */
function NearbyTowns({ city, words, lang }: { city: CityData['city']; words: Words; lang: Lang }) {
	return (
		<BelowFoldSection aria-labelledby="area-title" className="container-page py-8">
			<SectionTitle id="area-title">{city.nearbyTitle}</SectionTitle>
			<ul className="mt-6 flex flex-wrap gap-3">
				{city.nearby.map((place) => (
					<li key={place.slug} className="flex items-center gap-2">
						<Link to={localPath(lang, '/cities/:slug', { slug: place.slug })} className="btn-secondary">
							{fill(words.nearbyLink, { name: place.name })}
						</Link>
						<span className="text-sm text-stone-600">{fill(words.miles, { miles: place.miles })}</span>
					</li>
				))}
			</ul>
		</BelowFoldSection>
	)
}

export default function CityPage({ loaderData, matches }: Route.ComponentProps) {
	const { city, links, words } = loaderData
	const root = rootDataFrom(matches)
	const lang = root?.lang ?? 'en'
	return (
		<>
			<Breadcrumbs crumbs={city.crumbs} />
			<CityHero city={city} links={links} searchNote={loaderData.searchNote} quote={loaderData.quote} featured={loaderData.featured} words={words} />
			<ZipCodes city={city} words={words} />
			<ProductSlider data={loaderData.featured} variant={loaderData.featuredVariant} city={city.name} />
			<ProductSlider data={loaderData.bestsellers} variant="bestsellers" city={city.name} />
			<ParagraphsSection id="why-choose" title={fill(words.whyChoose, { name: city.name })} paragraphs={city.whyChoose} />
			<DeliveryCheckerSection city={city} links={links} words={words} />
			<MapSection name={city.place.name} geo={city.geo} mapsApiKey={root?.site.mapsApiKey ?? null} />
			<ParagraphsSection id="network" title={city.floristNetworkTitle} paragraphs={city.floristNetwork} />
			<LocalKnowledge city={city} words={words} orderUrl={links.order} />
			<FlowerServices city={city} links={links} words={words} />
			<CityFaq city={city} words={words} />
			<NearbyTowns city={city} words={words} lang={lang} />
		</>
	)
}
