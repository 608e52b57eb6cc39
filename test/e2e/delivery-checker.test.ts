import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

const site = useSite()
let context: BrowserContext | undefined

afterEach(async () => {
	await context?.close()
	context = undefined
})

/** Opens a city page with the browser clock fixed at an Arizona wall-clock time. */
async function openCity(slug: string, arizonaTime: string, timezoneId = 'America/Phoenix'): Promise<Page> {
	context = await site.browser.newContext({ timezoneId, viewport: { width: 1280, height: 900 } })
	const page = await context.newPage()
	await page.clock.setFixedTime(new Date(`${arizonaTime}-07:00`))
	await page.goto(`${site.server.url}/cities/${slug}/`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	return page
}

async function choose(page: Page, dayLabel: string, slot: string) {
	const dateInput = page.getByLabel('Delivery date', { exact: true })
	await dateInput.scrollIntoViewIfNeeded()
	await page.locator('#delivery-checker input[aria-haspopup="dialog"]').waitFor()
	await dateInput.click()
	await page.getByRole('gridcell', { name: `Choose ${dayLabel}` }).click()
	await page.getByLabel('Delivery time').selectOption({ label: `By ${slot}` })
}

async function result(page: Page) {
	const box = page.locator('[data-deliverable]')
	await box.waitFor()
	return {
		deliverable: await box.getAttribute('data-deliverable'),
		text: (await box.innerText()).replace(/\s+/g, ' '),
	}
}

test('no result until both a date and a time are chosen; earlier dates are disabled', async () => {
	const page = await openCity('mesa', '2026-11-19T10:00:00')
	await page.getByLabel('Delivery time').scrollIntoViewIfNeeded()
	await page.getByLabel('Delivery time').selectOption({ label: 'By 3:00 PM' })
	expect(await page.locator('[data-deliverable]').count()).toBe(0)
	await page.locator('#delivery-checker input[aria-haspopup="dialog"]').waitFor()
	await page.getByLabel('Delivery date', { exact: true }).click()
	expect(await page.getByRole('gridcell', { name: /Wednesday, November 18, 2026/ }).getAttribute('aria-disabled')).toBe('true')
	expect(await page.getByLabel('Delivery time').locator('option').count()).toBe(10)
})

test('1:30 PM Arizona time, today: same-day delivery, green, order before 2:00 PM', async () => {
	const page = await openCity('mesa', '2026-11-19T13:30:00')
	await choose(page, 'Thursday, November 19, 2026', '4:00 PM')
	const { deliverable, text } = await result(page)
	expect(deliverable).toBe('true')
	expect(text).toContain('Yes! Order before 2:00 PM today for delivery by 4:00 PM in Mesa.')
	expect(text).toContain('Order deadline: 2:00 PM today')
	const order = page.getByRole('link', { name: /Order Flowers Now/ })
	expect(await order.getAttribute('href')).toMatch(/\/index\.cfm\?source_id=aff&AffiliateID=/)
	expect(await order.getAttribute('target')).toBe('_blank')
})

test('2:30 PM Arizona time, today: the same-day deadline has passed, red', async () => {
	const page = await openCity('tucson', '2026-11-19T14:30:00')
	await choose(page, 'Thursday, November 19, 2026', '5:00 PM')
	const { deliverable, text } = await result(page)
	expect(deliverable).toBe('false')
	expect(text).toContain('Same-day deadline passed. Your flowers will arrive by 5:00 PM tomorrow (Friday, November 20).')
	// One deadline: tomorrow's, the same as picking tomorrow gives (11:59 PM today), never "Next business day" beside it.
	expect(text).toContain('Order deadline: 11:59 PM today')
	expect(text).not.toContain('Next business day')
})

test('tomorrow: order today by 11:59 PM', async () => {
	const page = await openCity('tucson', '2026-11-19T14:30:00')
	await choose(page, 'Friday, November 20, 2026', '9:00 AM')
	const { deliverable, text } = await result(page)
	expect(deliverable).toBe('true')
	expect(text).toContain('Perfect! Order today for delivery by 9:00 AM tomorrow in Tucson.')
	expect(text).toContain('Order deadline: 11:59 PM today')
})

test('a later date: order by the day before', async () => {
	const page = await openCity('flagstaff', '2026-11-19T09:00:00')
	await choose(page, 'Friday, November 27, 2026', '11:00 AM')
	const { deliverable, text } = await result(page)
	expect(deliverable).toBe('true')
	expect(text).toContain('Yes! Order by the day before for delivery by 11:00 AM on Friday, November 27.')
	expect(text).toContain('Order deadline: Thursday, November 26')
})

test('a slot already gone today is not promised', async () => {
	const page = await openCity('mesa', '2026-11-19T11:15:00')
	await choose(page, 'Thursday, November 19, 2026', '10:00 AM')
	const { deliverable, text } = await result(page)
	expect(deliverable).toBe('false')
	expect(text).toContain('The 10:00 AM slot has already passed today. Choose 12:00 PM or later, or delivery tomorrow (Friday, November 20).')
})

test('a visitor in Honolulu at 11:30 AM local gets Arizona’s answer (2:30 PM there)', async () => {
	const page = await openCity('phoenix', '2026-11-19T14:30:00', 'Pacific/Honolulu')
	expect(await page.evaluate(() => new Date().getHours())).toBe(11)
	await choose(page, 'Thursday, November 19, 2026', '5:00 PM')
	const { deliverable, text } = await result(page)
	expect(deliverable).toBe('false')
	expect(text).toContain('Same-day deadline passed.')
})

test('a visitor in New York at 12:30 AM local still sees Arizona’s Saturday as today', async () => {
	const page = await openCity('phoenix', '2026-11-19T22:30:00', 'America/New_York')
	expect(await page.evaluate(() => new Date().getDate())).toBe(20)
	await page.getByLabel('Delivery date', { exact: true }).scrollIntoViewIfNeeded()
	await page.locator('#delivery-checker input[aria-haspopup="dialog"]').waitFor()
	await page.getByLabel('Delivery date', { exact: true }).click()
	expect(await page.getByRole('gridcell', { name: /Thursday, November 19, 2026/ }).getAttribute('aria-disabled')).toBe('false')
})

describe('with the partner’s delivery dates for the city’s ZIP', () => {
	// A second server, using the browser above, whose partner stand-in answers the REST API.
	const withApi = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }), browser: false })

	/** A Sunday at least two days ahead in Arizona, with the picker's label for it and the Monday after. */
	function comingSunday() {
		const arizonaToday = new Date(Date.now() - 7 * 3_600_000)
		let offset = (7 - arizonaToday.getUTCDay()) % 7
		if (offset < 2) offset += 7
		const at = (days: number) => new Date(Date.UTC(arizonaToday.getUTCFullYear(), arizonaToday.getUTCMonth(), arizonaToday.getUTCDate() + days))
		const sunday = at(offset)
		const long = (date: Date) => new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date)
		return {
			label: `${long(sunday)}, ${sunday.getUTCFullYear()}`,
			sunday: long(sunday),
			monday: long(at(offset + 1)),
			nextMonth: sunday.getUTCMonth() !== arizonaToday.getUTCMonth(),
		}
	}

	async function chooseComingSunday(slug: string) {
		context = await site.browser.newContext({ timezoneId: 'America/Phoenix', viewport: { width: 1280, height: 900 } })
		const page = await context.newPage()
		const dates = page.waitForResponse((response) => response.url().includes(`/api/delivery-dates?city=${slug}`))
		await page.goto(`${withApi.server.url}/cities/${slug}/`)
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		const { label, sunday, monday, nextMonth } = comingSunday()
		const dateInput = page.getByLabel('Delivery date', { exact: true })
		await dateInput.scrollIntoViewIfNeeded()
		await page.locator('#delivery-checker input[aria-haspopup="dialog"]').waitFor()
		const answer = await (await dates).json()
		await dateInput.click()
		if (nextMonth) await page.getByRole('button', { name: 'Next month' }).click()
		await page.getByRole('gridcell', { name: `Choose ${label}` }).click()
		await page.getByLabel('Delivery time').selectOption({ label: 'By 11:00 AM' })
		return { page, answer, sunday, monday }
	}

	test('a Sunday the partner does not deliver is not promised: the next date it offers is named', async () => {
		const { page, answer, sunday, monday } = await chooseComingSunday('phoenix')
		expect(answer.zip).toBe('85004')
		expect(answer.dates.length).toBeGreaterThan(10)
		expect(withApi.partner.restCalls).toContain('/api/rest/flowershop/checkdeliverydate?zipcode=85004')
		const { deliverable, text } = await result(page)
		expect(deliverable).toBe('false')
		expect(text).toContain(`The florist network does not deliver in Phoenix on ${sunday}. The next delivery date it offers is ${monday}, by 11:00 AM.`)
		expect(text).toContain(`Order deadline: ${sunday}`)
	})

	/** The picker's label for a UTC calendar day ('Saturday, November 28, 2026') and the checker's words for it ('Saturday, November 28'). */
	function labels(date: Date) {
		const long = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date)
		return { label: `${long}, ${date.getUTCFullYear()}`, words: long }
	}

	/** Picks a day in the open calendar, turning to the next month when the day is in it. */
	async function pickDay(page: Page, date: Date, slot: string) {
		const dateInput = page.getByLabel('Delivery date', { exact: true })
		await dateInput.scrollIntoViewIfNeeded()
		await dateInput.click()
		const cell = page.getByRole('gridcell', { name: `Choose ${labels(date).label}` })
		if ((await cell.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click()
		await cell.click()
		await page.getByLabel('Delivery time').selectOption({ label: `By ${slot}` })
	}

	test('Tuba City on a Friday after 2:00 PM: picking tomorrow names the earliest date, and picking that date is accepted', async () => {
		// The coming Friday in Arizona (today, if it is one), at 2:30 PM there; the network offers every day but Sundays.
		const arizonaToday = new Date(Date.now() - 7 * 3_600_000)
		const at = (days: number) => new Date(Date.UTC(arizonaToday.getUTCFullYear(), arizonaToday.getUTCMonth(), arizonaToday.getUTCDate() + days))
		const offset = (5 - arizonaToday.getUTCDay() + 7) % 7
		const [friday, saturday, monday] = [at(offset), at(offset + 1), at(offset + 3)]
		context = await site.browser.newContext({ timezoneId: 'America/Phoenix', viewport: { width: 1280, height: 900 } })
		const page = await context.newPage()
		await page.clock.setFixedTime(new Date(`${friday.toISOString().slice(0, 10)}T14:30:00-07:00`))
		const dates = page.waitForResponse((response) => response.url().includes('/api/delivery-dates?city=tuba-city'))
		await page.goto(`${withApi.server.url}/cities/tuba-city/`)
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		await page.getByLabel('Delivery date', { exact: true }).scrollIntoViewIfNeeded()
		await page.locator('#delivery-checker input[aria-haspopup="dialog"]').waitFor()
		expect((await (await dates).json()).dates.length).toBeGreaterThan(10)

		await pickDay(page, saturday, '12:00 PM')
		const tomorrow = await result(page)
		expect(tomorrow.deliverable).toBe('false')
		expect(tomorrow.text).toContain(`The earliest delivery you can order now is ${labels(monday).words}, by 12:00 PM.`)

		await pickDay(page, monday, '12:00 PM')
		await page.locator('[data-deliverable="true"]').waitFor()
		const earliest = await result(page)
		expect(earliest.text).toContain(`for delivery by 12:00 PM on ${labels(monday).words}.`)
		// The Sunday before: 2:00 PM Arizona time, which is 3:00 PM in Tuba City while the Navajo Nation keeps summer time.
		expect(earliest.text).toMatch(new RegExp(`Order deadline: 2:00 PM(?: Arizona time \\(3:00 PM in Tuba City\\))?, ${labels(at(offset + 2)).words}`))
	})

	test('with the partner’s API down, the rule and the network’s calendar answer: a Sunday is refused with its reason', async () => {
		withApi.partner.setMode('down')
		try {
			const { page, answer, sunday, monday } = await chooseComingSunday('tucson')
			expect(answer.dates).toBeNull()
			const { deliverable, text } = await result(page)
			expect(deliverable).toBe('false')
			expect(text).toContain(
				`The florist network does not deliver on Sundays, so delivery in Tucson on ${sunday} cannot be promised. The next delivery date is ${monday}, by 11:00 AM.`,
			)
		} finally {
			withApi.partner.setMode('ok')
		}
	})
})

