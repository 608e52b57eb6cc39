import { z } from 'zod'
import { cacheControl, FRESH_PAGE_SECONDS, keepFor, productsTag, REFRESHING_PAGE_SECONDS } from '#app/domain/cache-policy.ts'
import type { Route } from './+types/api.products'
import { json, parseQuery } from '#app/server/api-response.server.ts'
import { getCategory } from '#app/server/catalog-data.server.ts'
import { visitorMessage } from '#app/server/errors.server.ts'
import { partnerContext } from '#app/context.ts'

const querySchema = z.strictObject({
	category: z
		.string()
		.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a category slug such as birthday-flowers')
		.max(64),
})

/** GET /api/products?category={slug}: the category grid's products as JSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const query = parseQuery(request, querySchema)
	if ('error' in query) return query.error
	const category = getCategory(query.data.category)
	if (!category) return json({ error: `Unknown category "${query.data.category}"` }, 404)
	try {
		const shown = await context.get(partnerContext).products.getCategoryProducts(category)
		const edge: Record<string, string> = shown.fallback
			? {}
			: { 'Surrogate-Control': keepFor(shown.refreshing ? REFRESHING_PAGE_SECONDS : FRESH_PAGE_SECONDS), 'Surrogate-Key': productsTag(category.slug) }
		return json({ category: category.slug, products: shown.products }, 200, cacheControl.productsApi, edge)
	} catch (error) {
		return json({ error: visitorMessage(error) }, 502)
	}
}
