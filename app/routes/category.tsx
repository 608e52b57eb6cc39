import { Flower2 } from 'lucide-react'
import { Fragment } from 'react'
import { data, Link } from 'react-router'
import { pageMessages } from '#app/server/messages.server.ts'
import { structuredData } from '#app/words/structured-data-words.server.ts'
import type { Route } from './+types/category'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { HeroPhotos } from '#app/components/hero-photos.tsx'
import { InfoCard } from '#app/components/info-card.tsx'
import { CategoryIcon } from '#app/components/category-icon.tsx'
import { AffiliateDisclosure, PartnerLink } from '#app/components/partner-link.tsx'
import { WhoDelivers } from '#app/components/who-delivers.tsx'
import { OccasionReminder } from '#app/components/calendar-reminders.tsx'
import { isDatedOccasion, type DatedOccasion } from '#app/domain/reminders.ts'
import { FaqList } from '#app/components/faq-list.tsx'
import { fill, langOfPath } from '#app/words/locale.ts'
import { categoryPage } from '#app/words/category-page-words.server.ts'
import { AssortmentLinks, ProductGrid, productsShown } from '#app/components/product-grid.tsx'
import { OrderChecklist } from '#app/components/order-checklist.tsx'
import { BelowFoldSection } from '#app/components/below-fold.tsx'
import { isPlainGrid } from '#app/domain/product-view.ts'
import { buildCategoryPage, type SharedSelection } from '#app/domain/category-page.ts'
import { siteMeta } from '#app/domain/seo.ts'
import { breadcrumbJsonLd, categoryJsonLd, faqJsonLd } from '#app/domain/structured-data.ts'
import { siteFrom } from '#app/route-meta.ts'
import { loadCategoryProducts, shownCategory } from '#app/server/offers/category-products.server.ts'
import { logNotFound } from '#app/server/log.server.ts'
import { NO_PRODUCTS } from '#app/server/offers/products.server.ts'
import { peakDayNotice } from '#app/server/peak-days-ahead.server.ts'
import { getServiceTowns } from '#app/server/city-facts.server.ts'
import { PeakNote } from '#app/components/peak-note.tsx'
import { FuneralPlanner, type ServiceTown } from '#app/components/funeral-planner.tsx'
import { partnerContext } from '#app/context.ts'
import { routeHeaders } from '#app/domain/cache-policy.ts'

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const lang = langOfPath(new URL(request.url).pathname)
	const words = categoryPage[lang]
	const category = shownCategory(params.slug, lang)
	const page = buildCategoryPage(category, params.slug, words, lang)
	const partner = context.get(partnerContext)
	// The page's words, and its structured data's, in its language.
	const pageWords = { ...words, lists: undefined, schemaDelivery: structuredData[lang].category.delivery }
	const messages = pageMessages(lang, ['delivery', 'products', 'whoDelivers', 'sections'])
	if (!category) {
		logNotFound(request)
		const none = { products: NO_PRODUCTS, view: {}, assortments: [], shared: undefined, partnerUrl: partner.links.arizona() }
		return data({ page, words: pageWords, messages, ...none, peak: undefined, serviceTowns: [] }, { status: 404 })
	}
	const { headers, ...products } = await loadCategoryProducts(partner, category, request, words, lang)
	const peak = peakDayNotice(category.slug, lang, new Date())
	// The sympathy page asks the funeral question of any listed town.
	const serviceTowns = category.slug === 'sympathy-funeral' ? getServiceTowns() : []
	return data({ page, words: pageWords, messages, ...products, peak, serviceTowns }, { headers })
}

export const headers = routeHeaders

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const site = siteFrom(matches)
	if (!site || !loaderData) return []
	const { page: category } = loaderData
	const path = category.path
	return siteMeta(site, {
		path,
		title: category.seoTitle,
		description: category.seoDescription,
		noindex: !category.known || !isPlainGrid(loaderData.view),
		image: category.known ? { key: { kind: 'category', slug: category.slug, lang: site.lang }, alt: category.title } : undefined,
		jsonLd: [
			breadcrumbJsonLd(site.url, category.crumbs),
			...categoryJsonLd({
				title: category.title,
				serviceType: category.serviceType,
				description: category.description,
				delivery: loaderData.words.schemaDelivery,
				url: `${site.url}${path}`,
				// Exactly the arrangements the grid shows in this HTML: none while they are still on their way.
				products: productsShown(loaderData.products),
			}),
			...(category.faq.length > 0 ? [faqJsonLd(category.faq)] : []),
		],
	})
}

/** The calendar reminders an occasion's page offers: its own day, and for Mother's Day both the US date and the 10 de mayo. */
function remindersFor(slug: string): DatedOccasion[] {
	if (slug === 'mothers-day') return ['mothers-day', 'dia-de-las-madres']
	if (slug === 'dia-de-las-madres') return ['dia-de-las-madres', 'mothers-day']
	return isDatedOccasion(slug) ? [slug] : []
}

