import { createHash, randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import { CLICK_RETENTION_DAYS, CLICK_ROWS_PER_DAY, CLICKS_PER_ADDRESS_PER_DAY, clickDay, clickPlace, networkOf, type ClickBeacon } from '#app/domain/clicks.ts'
import { localPath } from '#app/domain/paths.ts'
import { writeFailure, type DatabaseSchema } from '#app/server/store/db.server.ts'
import { log } from '#app/server/log.server.ts'
import { getSitemapPages } from '#app/server/site-pages.server.ts'
import { alternatesFor } from '#app/server/twins.server.ts'

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000
/** How far back popularity reads, and how long a network, once counted, is not counted again. */
const POPULAR_DAYS = 30

const hashed = (salt: Buffer | string, text: string) => createHash('sha256').update(salt).update(text).digest('base64url').slice(0, 22)

/** The store's salt, chosen by the first click and kept in the store, so every process's hashes agree. */
async function readStoreSalt(db: Kysely<DatabaseSchema>): Promise<string> {
	await db
		.insertInto('click_salt')
		.values({ id: 1, salt: randomBytes(16).toString('base64url') })
		.onConflict((conflict) => conflict.column('id').doNothing())
		.execute()
	return (await db.selectFrom('click_salt').select('salt').where('id', '=', 1).executeTakeFirstOrThrow()).salt
}

/** The first day of the window popularity reads: a network counted before it may count again. */
const popularSince = (now: Date) => clickDay(new Date(now.getTime() - POPULAR_DAYS * DAY_MS))

/**
 * Whether `key` is counted now, remembering it in the store: a key not seen before, or (with
 * `since`) one last counted before that day. Any number of processes agree.
 */
async function firstSeen(db: Kysely<DatabaseSchema>, key: string, day: string, since?: string): Promise<boolean> {
	const result = await db
		.insertInto('click_seen')
		.values({ key, day })
		.onConflict((conflict) =>
			since === undefined ? conflict.column('key').doNothing() : conflict.column('key').doUpdateSet({ day }).where('click_seen.day', '<', since),
		)
		.executeTakeFirst()
	return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** What one counter keeps between clicks: the store's salt once read, and when it last pruned the store. */
type CounterState = { salt: () => Promise<string>; lastPrune: number }

/**
 * Counts one click on a partner link: the day's count for its page, city,
 * category and product goes up by one; its visitors go up when the click is the
 * first of the day from this address for this page and product, and its networks
 * when it is the first from this address's network in POPULAR_DAYS. The store
 * remembers who was counted (as salted hashes; the address itself is never
 * stored), so a restart or another process counts no one twice. A new
 * combination is refused once the day holds CLICK_ROWS_PER_DAY of them; days
 * past the retention limit, and hashes no longer needed, are removed at most
 * once an hour per process. Returns whether it was counted.
 */
async function recordClick(db: Kysely<DatabaseSchema>, state: CounterState, beacon: ClickBeacon, now: Date, address: string): Promise<boolean> {
	const day = clickDay(now)
	// A Spanish page's clicks keep its own path (the report splits the languages) and count for the
	// same city and category as its English twin's, so popularity reads both languages together.
	const place = clickPlace(alternatesFor(beacon.page)?.en ?? beacon.page)
	const key = { day, page: beacon.page, ...place, product: beacon.product ?? '' }
	const salt = await state.salt()
	const visitor = (await firstSeen(db, `a:${hashed(salt, `${day}|${key.page}|${key.product}|${address}`)}`, day)) ? 1 : 0
	const network = (await firstSeen(db, `n:${hashed(salt, `${key.page}|${key.product}|${networkOf(address)}`)}`, day, popularSince(now))) ? 1 : 0
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
	if (now.getTime() - state.lastPrune > DAY_MS / 24) {
		state.lastPrune = now.getTime()
		await db
			.deleteFrom('click_days')
			.where('day', '<', clickDay(new Date(now.getTime() - CLICK_RETENTION_DAYS * DAY_MS)))
			.execute()
		// An address's hash is needed for its day, a network's while it may count in popularity.
		await db
			.deleteFrom('click_seen')
			.where((eb) => eb.or([eb('day', '<', popularSince(now)), eb.and([eb('key', 'like', 'a:%'), eb('day', '<', day)])]))
			.execute()
	}
	return true
}

/**
 * How many distinct networks (IPv4 /24, IPv6 /48) a product's visitors must come from in the last
 * POPULAR_DAYS before it may lead a slider: a few people, or one forger's many addresses, clicking
 * as often as they are let, and again after a restart or on other days, never reach it.
 */
const POPULAR_MIN_NETWORKS = 10

/** The products most chosen on a city's page (see `ClickCounter.popularProductCodes`), read from the store. */
async function readPopular(db: Kysely<DatabaseSchema>, city: string, now: Date): Promise<string[]> {
	const rows = await db
		.selectFrom('click_days')
		.select((eb) => ['product', eb.fn.sum<number>('visitors').as('visitors')])
		.where('city', '=', city)
		.where('product', '!=', '')
		.where('day', '>=', popularSince(now))
		.groupBy('product')
		.having((eb) => eb.fn.sum('networks'), '>=', POPULAR_MIN_NETWORKS)
		.orderBy('visitors', 'desc')
		.orderBy('product')
		.limit(20)
		.execute()
	return rows.map((row) => row.product)
}

/** How many accepted clicks are held in memory while the store cannot be written (about 200 bytes each). */
const PENDING_CLICKS_MAX = 10_000
/** How often the held clicks are tried again. */
const PENDING_RETRY_MS = 2_000
/** A held click older than this is given up (the store has been out of reach for an hour). */
const PENDING_MAX_AGE_MS = 60 * MINUTE_MS

type PendingClick = { beacon: ClickBeacon; at: Date; address: string }

/**
 * Clicks accepted while the store could not be written, held in memory (at most
 * PENDING_CLICKS_MAX, the oldest given up first past an hour) and written, in the order they came,
 * as soon as the store takes them again: every PENDING_RETRY_MS, and once more on close. The
 * address is held only until then, as the counting needs it; the store keeps its hash alone.
 */
function createPendingClicks(write: (click: PendingClick) => Promise<boolean>) {
	const clicks: PendingClick[] = []
	let timer: NodeJS.Timeout | undefined
	let flushing: Promise<void> | undefined
	let dropped = 0
	const flush = async () => {
		while (clicks[0]) {
			const click = clicks[0]
			if (Date.now() - click.at.getTime() > PENDING_MAX_AGE_MS) {
				clicks.shift()
				dropped += 1
				continue
			}
			try {
				await write(click)
			} catch {
				return
			}
			clicks.shift()
		}
		clearInterval(timer)
		timer = undefined
		log.info({ dropped }, 'Clicks held while the database could not be written are stored')
		dropped = 0
	}
	const flushOnce = () => (flushing ??= flush().finally(() => (flushing = undefined)))
	return {
		/** Holds a click the store refused; true when it is held, false past the bound. */
		keep(click: PendingClick, error: unknown): boolean {
			if (clicks.length >= PENDING_CLICKS_MAX) {
				dropped += 1
				return false
			}
			if (clicks.length === 0) log.warn({ ...writeFailure(error) }, 'Clicks held in memory: the database cannot be written')
			clicks.push(click)
			timer ??= setInterval(() => void flushOnce(), PENDING_RETRY_MS).unref()
			return true
		},
		/** Tries once more to write what is held; what still cannot be written is given up, and said. */
		async close() {
			clearInterval(timer)
			timer = undefined
			if (clicks.length > 0) await flushOnce()
			if (clicks.length > 0) log.error({ clicks: clicks.length }, 'Clicks not stored: the database could not be written before shutdown')
		},
	}
}

/** The clicks on partner links, counted in the store and read back as popularity. */
export type ClickCounter = {
	/**
	 * What a beacon may count: a page of this site and, for a product, a product the site shows
	 * (as the product service knows them). Returns the problems, none for a beacon that may count.
	 */
	problems(beacon: ClickBeacon, products: { isShownProduct(code: string): Promise<boolean> }): Promise<string[]>
	/** Takes one of the address's clicks for the day; false once its share is used up. */
	takeAddressShare(address: string, now?: Date): boolean
	/** Counts one click (see `recordClick`); returns whether it was counted, never once closed. */
	recordClick(beacon: ClickBeacon, now?: Date, address?: string): Promise<boolean>
	/**
	 * The products most chosen on a city's page in the last 30 days, most first (at most 20): only
	 * products chosen from POPULAR_MIN_NETWORKS distinct networks in that time, ranked by visitors,
	 * never by raw clicks. Read at most every 10 minutes per city.
	 */
	popularProductCodes(city: string, now?: Date): Promise<string[]>
	/** Stops counting and waits for the clicks being written, so the store may close after it. */
	close(): Promise<void>
}

/**
 * The process's click counter over the store `db`. An address's share of the day is held in
 * memory only, as a hash salted with this counter's own salt; the popular products of each city
 * are kept for 10 minutes.
 */
export function createClickCounter(db: Kysely<DatabaseSchema>): ClickCounter {
	/** The pages with partner links: every page of the sitemap in both languages, and the search page in both. */
	const sitePaths = new Set([...getSitemapPages().map((item) => item.path), localPath('en', '/search'), localPath('es', '/search')])
	const shareSalt = randomBytes(16)
	const clicksByAddress = new LRUCache<string, number>({ max: 100_000 })
	const popularByCity = new LRUCache<string, string[]>({ max: 200, ttl: 10 * MINUTE_MS })
	let salt: Promise<string> | undefined
	const state: CounterState = {
		salt: () => {
			if (!salt) {
				const reading = readStoreSalt(db)
				// A failed read is tried again by the next click.
				reading.catch(() => {
					if (salt === reading) salt = undefined
				})
				salt = reading
			}
			return salt
		},
		lastPrune: 0,
	}
	const writing = new Set<Promise<unknown>>()
	const pending = createPendingClicks((click) => recordClick(db, state, click.beacon, click.at, click.address))
	let closed = false
	return {
		async problems(beacon, products) {
			const problems: string[] = []
			if (!sitePaths.has(beacon.page)) problems.push('page: not a page of this site')
			if (beacon.product && !(await products.isShownProduct(beacon.product))) problems.push('product: not a product this site shows')
			return problems
		},
		takeAddressShare(address, now = new Date()) {
			const key = `${clickDay(now)}:${hashed(shareSalt, address)}`
			const used = clicksByAddress.get(key) ?? 0
			if (used >= CLICKS_PER_ADDRESS_PER_DAY) return false
			clicksByAddress.set(key, used + 1)
			return true
		},
		recordClick(beacon, now = new Date(), address = '') {
			if (closed) return Promise.resolve(false)
			// A click the store cannot take now (a PostgreSQL outage) is kept, and written when it can.
			const counting = recordClick(db, state, beacon, now, address).catch((error: unknown) => pending.keep({ beacon, at: now, address }, error))
			const settled = counting.catch(() => undefined)
			writing.add(settled)
			void settled.then(() => writing.delete(settled))
			return counting
		},
		async popularProductCodes(city, now = new Date()) {
			const cached = popularByCity.get(city)
			if (cached) return cached
			const codes = await readPopular(db, city, now)
			popularByCity.set(city, codes)
			return codes
		},
		async close() {
			closed = true
			await Promise.all(writing)
			await pending.close()
			clicksByAddress.clear()
			popularByCity.clear()
		},
	}
}
