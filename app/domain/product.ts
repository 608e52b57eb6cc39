import { z } from 'zod'
import type { Delivered } from '#app/domain/price-quote.ts'

const httpUrl = z.url({ protocol: /^https?$/ })

/** An arrangement taken from a partner page (SPEC §3 "Scraped product"); never stored as markup. */
export const productSchema = z.object({
	title: z.string().min(1),
	/** Display text such as '$49.99', when one was found. */
	price: z.string().optional(),
	/** Absolute http(s) URL. */
	image: httpUrl,
	/** Absolute http(s) URL on the partner site. */
	url: httpUrl,
	/** The partner's description, plain text (REST API). */
	description: z.string().max(400).optional(),
	/** The arrangement's size as the partner states it, e.g. 'Approximately 15" W x 16" H' (REST API). */
	dimension: z.string().max(140).optional(),
})

export type Product = z.infer<typeof productSchema>

/** Products stored as JSON; anything that no longer matches the schema is dropped. */
export function parseStoredProducts(json: string): Product[] {
	let value: unknown
	try {
		value = JSON.parse(json)
	} catch {
		return []
	}
	const result = z.array(z.unknown()).safeParse(value)
	if (!result.success) return []
	return result.data.flatMap((item) => {
		const product = productSchema.safeParse(item)
		return product.success ? [product.data] : []
	})
}

/**
 * A product as pages show it: its link carries the affiliate parameters, and
 * its photo is named by id and served from our own origin (see photos.ts), so
 * no partner image address reaches a page.
 */
export type ShownProduct = Omit<Product, 'image'> & {
	photo: string
	/** On a city page with the partner's figures for its ZIP: the whole price delivered there, shown as e.g. 'about $57.74 delivered to Phoenix'. */
	delivered?: Delivered
}
