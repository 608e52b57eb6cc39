import { z } from 'zod'
import type { Route } from './+types/api.products'
import { json, parseQuery } from '~/server/api-response.server.ts'
import { getCategory } from '~/server/catalog.server.ts'
import { errorMessage } from '~/server/page-cache.server.ts'
import { getCategoryProducts } from '~/server/products.server.ts'

const querySchema = z.strictObject({
	category: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a category slug such as birthday-flowers').max(64),
})

/** GET /api/products?category={slug}: the category grid's products as JSON. */
export async function loader({ request }: Route.LoaderArgs) {
	const query = parseQuery(request, querySchema)
	if ('error' in query) return query.error
	const category = getCategory(query.data.category)
	if (!category) return json({ error: `Unknown category "${query.data.category}"` }, 404)
	try {
		const products = await getCategoryProducts(category)
		// Fresh for 2 hours, then served stale for 2 more while a cache revalidates (SPEC §4).
		return json({ category: category.slug, products }, 200, 'public, max-age=7200, stale-while-revalidate=7200')
	} catch (error) {
		return json({ error: errorMessage(error) || 'Failed to fetch products' }, 502)
	}
}
