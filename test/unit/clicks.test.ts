import { describe, expect, test } from 'vitest'
import { clickDay, clickPlace, CLICK_RETENTION_DAYS, networkOf } from '#app/domain/clicks.ts'
import { createClickCounter } from '#app/server/store/click-counter.server.ts'
import { useStores } from '#test/support/stores.ts'

const STORES = useStores()
const DAY = 86_400_000

test('an address’s network: the /24 of IPv4 (mapped ones too), the /48 of IPv6', () => {
	expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24')
	expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24')
	expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48')
	expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48')
	expect(networkOf('::1')).toBe('0:0:0::/48')
	expect(networkOf('')).toBe('')
})

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
		const clicks = createClickCounter(db)
		const now = new Date('2026-11-23T18:00:00Z')
		const address = '192.0.2.1'
		for (let index = 0; index < 3; index += 1) expect(await clicks.recordClick({ page: '/cities/tempe/', product: 'BD01' }, now, address)).toBe(true)
		await clicks.recordClick({ page: '/cities/tempe/', product: 'BD02' }, now, address)
		const rows = await db.selectFrom('click_days').selectAll().orderBy('product').execute()
		expect(rows).toEqual([
			{ day: '2026-11-23', page: '/cities/tempe/', city: 'tempe', category: '', product: 'BD01', clicks: 3, visitors: 1, networks: 1 },
			{ day: '2026-11-23', page: '/cities/tempe/', city: 'tempe', category: '', product: 'BD02', clicks: 1, visitors: 1, networks: 1 },
		])
		// A click far enough ahead removes the days past the retention limit.
		const later = new Date(now.getTime() + (CLICK_RETENTION_DAYS + 2) * DAY)
		await clicks.recordClick({ page: '/' }, later)
		const left = await db.selectFrom('click_days').select(['day', 'page']).execute()
		expect(left).toEqual([{ day: clickDay(later), page: '/' }])
	})

	test('a closed counter counts nothing more, and its close waits for the click being written', async () => {
		const { db } = await store.open()
		const clicks = createClickCounter(db)
		const now = new Date('2026-11-23T18:00:00Z')
		const writing = clicks.recordClick({ page: '/cities/yuma/', product: 'BD01' }, now, '192.0.2.9')
		await clicks.close()
		// Written before close resolved, so the store may close right after.
		expect(await db.selectFrom('click_days').select(['product', 'clicks']).execute()).toEqual([{ product: 'BD01', clicks: 1 }])
		expect(await writing).toBe(true)
		expect(await clicks.recordClick({ page: '/cities/yuma/', product: 'BD01' }, now, '192.0.2.10')).toBe(false)
		expect(await db.selectFrom('click_days').select(['product', 'clicks']).execute()).toEqual([{ product: 'BD01', clicks: 1 }])
	})

	test('popularity counts people from several networks: five addresses clicking 40 times each lead nothing', async () => {
		const { db } = await store.open()
		const clicks = createClickCounter(db)
		const now = new Date('2026-11-23T18:00:00Z')
		const city = `mesa-${store.name.toLowerCase()}`
		const page = `/cities/${city}/`
		// A forger: five addresses of one /24, forty clicks each, on one product.
		for (let address = 1; address <= 5; address += 1)
			for (let click = 0; click < 40; click += 1) await clicks.recordClick({ page, product: 'FORGED' }, now, `203.0.113.${address}`)
		// Twelve people from twelve networks, one click each, on another.
		for (let person = 1; person <= 12; person += 1) await clicks.recordClick({ page, product: 'CHOSEN' }, now, `198.${person}.100.7`)
		const forged = await db.selectFrom('click_days').select(['clicks', 'visitors', 'networks']).where('product', '=', 'FORGED').executeTakeFirst()
		// The raw figures stay for the report.
		expect(forged).toEqual({ clicks: 200, visitors: 5, networks: 1 })
		expect(await clicks.popularProductCodes(city, now)).toEqual(['CHOSEN'])
	})

	test('popular needs ten networks in 30 days: five people from five networks, clicking on two days through two processes, count five networks and lead nothing', async () => {
		const place = await store.place()
		const [first, second] = [await store.open(place), await store.open(place)]
		// Each process counts with a counter of its own.
		const [firstClicks, secondClicks] = [createClickCounter(first.db), createClickCounter(second.db)]
		const now = new Date('2026-11-23T18:00:00Z')
		const page = `/cities/tempe-${store.name.toLowerCase()}/`
		const five = (clicks: typeof firstClicks, at: Date, product: string) =>
			Promise.all([1, 2, 3, 4, 5].map((network) => clicks.recordClick({ page, product }, at, `203.0.${network}.9`)))
		const counted = async (product: string) =>
			first.db
				.selectFrom('click_days')
				.select(['day', 'visitors', 'networks'])
				.where('product', '=', product)
				.orderBy('day')
				.execute()
				.then((rows) => rows.map((row) => ({ day: row.day, visitors: Number(row.visitors), networks: Number(row.networks) })))
		await five(firstClicks, now, 'FEW')
		await five(secondClicks, now, 'FEW')
		const tomorrow = new Date(now.getTime() + DAY)
		await five(secondClicks, tomorrow, 'FEW')
		// Each person is a visitor once a day; each network counts once in the 30 days.
		expect(await counted('FEW')).toEqual([
			{ day: '2026-11-23', visitors: 5, networks: 5 },
			{ day: '2026-11-24', visitors: 5, networks: 0 },
		])
		expect(await firstClicks.popularProductCodes(`tempe-${store.name.toLowerCase()}`, tomorrow)).toEqual([])
		// Once the first count has left the 30 days, the same networks count again.
		const later = new Date(now.getTime() + 31 * DAY)
		await five(firstClicks, later, 'FEW')
		expect((await counted('FEW')).at(-1)).toEqual({ day: clickDay(later), visitors: 5, networks: 5 })
		// Twelve networks make a product popular, for either process.
		const other = `chandler-${store.name.toLowerCase()}`
		for (let network = 1; network <= 12; network += 1)
			await firstClicks.recordClick({ page: `/cities/${other}/`, product: 'MANY' }, later, `198.51.${network}.7`)
		expect(await secondClicks.popularProductCodes(other, later)).toEqual(['MANY'])
		// Only what may still count is kept, as hashes: today's visitors and the last 30 days' networks (5 and 5, 12 and 12).
		const seen = await first.db.selectFrom('click_seen').select('key').execute()
		expect(seen).toHaveLength(34)
		expect(seen.some((row) => /203\.0|198\.51/.test(row.key))).toBe(false)
		// Both processes hash with the one salt the store keeps.
		expect(await first.db.selectFrom('click_salt').select('id').execute()).toEqual([{ id: 1 }])
	})
})