test('a remote town never offers today: Ajo in the morning answers red with the earliest day, tomorrow green before 2:00 PM', async () => {
	const page = await openCity('ajo', '2026-11-19T09:30:00')
	await choose(page, 'Thursday, November 19, 2026', '4:00 PM')
	const today = await result(page)
	expect(today.deliverable).toBe('false')
	expect(today.text).toContain('Same-day delivery cannot be promised in Ajo')
	expect(today.text).toContain('The earliest delivery you can order now is Friday, November 20, by 4:00 PM.')
	await choose(page, 'Friday, November 20, 2026', '4:00 PM')
	await page.locator('[data-deliverable="true"]').waitFor()
	expect((await result(page)).text).toContain('Yes! Order before 2:00 PM today for delivery by 4:00 PM tomorrow in Ajo.')
})

test('the calendar is drawn before the tap, and works from the keyboard: arrows, Page Down, Enter, Escape, and Tab kept inside', async () => {
	const page = await openCity('mesa', '2026-11-19T10:00:00')
	const field = page.locator('#delivery-checker input[aria-haspopup="dialog"]')
	await page.getByLabel('Delivery time').scrollIntoViewIfNeeded()
	await field.waitFor()
	// Drawn ahead of the tap, hidden: the tap only shows it.
	const calendar = page.getByRole('dialog', { name: 'Choose a delivery date', includeHidden: true })
	expect(await calendar.locator('[data-date="2026-11-19"]').count()).toBe(1)
	expect(await calendar.isVisible()).toBe(false)
	expect(await field.getAttribute('aria-expanded')).toBe('false')

	await field.focus()
	await page.keyboard.press('Enter')
	await calendar.waitFor()
	expect(await field.getAttribute('aria-expanded')).toBe('true')
	const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-date'))
	await expect.poll(focused).toBe('2026-11-19')
	// The days before today cannot be reached.
	await page.keyboard.press('ArrowLeft')
	await expect.poll(focused).toBe('2026-11-19')
	await page.keyboard.press('ArrowRight')
	await page.keyboard.press('ArrowDown')
	await expect.poll(focused).toBe('2026-11-27')
	await page.keyboard.press('PageDown')
	await expect.poll(focused).toBe('2026-12-27')
	expect(await calendar.getByText('December 2026').count()).toBe(1)
	await page.keyboard.press('Home')
	await expect.poll(focused).toBe('2026-12-27')
	await page.keyboard.press('End')
	await expect.poll(focused).toBe('2027-01-02')
	await page.keyboard.press('ArrowLeft')
	await page.keyboard.press('Enter')
	// Picked: closed, the field says the day, and the focus is back on it.
	await expect.poll(() => calendar.isVisible()).toBe(false)
	expect(await field.inputValue()).toBe('Friday, January 1, 2027')
	expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog')

	// Tab stays in the open calendar; Escape closes it without a change.
	await page.keyboard.press('ArrowDown')
	await calendar.waitFor()
	await expect.poll(focused).toBe('2027-01-01')
	for (let press = 0; press < 4; press++) await page.keyboard.press('Tab')
	expect(await page.evaluate((dialog) => dialog?.contains(document.activeElement), await calendar.elementHandle())).toBe(true)
	await page.keyboard.press('Escape')
	await expect.poll(() => calendar.isVisible()).toBe(false)
	expect(await field.inputValue()).toBe('Friday, January 1, 2027')

	// A click outside closes it too.
	await field.click()
	await calendar.waitFor()
	await page.getByLabel('Delivery time').click({ position: { x: 5, y: 5 } })
	await expect.poll(() => calendar.isVisible()).toBe(false)
})
