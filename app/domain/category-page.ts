import type { Category } from '#app/domain/catalog-schema.ts'
import { pagePath } from '#app/domain/paths.ts'
import { titleFromSlug } from '#app/domain/slugs.ts'
import { GENERIC_SAMPLE_PRODUCTS, type Crumb } from '#app/domain/structured-data.ts'

const UNKNOWN_DESCRIPTION = 'Beautiful flower arrangements for every occasion'

/**
 * What a category page says: the category's own texts, or for an unknown slug
 * the SPEC's generic page built from the slug (served with a 404 so made-up
 * addresses are never indexed), and its breadcrumbs, which the page shows and
 * its structured data repeats.
 */
export function buildCategoryPage(category: Category | undefined, slug: string) {
	const title = category?.title ?? (titleFromSlug(slug) || 'Flowers')
	const crumbs: Crumb[] = [
		{ name: 'Home', path: pagePath('/') },
		{ name: 'Categories', path: `${pagePath('/')}#categories` },
		{ name: title, path: pagePath('/categories/:slug', { slug }) },
	]
	if (!category) {
		return {
			slug,
			known: false,
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
			crumbs,
		}
	}
	return {
		slug: category.slug,
		known: true,
		title,
		description: category.description,
		heroText: category.heroText,
		icon: category.icon,
		serviceType: category.serviceType,
		seoTitle: category.seoTitle,
		seoDescription: category.seoDescription,
		sampleProducts: category.sampleProducts,
		guidance: category.guidance,
		checklist: category.checklist ?? [],
		crumbs,
	}
}
