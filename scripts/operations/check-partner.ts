/**
 * `npm run check:partner`: the operator's live check of the partner the
 * settings point at. It follows every outbound link hop by hop and checks that
 * the affiliate parameters survive each redirect, checks the product source
 * (the REST API, or the category pages the site would scrape), the delivery
 * dates of Phoenix and what the partner adds to an order there (service charge and tax), and prints one row per check. Exit 0 when nothing failed,
 * 1 when a check failed, 2 when the settings or data files are unusable.
 * Requests are spaced apart and the whole run is time-boxed.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { isPartnerUrl } from '#app/domain/affiliate.ts'
import { validateCatalog, type Catalog } from '#app/domain/catalog.ts'
import type { Category } from '#app/domain/catalog-schema.ts'
import type { CalendarDate } from '#app/domain/calendar-date.ts'
import { arizonaNow } from '#app/domain/delivery.ts'
import { createPartnerLinks, partnerUrl, seasonalCode, type PartnerLinks } from '#app/domain/partner-links.ts'
import {
	extractProducts,
	DEFAULT_SAFE_FETCH,
	safeFetchText,
	UpstreamError,
	createFloristOneClient,
	type ApiProduct,
	type FloristOneClient,
} from '#app/server/offers/partner-tools.server.ts'
import { parseSettings, SettingsError, type Settings } from '#app/server/settings.server.ts'
import { readDataFiles } from '#vite-plugins/read-data-files.ts'

/** The city whose link and delivery dates are checked. */
const CHECK_CITY = 'phoenix'
const REQUEST_TIMEOUT_MS = 10_000
/** Requests per link, the first one included. */
const MAX_HOPS = 5
const BUDGET_SPENT = 'not checked: time budget spent'

type Result = 'ok' | 'FAIL' | 'skip'

type Row = {
	check: string
	result: Result
	status: string
	host: string
	affiliateKept: 'yes' | 'no' | 'not reached' | '-'
	detail: string
}

type Limits = { gapMs: number; budgetMs: number }

/** A row with nothing fetched. */
function row(check: string, result: Result, detail: string, extra: Partial<Row> = {}): Row {
	return { check, result, status: '-', host: '-', affiliateKept: '-', detail, ...extra }
}

/** The pacing and time budget of a run, from CHECK_PARTNER_GAP_MS and CHECK_PARTNER_BUDGET_SECONDS. */
function readLimits(env: Record<string, string | undefined>): Limits {
	const number = (name: string, fallback: number) => {
		const raw = env[name]?.trim()
		if (!raw) return fallback
		const value = Number(raw)
		if (!Number.isFinite(value) || value < 0) throw new SettingsError([`${name}: must be a number, 0 or more`])
		return value
	}
	const budgetSeconds = number('CHECK_PARTNER_BUDGET_SECONDS', 60)
	if (budgetSeconds === 0) throw new SettingsError(['CHECK_PARTNER_BUDGET_SECONDS: must be more than 0'])
	return { gapMs: number('CHECK_PARTNER_GAP_MS', 250), budgetMs: budgetSeconds * 1000 }
}

/**
 * Spaces every request of the run at least `gapMs` apart (redirect hops
 * included) and stops them all once the time budget is spent.
 */
function createPacer(limits: Limits) {
	const budget = AbortSignal.timeout(limits.budgetMs)
	let nextTurn = 0
	return {
		budget,
		/** Waits for the next request's turn; throws once the budget is spent. */
		async turn() {
			budget.throwIfAborted()
			const now = Date.now()
			const start = Math.max(now, nextTurn)
			nextTurn = start + limits.gapMs
			if (start > now) await sleep(start - now, undefined, { signal: budget })
		},
		/** A signal for one request: its own timeout, or the end of the budget. */
		requestSignal: () => AbortSignal.any([AbortSignal.timeout(REQUEST_TIMEOUT_MS), budget]),
	}
}

type Pacer = ReturnType<typeof createPacer>

