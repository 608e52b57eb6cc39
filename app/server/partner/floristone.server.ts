// No bundler features (subpath imports, which Node resolves itself): `npm run check:partner` runs this module outside the bundle.
import { parse } from 'node-html-parser'
import { z } from 'zod'
import { calendarDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import { DEFAULT_SAFE_FETCH, safeFetchText, UpstreamError } from '#app/server/partner/fetch-page.server.ts'

/**
 * Florist One's REST API (free for affiliates; HTTP Basic with the API key and
 * password): the product lists of its categories, the delivery dates of a
 * ZIP and what an order to a ZIP costs in all. The credentials are sent only to the API's own host.
 */

const CREDENTIALS_REFUSED = 'Florist One API refused the credentials (403)'

const apiProduct = z.object({
	CODE: z.string().trim().min(1),
	NAME: z.string().trim().min(1),
	DESCRIPTION: z.string().optional().catch(undefined),
	PRICE: z.union([z.number(), z.string()]).optional(),
	SMALL: z.string().optional().catch(undefined),
	LARGE: z.string().optional().catch(undefined),
	DIMENSION: z.string().optional().catch(undefined),
})

const productsAnswer = z.object({
	PRODUCTS: z.array(z.unknown()),
	TOTAL: z.coerce.number().int().nonnegative().optional().catch(undefined),
})

const datesAnswer = z.object({ DATES: z.array(z.string()) })

const money = z.coerce.number().finite().nonnegative()
/** `gettotal` also answers ORDERNO, a number for an order that does not exist: it is never read. */
const totalAnswer = z.object({ SUBTOTAL: money, SERVICECHARGETOTAL: money, TAXTOTAL: money })

/** What the partner charges on top of a product's price for a ZIP: its service charge and the tax, in dollars. */
export type OrderTotal = { subtotal: number; serviceCharge: number; tax: number }

export type ApiProduct = z.infer<typeof apiProduct>

export type FloristOneClientOptions = {
	apiUrl: string
	apiKey: string
	apiPassword: string
	/** Defaults suit a page fetch; the operator's check shortens them. */
	deadlineMs?: number
	headersTimeoutMs?: number
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text)
	} catch {
		throw new UpstreamError('Florist One API answered with something other than JSON', { retryable: false })
	}
}

/** 'MM/DD/YYYY', an Arizona calendar date, never read through Date's UTC parsing. */
export function parsePartnerDate(value: string): CalendarDate | undefined {
	const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim())
	if (!match) return undefined
	return calendarDate(Number(match[3]), Number(match[1]), Number(match[2]))
}

/** Plain text from the partner's description (which may carry simple markup): each tag a space, entities decoded by the HTML parser. */
export function plainText(value: string | undefined, max: number): string | undefined {
	if (!value) return undefined
	const decoded = parse(value.replace(/<[^>]*>/g, ' ')).text
	const text = decoded.replace(/\s+/g, ' ').trim()
	if (!text) return undefined
	return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

export function createFloristOneClient(options: FloristOneClientOptions) {
	const base = options.apiUrl.replace(/\/+$/, '')
	const fetchOptions = {
		...DEFAULT_SAFE_FETCH,
		...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
		...(options.headersTimeoutMs ? { headersTimeoutMs: options.headersTimeoutMs } : {}),
		allowedHosts: new Set([new URL(base).host]),
	}
	const authorization = `Basic ${Buffer.from(`${options.apiKey}:${options.apiPassword}`).toString('base64')}`

	async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
		try {
			const response = await safeFetchText(url, fetchOptions, { headers: { authorization, accept: 'application/json' }, signal })
			return parseJson(response.text)
		} catch (error) {
			// A failed login is a 403 with an HTML page, not JSON.
			if (error instanceof UpstreamError && error.status === 403) throw new UpstreamError(CREDENTIALS_REFUSED, { status: 403, retryable: false })
			throw error
		}
	}

	return {
		/** The URL of one page of a category's products (1-based start). */
		productsUrl(code: string, count: number, start = 1): string {
			const url = new URL(`${base}/flowershop/getproducts`)
			url.searchParams.set('category', code)
			url.searchParams.set('count', String(count))
			url.searchParams.set('start', String(start))
			return url.toString()
		},
		/** One page of products; entries that do not have the API's shape are left out. */
		async getProductsPage(url: string, signal?: AbortSignal): Promise<{ products: ApiProduct[]; total: number | undefined }> {
			const parsed = productsAnswer.safeParse(await getJson(url, signal))
			if (!parsed.success) throw new UpstreamError('Florist One API answered in an unexpected shape', { retryable: false })
			const products = parsed.data.PRODUCTS.flatMap((item) => {
				const product = apiProduct.safeParse(item)
				return product.success ? [product.data] : []
			})
			return { products, total: parsed.data.TOTAL }
		},
		/** The dates the partner delivers to a ZIP, as Arizona calendar dates, sorted. */
		async deliveryDates(zip: string, signal?: AbortSignal): Promise<CalendarDate[]> {
			const url = new URL(`${base}/flowershop/checkdeliverydate`)
			url.searchParams.set('zipcode', zip)
			const parsed = datesAnswer.safeParse(await getJson(url.toString(), signal))
			if (!parsed.success) throw new UpstreamError('Florist One API answered the delivery dates in an unexpected shape', { retryable: false })
			const dates = parsed.data.DATES.flatMap((value) => parsePartnerDate(value) ?? [])
			return dates.sort((a, b) => a.year - b.year || a.month - b.month || a.day - b.day)
		},
		/**
		 * The price of one product delivered to a ZIP, without placing an order: the partner's
		 * `gettotal`, with the ZIP both as its own parameter (the partner's sample) and on the
		 * product's recipient (its plugin), and no tax of ours on top.
		 */
		async orderTotal(zip: string, product: { code: string; price: number }, signal?: AbortSignal): Promise<OrderTotal> {
			const url = new URL(`${base}/flowershop/gettotal`)
			url.searchParams.set('zipcode', zip)
			url.searchParams.set('products', JSON.stringify([{ CODE: product.code, PRICE: product.price, RECIPIENT: { ZIPCODE: zip } }]))
			url.searchParams.set('affiliatetax', '0')
			const parsed = totalAnswer.safeParse(await getJson(url.toString(), signal))
			if (!parsed.success) throw new UpstreamError('Florist One API answered the order total in an unexpected shape', { retryable: false })
			return { subtotal: parsed.data.SUBTOTAL, serviceCharge: parsed.data.SERVICECHARGETOTAL, tax: parsed.data.TAXTOTAL }
		},
	}
}

export type FloristOneClient = ReturnType<typeof createFloristOneClient>
