import { sql, type Kysely } from 'kysely'
import { CLICK_RETENTION_DAYS, CLICK_ROWS_PER_DAY, clickDay, clickPlace, type ClickBeacon } from '~/domain/clicks.ts'
import type { DatabaseSchema } from './db.server.ts'

const DAY_MS = 86_400_000
/** When each store was last pruned of days past the retention limit. */
const lastPrune = new WeakMap<Kysely<DatabaseSchema>, number>()

/**
 * Counts one click on a partner link: the day's count for its page, city,
 * category and product goes up by one. A new combination is refused once the
 * day holds CLICK_ROWS_PER_DAY of them; days past the retention limit are
 * removed, at most once an hour per process. Returns whether it was counted.
 */
export async function recordClick(db: Kysely<DatabaseSchema>, beacon: ClickBeacon, now = new Date()): Promise<boolean> {
	const day = clickDay(now)
	const key = { day, page: beacon.page, ...clickPlace(beacon.page), product: beacon.product ?? '' }
	const counted = await db
		.updateTable('click_days')
		.set({ clicks: sql`clicks + 1` })
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
			.values({ ...key, clicks: 1 })
			.onConflict((conflict) => conflict.columns(['day', 'page', 'city', 'category', 'product']).doUpdateSet({ clicks: sql`click_days.clicks + 1` }))
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
