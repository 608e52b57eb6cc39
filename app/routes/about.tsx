import { Award, Handshake, MapPinned, ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import type { Route } from './+types/about'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { fill, langOfPath } from '#app/words/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import { contentPageMeta } from '#app/route-meta.ts'
import { rootDataFrom } from '#app/root-data.ts'
import { pages } from '#app/words/pages-words.server.ts'
import { pageCrumbs } from '#app/server/page-words.server.ts'

export function loader({ request }: Route.LoaderArgs) {
	const lang = langOfPath(new URL(request.url).pathname)
	const words = pages[lang].about
	const path = localPath(lang, '/about')
	return { lang, path, words, crumbs: pageCrumbs(lang, { name: words.crumb, path }) }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
	if (!loaderData) return []
	const { path, words, crumbs } = loaderData
	return contentPageMeta(matches, { path, title: words.title, description: words.description, crumbs })
}

const icons = { quality: Award, local: MapPinned, coverage: ShieldCheck, partners: Handshake }

export default function About({ loaderData, matches }: Route.ComponentProps) {
	const { lang, words, crumbs } = loaderData
	const cityCount = rootDataFrom(matches)?.cities.length ?? 0
	return (
		<>
			<Breadcrumbs crumbs={crumbs} />
			<section className="container-page py-10">
				<h1 className="font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">{words.heading}</h1>
				<div className="mt-6 grid max-w-3xl gap-4 text-lg leading-8 text-stone-700">
					{words.paragraphs.map((paragraph) => (
						<p key={paragraph}>{paragraph}</p>
					))}
				</div>
				<p className="mt-10 inline-block rounded-2xl bg-brand-50 px-6 py-5 font-serif text-2xl font-semibold text-brand-800 ring-1 ring-brand-100">
					{words.network}
				</p>
			</section>
			<section aria-labelledby="values-title" className="container-page py-10">
				<h2 id="values-title" className="section-title">
					{words.valuesTitle}
				</h2>
				<ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
					{(Object.keys(icons) as (keyof typeof icons)[]).map((key) => {
						const Icon = icons[key]
						const { title, text } = words.values[key]
						return (
							<li key={key} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
								<Icon aria-hidden="true" className="size-7 text-brand-700" />
								<h3 className="mt-3 font-semibold text-stone-900">{title}</h3>
								<p className="mt-2 text-sm leading-6 text-stone-700">{fill(text, { cities: cityCount })}</p>
							</li>
						)
					})}
				</ul>
				<div className="mt-10 flex flex-wrap gap-3">
					<a href={`${localPath(lang, '/')}#categories`} className="btn-primary">
						{words.occasions}
					</a>
					<Link to={localPath(lang, '/cities')} className="btn-secondary">
						{words.findCity}
					</Link>
				</div>
			</section>
		</>
	)
}
