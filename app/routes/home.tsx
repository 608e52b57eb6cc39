import { BadgeCheck, CalendarHeart, Gift, MapPin, Star, Truck } from 'lucide-react'
import { useEffect } from 'react'
import { data, Link } from 'react-router'
import { pageMessages } from '#app/server/messages.server.ts'
import type { Route } from './+types/home'
import { CategoryIcon } from '#app/components/category-icon.tsx'
import { CitySearchForm } from '#app/components/city-search-form.tsx'
import { HeroPhotos } from '#app/components/hero-photos.tsx'
import { FaqList } from '#app/components/faq-list.tsx'
import { PartnerLink } from '#app/components/partner-link.tsx'
import { PeakNote } from '#app/components/peak-note.tsx'
import { ProductSlider } from '#app/components/product-slider.tsx'
import { fill, fillEvery, langOfPath, type Lang } from '#app/words/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import { siteMeta } from '#app/domain/seo.ts'
import { imageAlt } from '#app/domain/social-image.ts'
import { socialImageText } from '#app/server/social-images.server.ts'
import { sortCategoriesForCards } from '#app/domain/slugs.ts'
import { faqJsonLd } from '#app/domain/structured-data.ts'
import { rootDataFrom } from '#app/root-data.ts'
import { siteFrom } from '#app/route-meta.ts'
import { home, homeCities } from '#app/words/home-words.server.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { cutoffValues } from '#app/domain/reach-words.ts'
import { getCategories, getCategory, getFeaturedCities, getSpanishCategories, getTownCounts, occasionPath } from '#app/server/catalog-data.server.ts'
import { resolveQuickly } from '#app/server/deferred.server.ts'
import { EMPTY_SLIDER, SLIDER_SOURCE_SLUGS } from '#app/server/offers/products.server.ts'
import { populationText } from '#app/server/page-words.server.ts'
import { peakNotices, type PeakNotice } from '#app/server/peak-days-ahead.server.ts'
import { partnerContext } from '#app/context.ts'
import { pageCaching, routeHeaders } from '#app/domain/cache-policy.ts'

/**
 * The occasions the cards show, in the SPEC's order: in Spanish, each in its Spanish words, and
 * after them the occasions of the Spanish pages alone (the Día de las Madres on 10 May).
 */
function occasions(lang: Lang) {
	if (lang === 'en') return sortCategoriesForCards(getCategories())
	const spanish = getSpanishCategories()
	const shared = spanish.filter((category) => getCategory(category.slug) !== undefined)
	return [...sortCategoriesForCards(shared), ...spanish.filter((category) => !shared.includes(category))]
}

/**
 * The category cards, with what a card shows and the occasion's page in the page's language; a
 * dated occasion within 45 days carries its peak-day notice.
 */
function categoryCards(lang: Lang, peaks: readonly PeakNotice[]) {
	return occasions(lang).map(({ slug, name, description, icon, color, popular }) => ({
		slug,
		name,
		description,
		icon,
		color,
		popular,
		path: occasionPath(lang, slug),
		peak: peaks.find((notice) => notice.peak === slug),
	}))
}

/** The home page's featured cities, with what a card shows: data/cities.json's own texts in English, the catalog's in Spanish. */
function cityCards(lang: Lang) {
	return getFeaturedCities('home').map((city) => {
		const spanish = lang === 'es' ? homeCities[city.slug] : undefined
		const own = spanish ? fillEvery(spanish, cutoffValues(delivery.es)) : undefined
		return {
			slug: city.slug,
			name: city.name,
			region: own?.region ?? city.region,
			zipCode: city.zipCodes[0] ?? '',
			population: populationText(city.population, lang),
			description: own?.description ?? city.description ?? '',
			features: own?.features ?? city.features ?? [],
		}
	})
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const lang = langOfPath(new URL(request.url).pathname)
	const [featured] = context.get(partnerContext).products.loadSliders(getCategories(), [0])
	const slider = featured ? (await resolveQuickly(featured)).value : EMPTY_SLIDER
	const counts = getTownCounts()
	const peaks = peakNotices(lang, new Date())
	return data(
		{
			lang,
			slider,
			words: fillEvery(home[lang], { sameDay: counts.sameDay, cities: counts.cities, others: counts.cities - counts.sameDay, ...cutoffValues(delivery[lang]) }),
			shortcuts: { birthday: occasionPath(lang, 'birthday-flowers'), anniversary: occasionPath(lang, 'anniversary') },
			categories: categoryCards(lang, peaks),
			// Christmas has no card: its notice stands above the cards.
			christmas: peaks.find((notice) => notice.peak === 'christmas'),
			cities: cityCards(lang),
			imageAlt: imageAlt(socialImageText({ kind: 'home', lang }) ?? { title: '', subtitle: '' }),
			messages: pageMessages(lang, ['products']),
		},
		{ headers: pageCaching([slider], SLIDER_SOURCE_SLUGS) },
	)
}