/** Routes every fetch of this process, the shared helpers' included, through the pacer. */
function paceAllRequests(pacer: Pacer) {
	const plainFetch = globalThis.fetch
	globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
		await pacer.turn()
		return plainFetch(input, init)
	}) as typeof fetch
}

/** A short reason for a failed request, never its headers. */
function reason(error: unknown): string {
	if (error instanceof DOMException && error.name === 'TimeoutError') return `timed out after ${REQUEST_TIMEOUT_MS / 1000} s`
	if (!(error instanceof Error)) return String(error)
	const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
	return `${error.message}${cause}`
}

/** Runs one check, unless the budget is spent; a thrown error becomes a FAIL row. */
async function runCheck(pacer: Pacer, check: string, body: () => Promise<Row>, context: Partial<Row> = {}): Promise<Row> {
	if (pacer.budget.aborted) return row(check, 'FAIL', BUDGET_SPENT)
	try {
		return await body()
	} catch (error) {
		if (pacer.budget.aborted) return row(check, 'FAIL', BUDGET_SPENT, context)
		const status = error instanceof UpstreamError && error.status ? String(error.status) : '-'
		return row(check, 'FAIL', reason(error), { ...context, status })
	}
}

/** Values of a query parameter, its name compared case-insensitively as the partner's ColdFusion does. */
function queryValues(url: URL, name: string): string[] {
	return [...url.searchParams].filter(([key]) => key.toLowerCase() === name.toLowerCase()).map(([, value]) => value)
}

/** What is wrong with a URL's affiliate parameters, or undefined when both are there once with our values. */
function affiliateProblem(url: URL, affiliateId: string): string | undefined {
	const ids = queryValues(url, 'AffiliateID')
	const sources = queryValues(url, 'source_id')
	if (ids.length === 0) return 'affiliate id lost'
	if (ids.length > 1) return `affiliate id appears ${ids.length} times`
	if (ids[0] !== affiliateId) return `affiliate id changed to "${ids[0]}"`
	if (sources.length === 0) return 'source_id=aff lost'
	if (sources.length > 1 || sources[0]?.toLowerCase() !== 'aff') return `source_id is "${sources.join(',')}", not aff`
	return undefined
}

type LinkOutcome = {
	/** The last answer's status; undefined when the last request failed. */
	status: number | undefined
	url: URL
	hops: number
	lost: string | undefined
	stillRedirecting: boolean
	failure: string | undefined
}

/** Follows a link as a visitor's browser would, one redirect at a time, checking the affiliate parameters at every hop. */
async function followLink(href: string, affiliateId: string, pacer: Pacer): Promise<LinkOutcome> {
	let url = new URL(href)
	let lost: string | undefined
	for (let hop = 1; ; hop += 1) {
		const problem = affiliateProblem(url, affiliateId)
		if (problem && !lost) lost = `${problem} at hop ${hop} (${url})`
		let response: Response
		try {
			response = await fetch(url, { redirect: 'manual', signal: pacer.requestSignal() })
		} catch (error) {
			if (pacer.budget.aborted) throw error
			return { status: undefined, url, hops: hop, lost, stillRedirecting: false, failure: `hop ${hop} failed (${url}): ${reason(error)}` }
		}
		await response.body?.cancel().catch(() => undefined)
		const location = response.headers.get('location')
		const redirected = response.status >= 300 && response.status < 400 && Boolean(location)
		if (!redirected || hop >= MAX_HOPS) return { status: response.status, url, hops: hop, lost, stillRedirecting: redirected, failure: undefined }
		url = new URL(location ?? '', url)
	}
}

/** Why a followed link fails, or nothing when it ends in a 2xx answer with the affiliate parameters kept at every hop. */
function linkProblems(outcome: LinkOutcome): string[] {
	const problems: string[] = []
	if (outcome.failure) problems.push(outcome.failure)
	else if (outcome.stillRedirecting) problems.push(`still redirecting after ${MAX_HOPS} hops`)
	else if (outcome.status === undefined || outcome.status < 200 || outcome.status >= 300) problems.push(`answered ${outcome.status}`)
	if (outcome.lost) problems.push(outcome.lost)
	return problems
}

