import { MapPinOff } from 'lucide-react'
import { data, redirect } from 'react-router'
import type { Route } from './+types/search'
import { AffiliateDisclosure, PartnerLink } from '#app/components/partner-link.tsx'
import { pagePath } from '#app/domain/paths.ts'
import { siteMeta } from '#app/domain/seo.ts'
import { siteFrom } from '#app/route-meta.ts'
import { partnerContext } from '#app/context.ts'
import { searchCity } from '#app/server/city-search.server.ts'

/**
 * The city search form's target, and the boxes' when their own list has no
 * match: the whole search rule (`searchCity`). A city opens its page (with the
 * ZIP it was found by, when the page does not list it; the nearest listed town, saying so, for
 * an Arizona place without a page); a ZIP outside Arizona
 * gets a page saying so; nothing found, or nothing typed, goes to the partner's
 * Arizona page.
 */
export function loader({ request, context }: Route.LoaderArgs) {
	const answer = searchCity(new URL(request.url).searchParams.get('q') ?? '')
	const { links } = context.get(partnerContext)
	if (answer.kind === 'outside') return data({ zip: answer.zip, partnerUrl: links.orderNow() })
	if (answer.kind === 'none') return redirect(links.arizona(), 303)
	const path = pagePath('/cities/:slug', { slug: answer.slug })
	if (answer.kind === 'place') return redirect(`${path}?near=${answer.place}`, 303)
	return redirect(answer.zip ? `${path}?zip=${answer.zip}` : path, 303)
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const site = siteFrom(matches)
	if (!site || !loaderData) return []
	return siteMeta(site, {
		path: pagePath('/search'),
		title: `ZIP ${loaderData.zip} is outside Arizona | ${site.name}`,
		description: 'We list florists in Arizona only; the florist network delivers across the United States.',
		noindex: true,
	})
}

/** A ZIP code outside Arizona: said plainly, with the partner's own site for the rest of the country. */
export default function OutsideArizona({ loaderData }: Route.ComponentProps) {
	return (
		<section className="container-page py-16">
			<MapPinOff aria-hidden="true" className="size-10 text-brand-700" />
			<h1 className="mt-4 font-serif text-4xl font-semibold text-stone-900">ZIP {loaderData.zip} is outside Arizona</h1>
			<p className="mt-4 max-w-2xl text-lg leading-8 text-stone-700">
				We list florists in Arizona only. Florist One, whose network delivers our orders, delivers across the United States: you can order for {loaderData.zip}{' '}
				on its own site.
			</p>
			<div className="mt-8 flex flex-wrap gap-3">
				<PartnerLink href={loaderData.partnerUrl} className="btn-primary">
					Order on Florist One
				</PartnerLink>
				<a href={pagePath('/cities')} className="btn-secondary">
					Arizona cities
				</a>
			</div>
			<AffiliateDisclosure className="mt-4" />
		</section>
	)
}
