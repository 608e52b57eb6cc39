import type { Category } from '#app/domain/catalog-schema.ts'
import { pagePath } from '#app/domain/paths.ts'
import { titleFromSlug } from '#app/domain/slugs.ts'
import type { Crumb } from '#app/domain/structured-data.ts'

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
		guidance: category.guidance,
		checklist: category.checklist ?? [],
		crumbs,
	}
}

/** The partner's lists by category code, in words (the codes of docs/partner.md). */
const PARTNER_LISTS: Readonly<Record<string, string>> = {
	bd: 'birthday',
	an: 'anniversary',
	lr: 'love and romance',
	gw: 'get well',
	nb: 'new baby',
	sy: 'funeral and sympathy',
	ao: 'all-occasion',
	ty: 'thank-you',
	bs: 'best-seller',
	vd: 'Valentine’s Day',
	md: 'Mother’s Day',
	cm: 'Christmas',
	ea: 'Easter',
	tg: 'Thanksgiving',
}

/**
 * What a category page says when its grid is the same partner list as other categories' (Graduation
 * and Just Because both show the all-occasion list): the list's name where it is known, and the
 * other pages, linked.
 */
export function sharedSelection(code: string, others: readonly Pick<Category, 'slug' | 'title'>[]) {
	if (others.length === 0) return undefined
	return {
		list: PARTNER_LISTS[code],
		pages: others.map((other) => ({ title: other.title, path: pagePath('/categories/:slug', { slug: other.slug }) })),
	}
}

export type SharedSelection = NonNullable<ReturnType<typeof sharedSelection>>
