import type { Product } from '#app/domain/product.ts'
import type { PageLoader } from '#app/server/partner/page-cache.server.ts'
import { plainText, type ApiProduct, type FloristOneClient } from '#app/server/partner/floristone.server.ts'
import { guarded, type SourceDeps } from '#app/server/partner/source-guard.server.ts'

function httpUrl(value: string | undefined): string | undefined {
	if (!value) return undefined
	try {
		const url = new URL(value.trim())
		return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined
	} catch {
		return undefined
	}
}

/** The most pages one list may take, however the partner counts. */
const MAX_API_PAGES = 5

/**
 * The Florist One REST API as a product source. The URL (the cache key) names
 * the category code, how many products and from where; pages are read with
 * `count`/`start` until that many are in or `TOTAL` says there are no more.
 * Product links open the partner's product page for the code.
 */
export function createFloristOneLoader(deps: SourceDeps & { client: FloristOneClient; productUrl: (code: string) => string }): PageLoader {
	return async (listUrl, signal) => {
		const wanted = new URL(listUrl)
		const code = wanted.searchParams.get('category') ?? ''
		const count = Math.max(1, Number(wanted.searchParams.get('count')) || 12)
		let start = Math.max(1, Number(wanted.searchParams.get('start')) || 1)
		const items: ApiProduct[] = []
		const answers: string[] = []
		for (let page = 0; page < MAX_API_PAGES && items.length < count; page += 1) {
			const url = deps.client.productsUrl(code, count - items.length, start)
			const { products, total } = await guarded(deps, url, () => deps.client.getProductsPage(url, signal))
			answers.push(JSON.stringify({ start, total, codes: products.map((product) => product.CODE) }))
			items.push(...products)
			start += products.length
			if (products.length === 0 || total === undefined || start > total) break
		}
		const seen = new Set<string>()
		const products: Product[] = items.flatMap((item) => {
			const image = httpUrl(item.LARGE) ?? httpUrl(item.SMALL)
			if (!image || seen.has(item.CODE)) return []
			seen.add(item.CODE)
			const price = typeof item.PRICE === 'number' ? item.PRICE : Number(String(item.PRICE ?? '').replace(/[^\d.]/g, ''))
			const description = plainText(item.DESCRIPTION, 400)
			const dimension = plainText(item.DIMENSION, 140)
			return [
				{
					title: plainText(item.NAME, 140) ?? 'View Product',
					image,
					url: deps.productUrl(item.CODE),
					...(item.PRICE !== undefined && Number.isFinite(price) && price > 0 ? { price: `$${price.toFixed(2)}` } : {}),
					...(description ? { description } : {}),
					...(dimension ? { dimension } : {}),
				},
			]
		})
		return { html: answers.join('\n'), products: products.slice(0, count) }
	}
}