/** The row of one outbound link, with the final answer's status and host. */
async function checkLink(check: string, href: string, settings: Settings, pacer: Pacer): Promise<Row> {
	return runCheck(
		pacer,
		check,
		async () => {
			const outcome = await followLink(href, settings.AFFILIATE_ID, pacer)
			const problems = linkProblems(outcome)
			const found = outcome.hops === 1 ? 'answered at once' : `${outcome.hops - 1} redirect${outcome.hops > 2 ? 's' : ''}, ending at ${outcome.url.pathname}`
			const notes = isPartnerUrl(outcome.url, settings.PARTNER_BASE_URL) ? [] : [`warning: ends on ${outcome.url.host}, off the partner's domain`]
			return row(check, problems.length > 0 ? 'FAIL' : 'ok', [...(problems.length > 0 ? problems : [found]), ...notes].join('; '), {
				status: outcome.status === undefined ? '-' : String(outcome.status),
				host: outcome.url.host,
				// A link whose last hop got no answer was never seen to keep the parameters (a loss seen on the way still says no).
				affiliateKept: outcome.lost ? 'no' : outcome.failure ? 'not reached' : 'yes',
			})
		},
		{ host: new URL(href).host },
	)
}

/** A category's partner code today, its seasonal fallback applied. */
function todaysCode(category: Category, today: CalendarDate): string {
	return seasonalCode(category.partnerCode, category.fallbackCode, today)
}

type LinkCheck = { check: string; href: string }

/** Every outbound link the site emits, but the product link (which needs a product code). */
function outboundLinks(catalog: Catalog, links: PartnerLinks, today: CalendarDate): LinkCheck[] | string {
	const city = catalog.cities.cities.find((entry) => entry.slug === CHECK_CITY)
	if (!city) return `no city "${CHECK_CITY}" in data/cities.json`
	return [
		{ check: 'link storefront', href: links.storefront() },
		{ check: 'link arizona', href: links.arizona() },
		{ check: 'link orderNow', href: links.orderNow() },
		{ check: 'link sameDay', href: links.sameDay() },
		{ check: `link city ${city.slug}`, href: links.city({ slug: city.slug, name: city.name, zip: city.zipCodes[0] ?? '' }) },
		...catalog.categories.map((category) => ({
			check: `link category ${category.slug}`,
			href: links.category(todaysCode(category, today), category.partnerTemplate),
		})),
	]
}

/** What the product source checks found: their rows and a product code for the product link, or why there is none. */
type SourceOutcome = { rows: Row[]; productCode: string | undefined; noProductReason: string; refused: boolean; priced?: PricedProduct }

type PricedProduct = { code: string; price: number }

/** The first product with a usable price, for the order total. */
function pricedProduct(products: readonly ApiProduct[]): PricedProduct | undefined {
	for (const product of products) {
		const price = Number(product.PRICE)
		if (Number.isFinite(price) && price > 0) return { code: product.CODE, price }
	}
	return undefined
}

