import { isbot } from 'isbot'
import { cacheControl, pageCaching } from '#app/domain/cache-policy.ts'
import {
	categoryCode,
	categoriesSharingList,
	categoryPartnerLink,
	getCategory,
	getCategoryBySpanishSlug,
	getSpanishCategory,
	occasionPath,
} from '#app/server/catalog-data.server.ts'
import { sharedSelection, type ShownCategory } from '#app/domain/category-page.ts'
import type { Lang } from '#app/words/locale.ts'
import { parseView } from '#app/domain/product-view.ts'
import type { CategoryPageMessages } from '#app/words/category-page-words.server.ts'
import { resolveQuickly } from '#app/server/deferred.server.ts'
import { loadErrorIn } from '#app/server/load-errors.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'

/** The occasion an address names, in the address's language: an English slug, or a Spanish one under /es/. */
export function shownCategory(slug: string, lang: Lang): ShownCategory | undefined {
	const category = lang === 'es' ? getCategoryBySpanishSlug(slug) : getCategory(slug)
	return category ? { ...category, path: occasionPath(lang, category.slug) } : undefined
}

/**
 * An occasion page's products: the grid in the view the address asks for (sort, price band, one of
 * the REST API's assortments), the note naming the other occasions that show the same list, the
 * partner's link, and the caching the page may have. A crawler's page waits for its grid, so its
 * structured data can list what the grid shows; a visitor's streams what is not in hand.
 */
export async function loadCategoryProducts(partner: PartnerServices, category: ShownCategory, request: Request, words: CategoryPageMessages, lang: Lang) {
	const url = new URL(request.url)
	// Assortments are lists of the REST API: without it, the plain category grid.
	const assortments = partner.usesRestApi ? (category.assortments ?? []).map(({ id, label }) => ({ id, label })) : []
	const view = parseView(
		url.searchParams,
		assortments.map((entry) => entry.id),
	)
	// The failure sentence, where the grid has one, in the page's language.
	const grid = partner.products
		.loadCategoryGrid(category, view)
		.then((loaded) => (loaded.error ? { ...loaded, error: loadErrorIn(lang, loaded.error) } : loaded))
	const products = isbot(request.headers.get('user-agent')) ? await grid : (await resolveQuickly(grid)).value
	// The category's own list (not one of its assortments) may be another category's too: the page says so.
	const others = categoriesSharingList(category).flatMap(
		(other) => shownCategory(lang === 'es' ? (getSpanishCategory(other.slug)?.esSlug ?? '') : other.slug, lang) ?? [],
	)
	const shared = view.assortment ? undefined : sharedSelection(categoryCode(category), others, words)
	// A sorted, banded or narrowed view (or any other query) is for this visitor: shared caches keep only the plain grid.
	// The 10 May page shows Mother's Day's list, and is kept and dropped with it.
	const productsOf = category.slug === 'dia-de-las-madres' ? 'mothers-day' : category.slug
	const headers = url.search ? { 'Cache-Control': cacheControl.privateFor(300) } : pageCaching([products], [productsOf])
	return { products, view, assortments, shared, partnerUrl: categoryPartnerLink(partner.links, category), headers }
}
