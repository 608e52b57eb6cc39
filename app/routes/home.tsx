import { BadgeCheck, CalendarHeart, Gift, MapPin, Star, Truck } from 'lucide-react'
import { useEffect } from 'react'
import { data, Link } from 'react-router'
import type { Route } from './+types/home'
import { CategoryIcon } from '#app/components/category-icon.tsx'
import { CitySearchForm } from '#app/components/city-search-form.tsx'
import { HeroPhotos } from '#app/components/hero-photos.tsx'
import { FaqList } from '#app/components/faq-list.tsx'
import { PartnerLink } from '#app/components/partner-link.tsx'
import { ProductSlider } from '#app/components/product-slider.tsx'
import { homeFaq, sameDayLine, whyChoose } from '#app/content/home.ts'
import { pagePath } from '#app/domain/paths.ts'
import { siteMeta } from '#app/domain/seo.ts'
import { IMAGE_TITLES } from '#app/domain/social-image.ts'
import { sortCategoriesForCards } from '#app/domain/slugs.ts'
import { faqJsonLd } from '#app/domain/structured-data.ts'
import { rootDataFrom } from '#app/root-data.ts'
import { siteFrom } from '#app/route-meta.ts'
import { getCategories, getFeaturedCities, getPopulationSource, getTownCounts } from '#app/server/catalog.server.ts'
import { resolveQuickly } from '#app/server/deferred.server.ts'
import { EMPTY_SLIDER, SLIDER_SOURCE_SLUGS } from '#app/server/products.server.ts'
import { partnerContext } from '#app/context.ts'
import { pageCaching, routeHeaders } from '#app/domain/cache-policy.ts'

/** The category cards, in the SPEC's order, with what a card shows. */
function categoryCards() {
	return sortCategoriesForCards(getCategories()).map(({ slug, name, description, icon, color, popular }) => ({ slug, name, description, icon, color, popular }))
}

/** The home page's featured cities, with what a card shows. */
function cityCards() {
	return getFeaturedCities('home').map((city) => ({
		slug: city.slug,
		name: city.name,
		region: city.region,
		zipCode: city.zipCodes[0] ?? '',
		population: `${city.population.toLocaleString('en-US')} (${getPopulationSource()})`,
		description: city.description ?? '',
		features: city.features ?? [],
	}))
}

export async function loader({ context }: Route.LoaderArgs) {
	const [featured] = context.get(partnerContext).products.loadSliders(getCategories(), [0])
	const slider = featured ? (await resolveQuickly(featured)).value : EMPTY_SLIDER
	return data({ slider, categories: categoryCards(), cities: cityCards(), counts: getTownCounts() }, { headers: pageCaching([slider], SLIDER_SOURCE_SLUGS) })
}

