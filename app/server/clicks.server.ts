import { createHash, randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import { CLICK_RETENTION_DAYS, CLICK_ROWS_PER_DAY, CLICKS_PER_ADDRESS_PER_DAY, clickDay, clickPlace, networkOf, type ClickBeacon } from '#app/domain/clicks.ts'
import { pagePath } from '#app/domain/paths.ts'
import type { DatabaseSchema } from '#app/server/db.server.ts'
import { getSitePages } from '#app/server/site-pages.server.ts'

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000
/** When each store was last pruned of days past the retention limit. */
const lastPrune = new WeakMap<Kysely<DatabaseSchema>, number>()

let sitePaths: Set<string> | undefined
/** The pages with partner links: every page of the sitemap, and the search page. */
function isSitePage(page: string): boolean {
	sitePaths ??= new Set([...getSitePages().map((item) => item.path), pagePath('/search')])
	return sitePaths.has(page)
}

/**
 * What a beacon may count: a page of this site and, for a product, a product the site shows
 * (as the product service knows them). Returns the problems, none for a beacon that may count.
 */
export async function clickProblems(beacon: ClickBeacon, products: { shownProductCodes(): Promise<ReadonlySet<string>> }): Promise<string[]> {
	const problems: string[] = []
	if (!isSitePage(beacon.page)) problems.push('page: not a page of this site')
	if (beacon.product && !(await products.shownProductCodes()).has(beacon.product)) problems.push('product: not a product this site shows')
	return problems
}

// Addresses are held only as salted hashes, in memory, for the day; nothing about them is stored.
const salt = randomBytes(16)
const clicksByAddress = new LRUCache<string, number>({ max: 100_000 })
const hashed = (text: string) => createHash('sha256').update(salt).update(text).digest('base64url').slice(0, 22)
/** The day's (page, product, address) and (page, product, network) pairs already counted as a visitor or a network. */
const seenToday = new LRUCache<string, true>({ max: 200_000 })

/** Whether `key` is new today (and remembers it). */
function firstToday(key: string): boolean {
	if (seenToday.has(key)) return false
	seenToday.set(key, true)
	return true
}

/** Takes one of the address's clicks for the day; false once its share is used up. */
export function takeAddressShare(address: string, now = new Date()): boolean {
	const key = `${clickDay(now)}:${hashed(address)}`
	const used = clicksByAddress.get(key) ?? 0
	if (used >= CLICKS_PER_ADDRESS_PER_DAY) return false
	clicksByAddress.set(key, used + 1)
	return true
}

/**
 * Counts one click on a partner link: the day's count for its page, city,
 * category and product goes up by one, and so do its visitors and networks when
 * the click is the first of the day from this address and from its network
 * (the address itself is never stored). A new combination is refused once the
 * day holds CLICK_ROWS_PER_DAY of them; days past the retention limit are
 * removed, at most once an hour per process. Returns whether it was counted.
 */
export async function recordClick(db: Kysely<DatabaseSchema>, beacon: ClickBeacon, now = new Date(), address = ''): Promise<boolean> {
	const day = clickDay(now)
	const key = { day, page: beacon.page, ...clickPlace(beacon.page), product: beacon.product ?? '' }
	const pair = `${day}|${key.page}|${key.product}`
	const visitor = firstToday(`${pair}|a|${hashed(address)}`) ? 1 : 0
	const network = firstToday(`${pair}|n|${hashed(networkOf(address))}`) ? 1 : 0
	const counted = await db
		.updateTable('click_days')
		.set({ clicks: sql`clicks + 1`, visitors: sql`visitors + ${visitor}`, networks: sql`networks + ${network}` })
		.where('day', '=', key.day)
		.where('page', '=', key.page)
		.where('city', '=', key.city)
		.where('category', '=', key.category)
		.where('product', '=', key.product)
		.executeTakeFirst()
	if (Number(counted.numUpdatedRows) === 0) {
		const rows = await db
			.selectFrom('click_days')
			.select((eb) => eb.fn.countAll<number>().as('count'))
			.where('day', '=', day)
			.executeTakeFirst()
		if (Number(rows?.count ?? 0) >= CLICK_ROWS_PER_DAY) return false
		await db
			.insertInto('click_days')
			.values({ ...key, clicks: 1, visitors: visitor, networks: network })
			.onConflict((conflict) =>
				conflict.columns(['day', 'page', 'city', 'category', 'product']).doUpdateSet({
					clicks: sql`click_days.clicks + 1`,
					visitors: sql`click_days.visitors + ${visitor}`,
					networks: sql`click_days.networks + ${network}`,
				}),
			)
			.execute()
	}
	if (now.getTime() - (lastPrune.get(db) ?? 0) > DAY_MS / 24) {
		lastPrune.set(db, now.getTime())
		await db
			.deleteFrom('click_days')
			.where('day', '<', clickDay(new Date(now.getTime() - CLICK_RETENTION_DAYS * DAY_MS)))
			.execute()
	}
	return true
}

/** How many visitors (each counted once a day per product) a city's pages need in the last 30 days before its sliders follow them. */
const POPULAR_MIN_VISITORS = 10
/**
 * How many networks a product's visitors must come from (summed over the days) before it may
 * lead a slider: a handful of addresses in one network, clicking as often as they are let, never
 * makes a product popular.
 */
const POPULAR_MIN_NETWORKS = 5
const POPULAR_DAYS = 30
const popularByCity = new LRUCache<string, string[]>({ max: 200, ttl: 10 * MINUTE_MS })

/**
 * The products most chosen on a city's page in the last 30 days, most first (at most 20): ranked
 * by visitors, never by raw clicks, and only products chosen from POPULAR_MIN_NETWORKS networks;
 * none until those products have POPULAR_MIN_VISITORS visitors in that time. Read at most every
 * 10 minutes per city.
 */
export async function popularProductCodes(db: Kysely<DatabaseSchema>, city: string, now = new Date()): Promise<string[]> {
	const cached = popularByCity.get(city)
	if (cached) return cached
	const rows = await db
		.selectFrom('click_days')
		.select((eb) => ['product', eb.fn.sum<number>('visitors').as('visitors')])
		.where('city', '=', city)
		.where('product', '!=', '')
		.where('day', '>=', clickDay(new Date(now.getTime() - POPULAR_DAYS * DAY_MS)))
		.groupBy('product')
		.having((eb) => eb.fn.sum('networks'), '>=', POPULAR_MIN_NETWORKS)
		.orderBy('visitors', 'desc')
		.orderBy('product')
		.limit(20)
		.execute()
	const total = rows.reduce((sum, row) => sum + Number(row.visitors), 0)
	const codes = total >= POPULAR_MIN_VISITORS ? rows.map((row) => row.product) : []
	popularByCity.set(city, codes)
	return codes
}
