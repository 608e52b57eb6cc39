import { MapPin } from 'lucide-react'
import { Link } from 'react-router'
import type { Route } from './+types/cities'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { pagePath } from '#app/domain/paths.ts'
import { siteMeta } from '#app/domain/seo.ts'
import { breadcrumbJsonLd } from '#app/domain/structured-data.ts'
import { siteFrom } from '#app/route-meta.ts'
import { getAllCities, getFeaturedCities, getPopulationSource, getTownCounts } from '#app/server/catalog.server.ts'

export function loader() {
	return {
		crumbs: [
			{ name: 'Home', path: pagePath('/') },
			{ name: 'Cities', path: pagePath('/cities') },
		],
		featured: getFeaturedCities('featured').map((city) => ({
			slug: city.slug,
			name: city.name,
			population: `${city.population.toLocaleString('en-US')} (${getPopulationSource()})`,
			zipCodes: city.zipCodes.slice(0, 2),
		})),
		all: getAllCities()
			.map(({ slug, name }) => ({ slug, name }))
			.sort((a, b) => a.slug.localeCompare(b.slug)),
		counts: getTownCounts(),
	}
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
	const site = siteFrom(matches)
	if (!site || !loaderData) return []
	return siteMeta(site, {
		path: pagePath('/cities'),
		title: `Arizona Cities We Deliver To | ${site.name}`,
		description: `Flower delivery in ${loaderData.counts.cities} Arizona cities and towns, same-day in ${loaderData.counts.sameDay} of them, from Phoenix and Tucson to Flagstaff and Yuma. Find delivery details and ZIP codes for yours.`,
		jsonLd: [breadcrumbJsonLd(site.url, loaderData.crumbs)],
	})
}

export default function Cities({ loaderData }: Route.ComponentProps) {
	const { featured, all, crumbs, counts } = loaderData
	return (
		<>
			<Breadcrumbs crumbs={crumbs} />
			<section className="container-page py-10">
				<h1 className="font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">Arizona Flower Delivery by City</h1>
				<p className="mt-4 max-w-2xl text-lg leading-8 text-stone-700">Choose a city for its delivery details, ZIP codes and order cut-off.</p>
			</section>
			<section aria-labelledby="featured-title" className="container-page py-6">
				<h2 id="featured-title" className="section-title">
					Featured cities
				</h2>
				<ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
					{featured.map((city) => (
						<li key={city.slug}>
							<Link
								to={pagePath('/cities/:slug', { slug: city.slug })}
								className="flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm hover:border-brand-600"
							>
								<span className="flex items-center gap-2 text-lg font-semibold text-stone-900">
									<MapPin aria-hidden="true" className="size-5 text-brand-700" /> {city.name}
								</span>
								<span className="mt-2 text-sm text-stone-700">Population {city.population}</span>
								<span className="mt-1 text-sm text-stone-700">ZIP codes {city.zipCodes.join(', ')}</span>
							</Link>
						</li>
					))}
				</ul>
			</section>
			<section aria-labelledby="all-title" className="container-page py-10">
				<h2 id="all-title" className="section-title">
					All Arizona cities
				</h2>
				<p className="mt-3 text-stone-700">
					{`${counts.sameDay} of these ${counts.cities} Arizona cities and towns are available for same-day delivery; in the ${counts.cities - counts.sameDay} remote towns, where the florist drives out, order a day ahead.`}
				</p>
				<ul className="mt-6 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
					{all.map((city) => (
						<li key={city.slug}>
							<Link to={pagePath('/cities/:slug', { slug: city.slug })} className="text-stone-800 underline-offset-2 hover:text-brand-700 hover:underline">
								{city.name}
							</Link>
						</li>
					))}
				</ul>
			</section>
		</>
	)
}