export const headers = routeHeaders

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const site = siteFrom(matches)
	if (!site || !loaderData) return []
	const { counts } = loaderData
	return siteMeta(site, {
		path: pagePath('/'),
		title: `${site.name} | Same-Day in Most Arizona Towns`,
		description: `Send fresh flowers anywhere in Arizona: same-day delivery in ${counts.sameDay} of the ${counts.cities} towns we list, Phoenix, Tucson, Mesa and Scottsdale among them, when you order before 2:00 PM Arizona time; a day’s notice in the rest.`,
		jsonLd: [faqJsonLd(homeFaq(counts))],
		image: { key: { kind: 'home' }, alt: IMAGE_TITLES.home },
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

/** The first screen: what the site does, the city search, shortcuts, and photos of arrangements. */
function HomeHero({ counts, slider, root }: { counts: HomeData['counts']; slider: HomeData['slider']; root: ReturnType<typeof rootDataFrom> }) {
	return (
		<section className="bg-gradient-to-b from-brand-50 to-sand-50">
			<div className="container-page py-14 sm:py-20 lg:flex lg:items-center lg:gap-12">
				<div className="min-w-0 flex-1">
					<p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Arizona flower delivery</p>
					<h1 className="mt-3 max-w-3xl font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">
						Send fresh flowers anywhere in Arizona, same-day in {counts.sameDay} towns
					</h1>
					<p className="mt-5 max-w-2xl text-lg leading-8 text-stone-700">{sameDayLine(counts)}</p>
					<div className="mt-8 max-w-2xl">
						{root ? <CitySearchForm variant="hero" cities={root.cities} partnerUrl={root.partner.arizona} siteName={root.site.siteName} /> : null}
					</div>
					<ul className="mt-6 flex flex-wrap gap-3" aria-label="Shortcuts">
						<li>
							{root ? (
								<PartnerLink href={root.partner.sameDay} className="btn-secondary">
									<Truck aria-hidden="true" className="size-4" /> Same Day Delivery
								</PartnerLink>
							) : null}
						</li>
						<li>
							<Link to={pagePath('/categories/:slug', { slug: 'birthday-flowers' })} className="btn-secondary">
								<Gift aria-hidden="true" className="size-4" /> Birthday Flowers
							</Link>
						</li>
						<li>
							<Link to={pagePath('/categories/:slug', { slug: 'anniversary' })} className="btn-secondary">
								<CalendarHeart aria-hidden="true" className="size-4" /> Anniversary Bouquets
							</Link>
						</li>
					</ul>
				</div>
				<HeroPhotos data={slider} label="Arrangements from our partner florists" />
			</div>
		</section>
	)
}

/** The category cards, each opening its occasion's page. */
function CategoryCards({ categories }: { categories: HomeData['categories'] }) {
	return (
		<section id="categories" aria-labelledby="categories-title" className="container-page scroll-mt-28 py-16">
			<h2 id="categories-title" className="section-title">
				Flowers for every occasion
			</h2>
			<p className="mt-3 max-w-2xl text-stone-700">Choose an occasion to see arrangements our partner florists deliver across Arizona.</p>
			<ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
				{categories.map((category) => (
					<li key={category.slug} className="relative flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
						{category.popular ? (
							<span className="absolute top-4 right-4 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">Popular</span>
						) : null}
						<span className={`flex size-12 items-center justify-center rounded-xl ${cardColors[category.color] ?? ''}`}>
							<CategoryIcon name={category.icon} className="size-6" />
						</span>
						<h3 className="mt-4 text-lg font-semibold text-stone-900">{category.name}</h3>
						<p className="mt-2 flex-1 text-sm leading-6 text-stone-700">{category.description}</p>
						<Link to={pagePath('/categories/:slug', { slug: category.slug })} className="btn-secondary mt-5 self-start">
							Shop {category.name}
						</Link>
					</li>
				))}
			</ul>
		</section>
	)
}

/** The featured cities, with their ZIP, population and what sets them apart, and the way to all cities. */
function FeaturedCities({ cities }: { cities: HomeData['cities'] }) {
	return (
		<section aria-labelledby="cities-title" className="bg-white py-16">
			<div className="container-page">
				<h2 id="cities-title" className="section-title">
					Featured Arizona cities
				</h2>
				<ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
					{cities.map((city) => (
						<li key={city.slug} className="flex flex-col rounded-2xl border border-stone-200 bg-sand-50 p-6">
							<p className="text-xs font-semibold tracking-wide text-sage-700 uppercase">{city.region}</p>
							<h3 className="mt-1 text-xl font-semibold text-stone-900">
								<Link to={pagePath('/cities/:slug', { slug: city.slug })} className="hover:text-brand-700">
									{city.name}
								</Link>
							</h3>
							<p className="mt-1 text-sm text-stone-600">
								ZIP {city.zipCode} · Population {city.population}
							</p>
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
					<Link to={pagePath('/cities')} className="btn-primary">
						View All Arizona Cities
					</Link>
				</div>
			</div>
		</section>
	)
}

/** Why send flowers with us, in four points. */
function WhyChooseUs({ counts }: { counts: HomeData['counts'] }) {
	return (
		<section aria-labelledby="why-title" className="container-page py-16">
			<h2 id="why-title" className="section-title">
				Why send flowers with us
			</h2>
			<ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
				{whyChoose(counts).map((item, index) => {
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
function ArizonaIntro() {
	return (
		<section aria-labelledby="intro-title" className="container-page py-8">
			<div className="grid gap-10 lg:grid-cols-2">
				<div>
					<h2 id="intro-title" className="section-title">
						Flower delivery made for Arizona
					</h2>
					<p className="mt-4 leading-7 text-stone-700">
						Arizona is a big state with very different places to deliver to: high-rise offices in downtown Phoenix, retirement communities in Sun City, dorms in
						Tempe and Flagstaff, and ranch roads outside Prescott. We help you find a florist who knows the area and can get there on time.
					</p>
					<p className="mt-4 leading-7 text-stone-700">
						Pick your city to see ZIP codes, the same-day cut-off and the arrangements available, then order directly with our partner florist network.
					</p>
				</div>
				<div className="rounded-2xl bg-sage-800 p-8 text-sage-50">
					<h2 className="font-serif text-2xl font-semibold text-white">A local florist network</h2>
					<p className="mt-4 leading-7">
						Orders are fulfilled by independent florists in the Florist One network. Your bouquet is arranged by hand by a florist who delivers to the
						recipient’s town rather than shipped in a box across the country, so it arrives fresh even in the summer heat.
					</p>
					<p className="mt-4 leading-7">
						We have affiliate partnerships with florists: when you order through our links, the partner pays us a commission and you pay the normal price.
					</p>
				</div>
			</div>
		</section>
	)
}

/** The home page's questions, with their answers. */
function HomeFaq({ counts }: { counts: HomeData['counts'] }) {
	return (
		<section aria-labelledby="faq-title" className="container-page py-16">
			<h2 id="faq-title" className="section-title">
				Frequently asked questions
			</h2>
			<div className="mt-8">
				<FaqList items={homeFaq(counts)} />
			</div>
		</section>
	)
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
	useScrollToCategoriesOnLoad()
	const root = rootDataFrom(matches)
	const { categories, cities, counts, slider } = loaderData
	return (
		<>
			<HomeHero counts={counts} slider={slider} root={root} />
			<CategoryCards categories={categories} />
			<FeaturedCities cities={cities} />
			<WhyChooseUs counts={counts} />
			<ArizonaIntro />
			<ProductSlider data={slider} variant="featured" />
			<HomeFaq counts={counts} />
		</>
	)
}