export const headers = routeHeaders

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const site = siteFrom(matches)
	if (!site || !loaderData) return []
	const { words } = loaderData
	return siteMeta(site, {
		path: localPath(loaderData.lang, '/'),
		title: `${site.name} | ${words.title}`,
		description: words.description,
		jsonLd: [faqJsonLd(words.faq.items)],
		image: { key: { kind: 'home', lang: site.lang }, alt: loaderData.imageAlt },
	})
}

const cardColors: Record<string, string> = {
	rose: 'bg-rose-100 text-rose-800',
	pink: 'bg-pink-100 text-pink-800',
	fuchsia: 'bg-fuchsia-100 text-fuchsia-800',
	slate: 'bg-slate-200 text-slate-800',
	sky: 'bg-sky-100 text-sky-800',
	indigo: 'bg-indigo-100 text-indigo-800',
	emerald: 'bg-emerald-100 text-emerald-800',
	violet: 'bg-violet-100 text-violet-800',
	amber: 'bg-amber-100 text-amber-800',
	orange: 'bg-orange-100 text-orange-800',
	teal: 'bg-teal-100 text-teal-800',
}

const whyIcons = [Truck, MapPin, BadgeCheck, Star]

/** A #categories hash on arrival scrolls smoothly to the categories (unless motion is reduced). */
function useScrollToCategoriesOnLoad() {
	useEffect(() => {
		if (window.location.hash !== '#categories') return
		const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
		document.getElementById('categories')?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' })
	}, [])
}

type HomeData = Route.ComponentProps['loaderData']
type Words = HomeData['words']

/** The first screen: what the site does, the city search, shortcuts, and photos of arrangements. */
function HomeHero({ words, shortcuts, slider, root }: Pick<HomeData, 'words' | 'shortcuts' | 'slider'> & { root: ReturnType<typeof rootDataFrom> }) {
	return (
		<section className="bg-gradient-to-b from-brand-50 to-sand-50">
			<div className="container-page py-14 sm:py-20 lg:flex lg:items-center lg:gap-12">
				<div className="min-w-0 flex-1">
					<p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{words.hero.eyebrow}</p>
					<h1 className="mt-3 max-w-3xl font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">{words.hero.heading}</h1>
					<p className="mt-5 max-w-2xl text-lg leading-8 text-stone-700">{words.hero.sameDay}</p>
					<div className="mt-8 max-w-2xl">
						{root ? <CitySearchForm variant="hero" cities={root.cities} partnerUrl={root.partner.arizona} siteName={root.site.siteName} /> : null}
					</div>
					<ul className="mt-6 flex flex-wrap gap-3" aria-label={words.hero.shortcuts}>
						<li>
							{root ? (
								<PartnerLink href={root.partner.sameDay} className="btn-secondary">
									<Truck aria-hidden="true" className="size-4" /> {words.hero.sameDayLink}
								</PartnerLink>
							) : null}
						</li>
						<li>
							<Link to={shortcuts.birthday} className="btn-secondary">
								<Gift aria-hidden="true" className="size-4" /> {words.hero.birthday}
							</Link>
						</li>
						<li>
							<Link to={shortcuts.anniversary} className="btn-secondary">
								<CalendarHeart aria-hidden="true" className="size-4" /> {words.hero.anniversary}
							</Link>
						</li>
					</ul>
				</div>
				<HeroPhotos data={slider} label={words.hero.photos} />
			</div>
		</section>
	)
}

/** The category cards, each opening its occasion's page, with the peak days of the next 45 days. */
function CategoryCards({ categories, christmas, words }: Pick<HomeData, 'categories' | 'christmas'> & { words: Words }) {
	return (
		<section id="categories" aria-labelledby="categories-title" className="container-page scroll-mt-28 py-16">
			<h2 id="categories-title" className="section-title">
				{words.categories.title}
			</h2>
			<p className="mt-3 max-w-2xl text-stone-700">{words.categories.intro}</p>
			{christmas ? <PeakNote notice={christmas} className="mt-6 max-w-3xl p-4" /> : null}
			<ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
				{categories.map((category) => (
					<li key={category.slug} className="relative flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
						{category.popular ? (
							<span className="absolute top-4 right-4 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">
								{words.categories.popular}
							</span>
						) : null}
						<span className={`flex size-12 items-center justify-center rounded-xl ${cardColors[category.color] ?? ''}`}>
							<CategoryIcon name={category.icon} className="size-6" />
						</span>
						<h3 className="mt-4 text-lg font-semibold text-stone-900">{category.name}</h3>
						<p className="mt-2 flex-1 text-sm leading-6 text-stone-700">{category.description}</p>
						{category.peak ? <PeakNote notice={category.peak} className="mt-4 p-3 text-sm leading-6" /> : null}
						<Link to={category.path} className="btn-secondary mt-5 self-start">
							{fill(words.categories.shop, { name: category.name })}
						</Link>
					</li>
				))}
			</ul>
		</section>
	)
}

