import { Flower2 } from 'lucide-react'
import { data } from 'react-router'
import type { Route } from './+types/category'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { HeroPhotos } from '~/components/hero-photos.tsx'
import { InfoCard } from '~/components/info-card.tsx'
import { CategoryIcon } from '~/components/category-icon.tsx'
import { AffiliateDisclosure, PartnerLink } from '~/components/partner-link.tsx'
import { WhoDelivers } from '~/components/who-delivers.tsx'
import { OccasionReminder } from '~/components/reminders.tsx'
import { isDatedOccasion } from '~/domain/reminders.ts'
import { AssortmentLinks, GridViewControls, ProductGrid } from '~/components/product-grid.tsx'
import { OrderChecklist } from '~/components/order-checklist.tsx'
import { applyView, isFiltered, isPlainGrid, parseView, type GridView } from '~/domain/product-view.ts'
import type { Category } from '~/domain/catalog-schema.ts'
import { pagePath } from '~/domain/paths.ts'
import { siteMeta } from '~/domain/seo.ts'
import { titleFromSlug } from '~/domain/slugs.ts'
import { breadcrumbJsonLd, categoryJsonLd, GENERIC_SAMPLE_PRODUCTS } from '~/domain/structured-data.ts'
import { siteFrom } from '~/route-meta.ts'
import { categoryPartnerLink, getCategory, getPartnerLinks } from '~/server/catalog.server.ts'
import { logNotFound } from '~/server/log.server.ts'
import { resolveQuickly } from '~/server/deferred.server.ts'
import { loadGridData } from '~/server/products.server.ts'
import { usesRestApi } from '~/server/partner-setup.server.ts'
import { cacheControl, pageCaching, routeHeaders } from '~/domain/cache-policy.ts'

const UNKNOWN_DESCRIPTION = 'Beautiful flower arrangements for every occasion'

/**
 * The grid the address asks for: one of the category's assortments (the REST API's own lists,
 * such as funeral sprays) or the whole category, sorted or banded as the address says.
 */
function loadViewGrid(category: Category, view: GridView) {
	const assortment = category.assortments?.find((entry) => entry.id === view.assortment)
	const grid = loadGridData(assortment ? { slug: category.slug, partnerCode: assortment.code, partnerTemplate: category.partnerTemplate } : category)
	return isFiltered(view) ? grid.then((loaded) => ({ ...loaded, total: loaded.products.length, products: applyView(loaded.products, view) })) : grid
}

export async function loader({ params, request }: Route.LoaderArgs) {
	const category = getCategory(params.slug)
	if (category) {
		// Assortments are lists of the REST API: without it, the plain category grid.
		const assortments = usesRestApi() ? (category.assortments ?? []).map(({ id, label }) => ({ id, label })) : []
		const view = parseView(
			new URL(request.url).searchParams,
			assortments.map((entry) => entry.id),
		)
		const products = (await resolveQuickly(loadViewGrid(category, view))).value
		return data(
			{
				products,
				view,
				assortments,
				known: true,
				category: {
					slug: category.slug,
					title: category.title,
					description: category.description,
					heroText: category.heroText,
					icon: category.icon,
					serviceType: category.serviceType,
					seoTitle: category.seoTitle,
					seoDescription: category.seoDescription,
					sampleProducts: category.sampleProducts,
					guidance: category.guidance,
					checklist: category.checklist ?? [],
				},
				partnerUrl: categoryPartnerLink(category),
			},
			// A sorted or banded view (or any other query) is for this visitor: shared caches keep only the plain grid.
			{ headers: new URL(request.url).search ? { 'Cache-Control': cacheControl.privateFor(300) } : pageCaching([products], [category.slug]) },
		)
	}
	// An unknown category still gets the spec's generic page, but with a 404 so
	// that made-up URLs are never indexed.
	logNotFound(request)
	const title = titleFromSlug(params.slug) || 'Flowers'
	return data(
		{
			products: { products: [], refreshing: false },
			view: {},
			assortments: [],
			known: false,
			category: {
				slug: params.slug,
				title,
				description: UNKNOWN_DESCRIPTION,
				heroText: UNKNOWN_DESCRIPTION,
				icon: 'flower' as const,
				serviceType: 'Flower Delivery',
				seoTitle: `${title} | Arizona Flower Delivery`,
				seoDescription: UNKNOWN_DESCRIPTION,
				sampleProducts: GENERIC_SAMPLE_PRODUCTS,
				guidance: [],
				checklist: [],
			},
			partnerUrl: getPartnerLinks().arizona(),
		},
		{ status: 404 },
	)
}

