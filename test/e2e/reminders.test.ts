import { readFileSync } from 'node:fs'
import ICAL from 'ical.js'
import nodeIcal, { type VEvent } from 'node-ical'
import { expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'

const site = useSite()

/** What the browser saved, read as calendar apps would: by ical.js, and by node-ical to the same event. */
function firstEvent(path: string) {
	const text = readFileSync(path, 'utf8')
	const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')
	if (!event) throw new Error('no event in the file')
	const others = Object.values(nodeIcal.sync.parseICS(text)).filter((component): component is VEvent => component?.type === 'VEVENT')
	expect(others.map((other) => [other.uid, other.summary])).toEqual([[event.getFirstPropertyValue('uid'), event.getFirstPropertyValue('summary')]])
	return event
}

for (const javaScriptEnabled of [true, false]) {
	test(`a visitor picks a birthday on a city page and gets a calendar file for it (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async () => {
		const context = await site.browser.newContext({
			acceptDownloads: true,
			javaScriptEnabled,
			viewport: { width: 390, height: 844 },
			isMobile: true,
			hasTouch: true,
		})
		const page = await context.newPage()
		await page.goto(`${site.server.url}/cities/tempe/`)
		await page.getByLabel('Remind me of a birthday in Tempe').fill('2027-03-14')
		const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar' }).click()])
		expect(download.suggestedFilename()).toBe('birthday-reminder.ics')
		const event = firstEvent(await download.path())
		expect(event.getFirstPropertyValue('summary')).toBe('Order flowers for a birthday in Tempe (March 14)')
		expect(String(event.getFirstPropertyValue('rrule'))).toBe('FREQ=YEARLY')
		expect(event.getFirstPropertyValue('url')).toBe(`http://localhost:${site.server.port}/cities/tempe/`)
		await context.close()
	}, 60_000)
}

test('the Valentine’s Day page’s reminder link downloads the next Valentine’s Day reminder', async () => {
	const context = await site.browser.newContext({ acceptDownloads: true })
	const page = await context.newPage()
	await page.goto(`${site.server.url}/categories/valentines-day/`)
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('link', { name: 'Add a Valentine’s Day reminder to your calendar' }).click(),
	])
	const event = firstEvent(await download.path())
	const start = event.getFirstPropertyValue('dtstart') as ICAL.Time
	// Three days before the day, or before the Saturday when 14 February is a Sunday (2027), which the network does not deliver.
	const sunday = new Date(Date.UTC(start.year, 1, 14)).getUTCDay() === 0
	expect([start.month, start.day]).toEqual([2, sunday ? 10 : 11])
	if (sunday) expect(String(event.getFirstPropertyValue('summary'))).toMatch(/: delivery on Saturday, February 13$/)
	await context.close()
}, 60_000)

test('a birthday too close for this year’s reminder is said as soon as it is picked', async () => {
	const context = await site.browser.newContext({ timezoneId: 'America/Phoenix', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
	const page = await context.newPage()
	await page.clock.setFixedTime(new Date('2027-03-12T10:00:00-07:00'))
	await page.goto(`${site.server.url}/cities/tempe/`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	const field = page.getByLabel('Remind me of a birthday in Tempe')
	await field.fill('1990-03-14')
	await expect
		.poll(() => page.getByRole('status').filter({ hasText: 'birthday' }).innerText())
		.toBe(
			'This birthday is in 2 days (Sunday, March 14), too close for this year’s reminder. The florist network does not deliver on Sundays: order now for Saturday, March 13, the delivery day before it. The file still reminds you every year from next year on.',
		)
	// Today's birthday after the 2:00 PM cut-off can no longer be reached on the day: no "order now", the earliest date instead.
	await page.clock.setFixedTime(new Date('2027-03-12T15:00:00-07:00'))
	await field.fill('1990-03-12')
	await expect
		.poll(() => page.getByRole('status').filter({ hasText: 'birthday' }).innerText())
		.toBe(
			'This birthday is today (Friday, March 12), too close for this year’s reminder, and flowers can no longer be ordered for delivery on the day in Tempe: the earliest delivery you can order now is Saturday, March 13. The file still reminds you every year from next year on.',
		)
	await field.fill('1990-06-01')
	await expect.poll(() => page.getByRole('status').filter({ hasText: 'too close' }).count()).toBe(0)
	await context.close()
}, 60_000)