/** The featured cities, with their ZIP, population and what sets them apart, and the way to all cities. */
function FeaturedCities({ cities, words, lang }: { cities: HomeData['cities']; words: Words; lang: Lang }) {
	return (
		<section aria-labelledby="cities-title" className="bg-white py-16">
			<div className="container-page">
				<h2 id="cities-title" className="section-title">
					{words.cities.title}
				</h2>
				<ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
					{cities.map((city) => (
						<li key={city.slug} className="flex flex-col rounded-2xl border border-stone-200 bg-sand-50 p-6">
							<p className="text-xs font-semibold tracking-wide text-sage-700 uppercase">{city.region}</p>
							<h3 className="mt-1 text-xl font-semibold text-stone-900">
								<Link to={localPath(lang, '/cities/:slug', { slug: city.slug })} className="hover:text-brand-700">
									{city.name}
								</Link>
							</h3>
							<p className="mt-1 text-sm text-stone-600">{fill(words.cities.zipPopulation, { zip: city.zipCode, population: city.population })}</p>
							<p className="mt-3 text-sm leading-6 text-stone-700">{city.description}</p>
							<ul className="mt-4 flex-1 space-y-1.5 text-sm text-stone-700">
								{city.features.map((feature) => (
									<li key={feature} className="flex items-start gap-2">
										<BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sage-700" />
										{feature}
									</li>
								))}
							</ul>
						</li>
					))}
				</ul>
				<div className="mt-10 text-center">
					<Link to={localPath(lang, '/cities')} className="btn-primary">
						{words.cities.all}
					</Link>
				</div>
			</div>
		</section>
	)
}

/** Why send flowers with us, in four points. */
function WhyChooseUs({ words }: { words: Words }) {
	return (
		<section aria-labelledby="why-title" className="container-page py-16">
			<h2 id="why-title" className="section-title">
				{words.why.title}
			</h2>
			<ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
				{words.why.items.map((item, index) => {
					const Icon = whyIcons[index] ?? Star
					return (
						<li key={item.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
							<Icon aria-hidden="true" className="size-7 text-brand-700" />
							<h3 className="mt-3 font-semibold text-stone-900">{item.title}</h3>
							<p className="mt-2 text-sm leading-6 text-stone-700">{item.text}</p>
						</li>
					)
				})}
			</ul>
		</section>
	)
}

/** Flower delivery in Arizona, and the partner florist network that fulfils the orders. */
function ArizonaIntro({ words }: { words: Words }) {
	return (
		<section aria-labelledby="intro-title" className="container-page py-8">
			<div className="grid gap-10 lg:grid-cols-2">
				<div>
					<h2 id="intro-title" className="section-title">
						{words.intro.title}
					</h2>
					{words.intro.paragraphs.map((paragraph) => (
						<p key={paragraph} className="mt-4 leading-7 text-stone-700">
							{paragraph}
						</p>
					))}
				</div>
				<div className="rounded-2xl bg-sage-800 p-8 text-sage-50">
					<h2 className="font-serif text-2xl font-semibold text-white">{words.intro.networkTitle}</h2>
					{words.intro.network.map((paragraph) => (
						<p key={paragraph} className="mt-4 leading-7">
							{paragraph}
						</p>
					))}
				</div>
			</div>
		</section>
	)
}

/** The home page's questions, with their answers. */
function HomeFaq({ words }: { words: Words }) {
	return (
		<section aria-labelledby="faq-title" className="container-page py-16">
			<h2 id="faq-title" className="section-title">
				{words.faq.title}
			</h2>
			<div className="mt-8">
				<FaqList items={words.faq.items} />
			</div>
		</section>
	)
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
	useScrollToCategoriesOnLoad()
	const root = rootDataFrom(matches)
	const { categories, cities, words, shortcuts, slider, lang } = loaderData
	return (
		<>
			<HomeHero words={words} shortcuts={shortcuts} slider={slider} root={root} />
			<CategoryCards categories={categories} christmas={loaderData.christmas} words={words} />
			<FeaturedCities cities={cities} words={words} lang={lang} />
			<WhyChooseUs words={words} />
			<ArizonaIntro words={words} />
			<ProductSlider data={slider} variant="featured" />
			<HomeFaq words={words} />
		</>
	)
}
