import { describe, expect, test } from 'vitest'
import { clickDay, clickPlace, CLICK_RETENTION_DAYS } from '~/domain/clicks.ts'
import { recordClick } from '~/server/clicks.server.ts'
import { useStores } from '../support/stores.ts'

const STORES = useStores()
const DAY = 86_400_000

test('a page path names its city or category; the day is Arizona’s', () => {
	expect(clickPlace('/cities/tempe/')).toEqual({ city: 'tempe', category: '' })
	expect(clickPlace('/categories/new-baby/')).toEqual({ city: '', category: 'new-baby' })
	expect(clickPlace('/about/')).toEqual({ city: '', category: '' })
	// 02:00 UTC on the 23rd is still the 22nd in Arizona (UTC-7).
	expect(clickDay(new Date('2026-11-23T02:00:00Z'))).toBe('2026-11-22')
})

describe.each(STORES)('daily click counts on $name', (store) => {
	test('the same click counts up one row; another day or product gets its own; days past retention go', async () => {
		const { db } = await store.open()
		const now = new Date('2026-11-23T18:00:00Z')
		for (let index = 0; index < 3; index += 1) expect(await recordClick(db, { page: '/cities/tempe/', product: 'BD01' }, now)).toBe(true)
		await recordClick(db, { page: '/cities/tempe/', product: 'BD02' }, now)
		const rows = await db.selectFrom('click_days').selectAll().orderBy('product').execute()
		expect(rows).toEqual([
			{ day: '2026-11-23', page: '/cities/tempe/', city: 'tempe', category: '', product: 'BD01', clicks: 3 },
			{ day: '2026-11-23', page: '/cities/tempe/', city: 'tempe', category: '', product: 'BD02', clicks: 1 },
		])
		// A click far enough ahead removes the days past the retention limit.
		const later = new Date(now.getTime() + (CLICK_RETENTION_DAYS + 2) * DAY)
		await recordClick(db, { page: '/' }, later)
		const left = await db.selectFrom('click_days').select(['day', 'page']).execute()
		expect(left).toEqual([{ day: clickDay(later), page: '/' }])
	})
})