/** The REST API: the credentials once, then every category's list. */
async function checkRestSource(client: FloristOneClient, catalog: Catalog, today: CalendarDate, apiHost: string, pacer: Pacer): Promise<SourceOutcome> {
	const rows: Row[] = []
	let productCode: string | undefined
	let priced: PricedProduct | undefined
	let refused = false
	const context = { host: apiHost }
	const first = catalog.categories[0]
	rows.push(
		await runCheck(
			pacer,
			'rest credentials',
			async () => {
				try {
					const { products } = await client.getProductsPage(client.productsUrl(first ? todaysCode(first, today) : '', 4, 1), pacer.budget)
					productCode = products[0]?.CODE
					priced = pricedProduct(products)
					return row('rest credentials', 'ok', 'the API accepted the key and password', { ...context, status: '2xx' })
				} catch (error) {
					if (!(error instanceof UpstreamError) || error.status !== 403) throw error
					refused = true
					return row('rest credentials', 'FAIL', 'credentials refused (403)', { ...context, status: '403' })
				}
			},
			context,
		),
	)
	for (const category of catalog.categories) {
		const check = `rest category ${category.slug}`
		if (refused) {
			rows.push(row(check, 'FAIL', 'not checked: credentials refused (403)', context))
			continue
		}
		rows.push(
			await runCheck(
				pacer,
				check,
				async () => {
					const code = todaysCode(category, today)
					if (!code) return row(check, 'FAIL', 'no partner code', context)
					const { products, total } = await client.getProductsPage(client.productsUrl(code, 4, 1), pacer.budget)
					if (products.length === 0) return row(check, 'FAIL', `no products (code ${code})`, { ...context, status: '2xx' })
					productCode ??= products[0]?.CODE
					priced ??= pricedProduct(products)
					const count = total === undefined ? `${products.length}+` : String(total)
					return row(check, 'ok', `${count} products (code ${code}), first ${products[0]?.CODE}`, { ...context, status: '2xx' })
				},
				context,
			),
		)
	}
	const noProductReason = refused ? 'no product code: credentials refused (403)' : 'no product code: the REST API lists no products'
	return { rows, productCode, noProductReason, refused, priced }
}

/** The product code a scraped product link opens (detail.cfm?dcode=…). */
function codeOfProductLink(href: string): string | undefined {
	try {
		return queryValues(new URL(href), 'dcode')[0] || undefined
	} catch {
		return undefined
	}
}

/** Without REST credentials: every category's partner page, fetched as the site's crawler would, must yield products. */
async function checkScrapeSource(catalog: Catalog, settings: Settings, today: CalendarDate, pacer: Pacer): Promise<SourceOutcome> {
	const rows: Row[] = []
	let productCode: string | undefined
	const partnerHost = new URL(settings.PARTNER_BASE_URL).host
	const fetchOptions = { ...DEFAULT_SAFE_FETCH, headersTimeoutMs: REQUEST_TIMEOUT_MS, deadlineMs: REQUEST_TIMEOUT_MS, allowedHosts: new Set([partnerHost]) }
	for (const category of catalog.categories) {
		const check = `scrape category ${category.slug}`
		const pageUrl = partnerUrl(category.partnerTemplate ?? catalog.partner.links.category, { code: todaysCode(category, today) }, settings.PARTNER_BASE_URL)
		rows.push(
			await runCheck(
				pacer,
				check,
				async () => {
					const page = await safeFetchText(pageUrl, fetchOptions, { signal: pacer.budget }).catch((error: unknown) => {
						if (error instanceof UpstreamError && error.status)
							throw new UpstreamError(`partner page answered ${error.status}`, { status: error.status, retryable: false })
						throw error
					})
					const finalUrl = new URL(page.url)
					const products = extractProducts(page.text, page.url)
					const context = { status: '2xx', host: finalUrl.host }
					if (products.length === 0) return row(check, 'FAIL', `page yields no products (${finalUrl.pathname}${finalUrl.search})`, context)
					productCode ??= products.map((product) => codeOfProductLink(product.url)).find(Boolean)
					return row(check, 'ok', `${products.length} products on ${finalUrl.pathname}${finalUrl.search}`, context)
				},
				{ host: partnerHost },
			),
		)
	}
	return { rows, productCode, noProductReason: 'no product code: no category page yields a product link with a dcode', refused: false }
}

/** 'MM/DD/YYYY', as the partner writes dates. */
function partnerDate(date: CalendarDate): string {
	const pad = (n: number) => String(n).padStart(2, '0')
	return `${pad(date.month)}/${pad(date.day)}/${date.year}`
}

