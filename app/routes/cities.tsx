import { MapPin } from 'lucide-react'
import { Link } from 'react-router'
import type { Route } from './+types/cities'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { fill, fillEvery, langOfPath } from '#app/words/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import { siteMeta } from '#app/domain/seo.ts'
import { breadcrumbJsonLd } from '#app/domain/structured-data.ts'
import { siteFrom } from '#app/route-meta.ts'
import { pages } from '#app/words/pages-words.server.ts'
import { getAllCities, getFeaturedCities, getTownCounts } from '#app/server/catalog-data.server.ts'
import { populationText } from '#app/server/page-words.server.ts'

export function loader({ request }: Route.LoaderArgs) {
	const lang = langOfPath(new URL(request.url).pathname)
	const counts = getTownCounts()
	const { crumbs, cities: words } = pages[lang]
	return {
		lang,
		path: localPath(lang, '/cities'),
		crumbs: [
			{ name: crumbs.home, path: localPath(lang, '/') },
			{ name: crumbs.cities, path: localPath(lang, '/cities') },
		],
		words: fillEvery(words, { cities: counts.cities, sameDay: counts.sameDay, others: counts.cities - counts.sameDay }),
		featured: getFeaturedCities('featured').map((city) => ({
			slug: city.slug,
			name: city.name,
			population: populationText(city.population, lang),
			zipCodes: city.zipCodes.slice(0, 2),
		})),
		all: getAllCities()
			.map(({ slug, name }) => ({ slug, name }))
			.sort((a, b) => a.slug.localeCompare(b.slug)),
	}
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
	const site = siteFrom(matches)
	if (!site || !loaderData) return []
	return siteMeta(site, {
		path: loaderData.path,
		title: `${loaderData.words.title} | ${site.name}`,
		description: loaderData.words.description,
		jsonLd: [breadcrumbJsonLd(site.url, loaderData.crumbs)],
	})
}

export default function Cities({ loaderData }: Route.ComponentProps) {
	const { featured, all, crumbs, words, lang } = loaderData
	return (
		<>
			<Breadcrumbs crumbs={crumbs} />
			<section className="container-page py-10">
				<h1 className="font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">{words.heading}</h1>
				<p className="mt-4 max-w-2xl text-lg leading-8 text-stone-700">{words.intro}</p>
			</section>
			<section aria-labelledby="featured-title" className="container-page py-6">
				<h2 id="featured-title" className="section-title">
					{words.featured}
				</h2>
				<ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
					{featured.map((city) => (
						<li key={city.slug}>
							<Link
								to={localPath(lang, '/cities/:slug', { slug: city.slug })}
								className="flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm hover:border-brand-600"
							>
								<span className="flex items-center gap-2 text-lg font-semibold text-stone-900">
									<MapPin aria-hidden="true" className="size-5 text-brand-700" /> {city.name}
								</span>
								<span className="mt-2 text-sm text-stone-700">{fill(words.population, { population: city.population })}</span>
								<span className="mt-1 text-sm text-stone-700">{fill(words.zipCodes, { zipCodes: city.zipCodes.join(', ') })}</span>
							</Link>
						</li>
					))}
				</ul>
			</section>
			<section aria-labelledby="all-title" className="container-page py-10">
				<h2 id="all-title" className="section-title">
					{words.all}
				</h2>
				<p className="mt-3 text-stone-700">{words.allText}</p>
				<ul className="mt-6 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
					{all.map((city) => (
						<li key={city.slug}>
							<Link
								to={localPath(lang, '/cities/:slug', { slug: city.slug })}
								className="text-stone-800 underline-offset-2 hover:text-brand-700 hover:underline"
							>
								{city.name}
							</Link>
						</li>
					))}
				</ul>
			</section>
		</>
	)
}