export const headers = routeHeaders

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const site = siteFrom(matches)
	if (!site || !loaderData) return []
	const { category, known, partnerUrl } = loaderData
	const path = pagePath('/categories/:slug', { slug: category.slug })
	return siteMeta(site, {
		path,
		title: category.seoTitle,
		description: category.seoDescription,
		noindex: !known || !isPlainGrid(loaderData.view),
		jsonLd: [
			breadcrumbJsonLd(site.url, [
				{ name: 'Home', path: pagePath('/') },
				{ name: 'Categories', path: `${pagePath('/')}#categories` },
				{ name: category.title, path },
			]),
			...categoryJsonLd({
				title: category.title,
				serviceType: category.serviceType,
				description: category.description,
				url: `${site.url}${path}`,
				products: category.sampleProducts,
				offerUrl: partnerUrl,
			}),
		],
	})
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
	const { category, partnerUrl, known } = loaderData
	return (
		<>
			<Breadcrumbs
				crumbs={[
					{ name: 'Home', path: pagePath('/') },
					{ name: 'Categories', path: `${pagePath('/')}#categories` },
					{ name: category.title, path: pagePath('/categories/:slug', { slug: category.slug }) },
				]}
			/>
			<section className="container-page py-10 sm:py-14 lg:flex lg:items-center lg:gap-12">
				<div className="min-w-0 flex-1">
					<span className="flex size-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-800">
						<CategoryIcon name={category.icon} className="size-7" />
					</span>
					<h1 className="mt-5 max-w-3xl font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">{category.title}</h1>
					<p className="mt-5 max-w-2xl text-lg leading-8 text-stone-700">{category.heroText}</p>
					{category.checklist.length > 0 ? <OrderChecklist items={category.checklist} /> : null}
					<div className="mt-8 flex flex-wrap gap-3">
						<a href="#collection" className="btn-primary">
							Browse Collection
						</a>
						<PartnerLink href={partnerUrl} className="btn-secondary">
							Order for Delivery
						</PartnerLink>
					</div>
					{isDatedOccasion(category.slug) ? <OccasionReminder occasion={category.slug} /> : null}
					<AffiliateDisclosure className="mt-4" />
					<WhoDelivers place="Arizona" />
				</div>
				<HeroPhotos data={loaderData.products} label={`${category.title} arrangements`} />
			</section>

			<section id="collection" aria-labelledby="collection-title" className="container-page scroll-mt-28 py-10">
				<h2 id="collection-title" className="section-title">
					Premium {category.title} Collection
				</h2>
				<p className="mt-3 max-w-2xl text-stone-700">{category.description}</p>
				<div className="mt-8">
					{loaderData.assortments.length > 0 ? (
						<AssortmentLinks assortments={loaderData.assortments} view={loaderData.view} allLabel={`All ${category.title.toLowerCase()}`} />
					) : null}
					{known ? <GridViewControls view={loaderData.view} /> : null}
					<ProductGrid data={loaderData.products} partnerUrl={partnerUrl} view={loaderData.view} />
				</div>
			</section>

			{category.guidance.length > 0 ? (
				<section aria-labelledby="guidance-title" className="container-page below-fold py-10">
					<h2 id="guidance-title" className="section-title">
						Before you send {category.title.toLowerCase()}
					</h2>
					<div className="mt-6 grid gap-6 lg:grid-cols-2">
						{category.guidance.map((section) => (
							<InfoCard key={section.title} title={section.title} paragraphs={section.paragraphs} />
						))}
					</div>
				</section>
			) : null}

			<section aria-labelledby="see-all-title" className="container-page py-12">
				<div className="rounded-3xl bg-brand-900 px-6 py-12 text-center text-white sm:px-12">
					<Flower2 aria-hidden="true" className="mx-auto size-10 text-brand-200" />
					<h2 id="see-all-title" className="mt-4 font-serif text-3xl font-semibold">
						See All {category.title} Arrangements
					</h2>
					<p className="mx-auto mt-3 max-w-xl text-brand-100">Every arrangement in the collection, delivered by a local Arizona florist.</p>
					<PartnerLink href={partnerUrl} className="btn mt-6 bg-white text-brand-900 hover:bg-brand-50">
						Browse Complete {category.title} Collection
					</PartnerLink>
					<AffiliateDisclosure className="mt-4" onDark />
				</div>
			</section>
		</>
	)
}