/** The dates the partner delivers to the city's first ZIP. */
async function checkDeliveryDates(client: FloristOneClient, zip: string, apiHost: string, pacer: Pacer): Promise<Row> {
	const check = `delivery dates ${zip}`
	const context = { host: apiHost }
	return runCheck(
		pacer,
		check,
		async () => {
			const dates = await client.deliveryDates(zip, pacer.budget)
			const next = dates[0]
			if (!next) return row(check, 'FAIL', 'the API offers no delivery dates', { ...context, status: '2xx' })
			return row(check, 'ok', `${dates.length} dates, next ${partnerDate(next)}`, { ...context, status: '2xx' })
		},
		context,
	)
}

/** What the partner adds to a product delivered to the city's first ZIP (its `gettotal`; no order is placed). */
async function checkOrderTotal(client: FloristOneClient, zip: string, product: PricedProduct, apiHost: string, pacer: Pacer): Promise<Row> {
	const check = `order total ${zip}`
	const context = { host: apiHost }
	return runCheck(
		pacer,
		check,
		async () => {
			const total = await client.orderTotal(zip, product, pacer.budget)
			const detail = `${product.code} $${total.subtotal.toFixed(2)}: service charge $${total.serviceCharge.toFixed(2)}, tax $${total.tax.toFixed(2)}`
			return row(check, 'ok', detail, { ...context, status: '2xx' })
		},
		context,
	)
}

/** Whether links earn: ok for a numeric id, a warning for another id, FAIL for the placeholder. */
function checkAffiliateId(settings: Settings): Row {
	if (settings.affiliateIdIsPlaceholder) return row('affiliate id', 'FAIL', settings.affiliateIdWarning ?? 'AFFILIATE_ID is not set')
	if (settings.affiliateIdWarning) return row('affiliate id', 'skip', `warning: ${settings.affiliateIdWarning}`)
	return row('affiliate id', 'ok', `${settings.AFFILIATE_ID} is numeric`)
}

const COLUMNS = [
	['check', 'check'],
	['result', 'result'],
	['status', 'HTTP'],
	['host', 'final host'],
	['affiliateKept', 'affiliate kept'],
	['detail', 'detail'],
] as const satisfies readonly (readonly [keyof Row, string])[]

