import { MapPinOff } from 'lucide-react'
import { data, redirect } from 'react-router'
import type { Route } from './+types/search'
import { AffiliateDisclosure, PartnerLink } from '#app/components/partner-link.tsx'
import { fillEvery, langOfPath } from '#app/domain/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import { siteMeta } from '#app/domain/seo.ts'
import { siteFrom } from '#app/route-meta.ts'
import { partnerContext } from '#app/context.ts'
import { pages } from '#app/messages/pages.server.ts'
import { occasionPath } from '#app/server/catalog.server.ts'
import { searchCity } from '#app/server/city-search.server.ts'

/**
 * The city search form's target, and the boxes' when their own list has no
 * match: the whole search rule (`searchCity`). A city opens its page (with the
 * ZIP it was found by, when the page does not list it; the nearest listed town, saying so, for
 * an Arizona place without a page); a ZIP outside Arizona
 * gets a page saying so; nothing found, or nothing typed, goes to the partner's
 * Arizona page. From /es/buscar/ the search is read in Spanish and lands on the Spanish pages,
 * an occasion's among them ("cumpleaños", "10 de mayo").
 */
export function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const lang = langOfPath(url.pathname)
	const answer = searchCity(url.searchParams.get('q') ?? '', lang)
	const { links } = context.get(partnerContext)
	if (answer.kind === 'outside')
		return data({ lang, zip: answer.zip, partnerUrl: links.orderNow(), words: fillEvery(pages[lang].outside, { zip: answer.zip }) })
	if (answer.kind === 'none') return redirect(links.arizona(), 303)
	if (answer.kind === 'occasion') return redirect(occasionPath(lang, answer.slug), 303)
	const path = localPath(lang, '/cities/:slug', { slug: answer.slug })
	if (answer.kind === 'place') return redirect(`${path}?near=${answer.place}`, 303)
	return redirect(answer.zip ? `${path}?zip=${answer.zip}` : path, 303)
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const site = siteFrom(matches)
	if (!site || !loaderData) return []
	return siteMeta(site, {
		path: localPath(loaderData.lang, '/search'),
		title: `${loaderData.words.title} | ${site.name}`,
		description: loaderData.words.description,
		noindex: true,
	})
}

/** A ZIP code outside Arizona: said plainly, with the partner's own site for the rest of the country. */
export default function OutsideArizona({ loaderData }: Route.ComponentProps) {
	const { words, lang } = loaderData
	return (
		<section className="container-page py-16">
			<MapPinOff aria-hidden="true" className="size-10 text-brand-700" />
			<h1 className="mt-4 font-serif text-4xl font-semibold text-stone-900">{words.title}</h1>
			<p className="mt-4 max-w-2xl text-lg leading-8 text-stone-700">{words.text}</p>
			<div className="mt-8 flex flex-wrap gap-3">
				<PartnerLink href={loaderData.partnerUrl} className="btn-primary">
					{words.order}
				</PartnerLink>
				<a href={localPath(lang, '/cities')} className="btn-secondary">
					{words.cities}
				</a>
			</div>
			<AffiliateDisclosure className="mt-4" />
		</section>
	)
}