/** Said beside a grid that is another category's list too, so a visitor who saw it there knows why it looks alike. */
function SharedSelectionNote({ shared }: { shared: SharedSelection }) {
	const links = shared.pages.map((page, index) => (
		<Fragment key={page.path}>
			{index === 0 ? '' : index === shared.pages.length - 1 ? shared.and : ', '}
			<Link to={page.path} className="font-semibold text-brand-700 underline">
				{page.title}
			</Link>
		</Fragment>
	))
	return (
		<p className="mt-3 max-w-2xl text-stone-700">
			{shared.before}
			{links}
			{shared.after}
		</p>
	)
}

/** The sympathy page's funeral question, for any listed town. */
function FuneralQuestion({ towns, orderUrl }: { towns: readonly ServiceTown[]; orderUrl: string }) {
	if (towns.length === 0) return null
	return (
		<section id="funeral-service" className="container-page py-6">
			<FuneralPlanner towns={towns} orderUrl={orderUrl} className="max-w-4xl" />
		</section>
	)
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
	const { page: category, partnerUrl, words } = loaderData
	const values = { title: category.title, lowerTitle: category.lowerTitle }
	return (
		<>
			<Breadcrumbs crumbs={category.crumbs} />
			<section className="container-page py-10 sm:py-14 lg:flex lg:items-center lg:gap-12">
				<div className="min-w-0 flex-1">
					<span className="flex size-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-800">
						<CategoryIcon name={category.icon} className="size-7" />
					</span>
					<h1 className="mt-5 max-w-3xl font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">{category.title}</h1>
					<p className="mt-5 max-w-2xl text-lg leading-8 text-stone-700">{category.heroText}</p>
					{loaderData.peak ? <PeakNote notice={loaderData.peak} className="mt-5 max-w-2xl p-4" /> : null}
					{category.checklist.length > 0 ? <OrderChecklist items={category.checklist} /> : null}
					<div className="mt-8 flex flex-wrap gap-3">
						<a href="#collection" className="btn-primary">
							{words.browse}
						</a>
						<PartnerLink href={partnerUrl} className="btn-secondary">
							{words.orderForDelivery}
						</PartnerLink>
					</div>
					{remindersFor(category.slug).map((occasion) => (
						<OccasionReminder key={occasion} occasion={occasion} />
					))}
					<AffiliateDisclosure className="mt-4" />
					<WhoDelivers place="Arizona" />
				</div>
				<HeroPhotos data={loaderData.products} label={fill(words.heroPhotos, values)} />
			</section>

			<FuneralQuestion towns={loaderData.serviceTowns} orderUrl={partnerUrl} />

			<section id="collection" aria-labelledby="collection-title" className="container-page scroll-mt-28 py-10">
				<h2 id="collection-title" className="section-title">
					{fill(words.collection, values)}
				</h2>
				<p className="mt-3 max-w-2xl text-stone-700">{category.description}</p>
				{loaderData.shared ? <SharedSelectionNote shared={loaderData.shared} /> : null}
				<div className="mt-8">
					{loaderData.assortments.length > 0 ? (
						<AssortmentLinks assortments={loaderData.assortments} view={loaderData.view} allLabel={fill(words.all, values)} />
					) : null}
					<ProductGrid data={loaderData.products} partnerUrl={partnerUrl} view={loaderData.view} controls={category.known} />
				</div>
			</section>

			{category.guidance.length > 0 ? (
				<BelowFoldSection aria-labelledby="guidance-title" className="container-page py-10">
					<h2 id="guidance-title" className="section-title">
						{fill(words.guidance, values)}
					</h2>
					<div className="mt-6 grid gap-6 lg:grid-cols-2">
						{category.guidance.map((section) => (
							<InfoCard key={section.title} title={section.title} paragraphs={section.paragraphs} />
						))}
					</div>
				</BelowFoldSection>
			) : null}

			{category.faq.length > 0 ? (
				<BelowFoldSection aria-labelledby="faq-title" className="container-page py-10">
					<h2 id="faq-title" className="section-title">
						{fill(words.faq, values)}
					</h2>
					<div className="mt-6 max-w-4xl">
						<FaqList items={category.faq} />
					</div>
				</BelowFoldSection>
			) : null}

			<section aria-labelledby="see-all-title" className="container-page py-12">
				<div className="rounded-3xl bg-brand-900 px-6 py-12 text-center text-white sm:px-12">
					<Flower2 aria-hidden="true" className="mx-auto size-10 text-brand-200" />
					<h2 id="see-all-title" className="mt-4 font-serif text-3xl font-semibold">
						{fill(words.seeAll, values)}
					</h2>
					<p className="mx-auto mt-3 max-w-xl text-brand-100">{words.seeAllText}</p>
					<PartnerLink href={partnerUrl} className="btn mt-6 bg-white text-brand-900 hover:bg-brand-50">
						{fill(words.browseComplete, values)}
					</PartnerLink>
					<AffiliateDisclosure className="mt-4" onDark />
				</div>
			</section>
		</>
	)
}
