import { MapPinOff, Search } from 'lucide-react'
import { data, Link, redirect } from 'react-router'
import type { Route } from './+types/search'
import { AffiliateDisclosure, PartnerLink } from '#app/components/partner-link.tsx'
import { ProductGrid } from '#app/components/product-grid.tsx'
import { fill, fillEvery, langOfPath } from '#app/words/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import { siteMeta } from '#app/domain/seo.ts'
import { siteFrom } from '#app/route-meta.ts'
import { partnerContext } from '#app/context.ts'
import { pages } from '#app/words/pages-words.server.ts'
import { searchAnswers } from '#app/words/search-answers-words.server.ts'
import { searchCity } from '#app/server/search/city-search.server.ts'
import { pageMessages } from '#app/server/messages.server.ts'
import { answerPath, searchAnswerPage } from '#app/server/search/search-answers.server.ts'
import { cacheControl } from '#app/domain/cache-policy.ts'

/**
 * The search form's target, and the boxes' when their own list has no match: the whole search
 * rule (`searchCity`), the same in both languages. A town opens its page (at the section the words
 * point to, with the ZIP it was found by, or as the nearest listed town of a place without a page);
 * an occasion by its name opens its page. An occasion the site serves with the nearest list, a
 * town across the border, and arrangements with a flower or colour are answered here, in the
 * page's language; a ZIP outside Arizona is said plainly; text that names nothing the site knows
 * goes to the partner's Arizona page (SPEC).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const lang = langOfPath(url.pathname)
	const text = (url.searchParams.get('q') ?? '').slice(0, 200)
	const answer = searchCity(text, lang)
	const partner = context.get(partnerContext)
	const path = answerPath(answer, lang)
	if (path) return redirect(path, 303)
	if (answer.kind === 'none') return redirect(partner.links.arizona(), 303)
	const headers = { 'Cache-Control': cacheControl.privateFor(300) }
	const messages = pageMessages(lang, ['products'])
	if (answer.kind === 'outside') {
		const words = fillEvery(pages[lang].outside, { zip: answer.zip })
		return data({ lang, messages, outside: { words, partnerUrl: partner.links.orderNow() }, found: undefined }, { headers })
	}
	const found = await searchAnswerPage(answer, text, lang, partner)
	const partnerList = found?.partner ? { url: partner.links.category(found.partner.code), label: found.partner.label } : undefined
	const said = { searchedFor: fill(searchAnswers[lang].searchedFor, { text: text.trim() }), description: searchAnswers[lang].description }
	return data({ lang, messages, outside: undefined, found: found && { ...found, partnerList, ...said, partnerUrl: partner.links.arizona() } }, { headers })
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const site = siteFrom(matches)
	if (!site || !loaderData) return []
	const title = loaderData.outside?.words.title ?? loaderData.found?.title ?? ''
	const description = loaderData.outside?.words.description ?? loaderData.found?.description ?? ''
	return siteMeta(site, { path: localPath(loaderData.lang, '/search'), title: `${title} | ${site.name}`, description, noindex: true })
}

type Found = NonNullable<Route.ComponentProps['loaderData']['found']>

/** An answer the search gives itself: what was asked, what the site has for it, and where to go. */
function Answer({ found }: { found: Found }) {
	return (
		<section className="container-page py-16">
			<Search aria-hidden="true" className="size-10 text-brand-700" />
			<p className="mt-4 text-sm text-stone-600">{found.searchedFor}</p>
			<h1 className="mt-2 font-serif text-4xl font-semibold text-stone-900">{found.title}</h1>
			<p className="mt-4 max-w-2xl text-lg leading-8 text-stone-700">{found.text}</p>
			<div className="mt-8 flex flex-wrap gap-3">
				<Link to={found.next.path} className="btn-primary">
					{found.next.label}
				</Link>
				{found.partnerList ? (
					<PartnerLink href={found.partnerList.url} className="btn-secondary">
						{found.partnerList.label}
					</PartnerLink>
				) : null}
			</div>
			{found.products && found.products.length > 0 ? (
				<section aria-labelledby="found-arrangements" className="mt-10">
					<h2 id="found-arrangements" className="section-title">
						{found.productsHeading}
					</h2>
					<div className="mt-6">
						<ProductGrid data={{ products: found.products }} partnerUrl={found.partnerUrl} />
					</div>
				</section>
			) : null}
			{found.partnerList || (found.products && found.products.length > 0) ? <AffiliateDisclosure className="mt-4" /> : null}
		</section>
	)
}

/** A ZIP code outside Arizona: said plainly, with the partner's own site for the rest of the country; or the search's own answer. */
export default function SearchAnswerRoute({ loaderData }: Route.ComponentProps) {
	const { outside, found, lang } = loaderData
	if (found) return <Answer found={found} />
	if (!outside) return null
	const { words } = outside
	return (
		<section className="container-page py-16">
			<MapPinOff aria-hidden="true" className="size-10 text-brand-700" />
			<h1 className="mt-4 font-serif text-4xl font-semibold text-stone-900">{words.title}</h1>
			<p className="mt-4 max-w-2xl text-lg leading-8 text-stone-700">{words.text}</p>
			<div className="mt-8 flex flex-wrap gap-3">
				<PartnerLink href={outside.partnerUrl} className="btn-primary">
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