/** The rows as an aligned table, detail last. */
function formatTable(rows: Row[]): string {
	const lines = [COLUMNS.map(([, title]) => title), ...rows.map((entry) => COLUMNS.map(([key]) => entry[key]))]
	const widths = COLUMNS.map((_, index) => Math.max(...lines.map((cells) => cells[index]?.length ?? 0)))
	return lines
		.map((cells) =>
			cells
				.map((cell, index) => (index === cells.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
				.join('  ')
				.trimEnd(),
		)
		.join('\n')
}

/** The first lines of output: what is checked, never a key or password. */
function describeRun(settings: Settings, hasRest: boolean, limits: Limits): string {
	const source = hasRest
		? `Florist One REST API at ${settings.FLORISTONE_API_URL} (key and password set, not shown)`
		: settings.FIRECRAWL_API_KEY
			? 'Firecrawl (not called here: the partner pages it would crawl are fetched directly)'
			: 'the partner pages, fetched directly (no REST credentials)'
	return [
		'Checking the partner live:',
		`  partner base URL  ${settings.PARTNER_BASE_URL}`,
		`  affiliate id      ${settings.AFFILIATE_ID}${settings.affiliateIdIsPlaceholder ? ' (placeholder: AFFILIATE_ID is not set)' : ''}`,
		`  product source    ${source}`,
		`  requests ${limits.gapMs} ms apart, ${REQUEST_TIMEOUT_MS / 1000} s each, ${limits.budgetMs / 1000} s in all`,
		'',
	].join('\n')
}

/** The settings, limits and data files, or exit 2 naming what is wrong. */
function loadInputs(): { settings: Settings; limits: Limits; catalog: Catalog } {
	try {
		return { settings: parseSettings(process.env), limits: readLimits(process.env), catalog: validateCatalog(readDataFiles(process.cwd())) }
	} catch (error) {
		// A SettingsError or DataFileError names every bad value; a data file that is not JSON is named too.
		console.error(error instanceof Error ? error.message : String(error))
		process.exit(2)
	}
}

/** Runs every check in order and prints the table; the exit code says whether any failed. */
async function main() {
	const { settings, limits, catalog } = loadInputs()
	const hasRest = Boolean(settings.FLORISTONE_API_KEY && settings.FLORISTONE_API_PASSWORD)
	console.log(describeRun(settings, hasRest, limits))

	const pacer = createPacer(limits)
	paceAllRequests(pacer)
	const today = arizonaNow(new Date()).today
	const links = createPartnerLinks(catalog.partner.links, { partnerBaseUrl: settings.PARTNER_BASE_URL, affiliateId: settings.AFFILIATE_ID })
	const apiHost = new URL(settings.FLORISTONE_API_URL).host
	const client =
		settings.FLORISTONE_API_KEY && settings.FLORISTONE_API_PASSWORD
			? createFloristOneClient({
					apiUrl: settings.FLORISTONE_API_URL,
					apiKey: settings.FLORISTONE_API_KEY,
					apiPassword: settings.FLORISTONE_API_PASSWORD,
					deadlineMs: REQUEST_TIMEOUT_MS,
					headersTimeoutMs: REQUEST_TIMEOUT_MS,
				})
			: undefined

	const linkRows: Row[] = []
	const linkChecks = outboundLinks(catalog, links, today)
	if (typeof linkChecks === 'string') linkRows.push(row(`link city ${CHECK_CITY}`, 'FAIL', linkChecks))
	else for (const { check, href } of linkChecks) linkRows.push(await checkLink(check, href, settings, pacer))

	const source = client ? await checkRestSource(client, catalog, today, apiHost, pacer) : await checkScrapeSource(catalog, settings, today, pacer)
	if (!client && settings.FIRECRAWL_API_KEY) source.rows.push(row('firecrawl', 'skip', 'not checked: costs crawl credits'))
	const productRow = source.productCode
		? await checkLink(`link product ${source.productCode}`, links.product(source.productCode), settings, pacer)
		: row('link product', pacer.budget.aborted ? 'FAIL' : 'skip', pacer.budget.aborted ? BUDGET_SPENT : source.noProductReason)

	const zip = catalog.cities.cities.find((city) => city.slug === CHECK_CITY)?.zipCodes[0]
	const deliveryRow = !zip
		? row('delivery dates', 'FAIL', `no city "${CHECK_CITY}" in data/cities.json`)
		: !client
			? row(`delivery dates ${zip}`, 'skip', 'no REST credentials')
			: source.refused
				? row(`delivery dates ${zip}`, 'FAIL', 'not checked: credentials refused (403)', { host: apiHost })
				: await checkDeliveryDates(client, zip, apiHost, pacer)

	const totalRow = !zip
		? row('order total', 'FAIL', `no city "${CHECK_CITY}" in data/cities.json`)
		: !client
			? row(`order total ${zip}`, 'skip', 'no REST credentials')
			: !source.priced
				? row(`order total ${zip}`, 'FAIL', source.refused ? 'not checked: credentials refused (403)' : 'not checked: no product with a price', {
						host: apiHost,
					})
				: await checkOrderTotal(client, zip, source.priced, apiHost, pacer)

	const rows = [...linkRows, productRow, ...source.rows, deliveryRow, totalRow, checkAffiliateId(settings)]
	console.log(formatTable(rows))
	const count = (result: Result) => rows.filter((entry) => entry.result === result).length
	console.log(`\n${count('ok')} ok, ${count('FAIL')} failed, ${count('skip')} skipped`)
	process.exitCode = count('FAIL') > 0 ? 1 : 0
}

await main()
