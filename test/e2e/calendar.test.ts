import ICAL from 'ical.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { closedDay } from '#app/domain/delivery-calendar.ts'
import { parseIsoDate } from '#app/domain/calendar-date.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { useSite, type Site } from '#test/support/e2e.ts'
import { serverClockAt } from '#test/support/faked-clock.ts'
import { standInSettings } from '#mock-servers/partner.ts'

/**
 * The sender's calendar, agreed across surfaces: the real built server with its clock on a chosen
 * day (libfaketime) and no network dates (the partner's REST API is not configured, as for every
 * operator without credentials), and Chromium at 390 px with its clock on the same instant.
 */

type Dates = {
	deliveryDates: string[]
	listedThrough: string | null
	refusedDates: { date: string; reason: string; holiday?: string }[]
	partnerDatesKnown: boolean
	peakDays: { peak: string; deliverOn: string; orderBy: string | null }[]
}

/** A phone (390 px, touch) whose clock stands at the instant the server's does. */
async function phone(site: Site, arizonaTime: string, locale: 'en-US' | 'es-US') {
	const context = await site.browser.newContext({
		acceptDownloads: true,
		viewport: { width: 390, height: 844 },
		isMobile: true,
		hasTouch: true,
		locale,
		timezoneId: 'America/Phoenix',
	})
	const page = await context.newPage()
	await page.clock.setFixedTime(new Date(`${arizonaTime}-07:00`))
	return { context, page }
}

async function open(page: Page, site: Site, path: string) {
	const response = await page.goto(`${site.server.url}${path}`)
	expect(response?.status(), path).toBe(200)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/** What the agents' delivery_dates says for a place, in a language. */
async function agentDates(site: Site, place: string, language: 'en' | 'es', extra: Record<string, string> = {}) {
	const client = new Client({ name: 'calendar-test', version: '1.0.0' })
	await client.connect(new StreamableHTTPClientTransport(new URL(`${site.server.url}/mcp`)))
	try {
		const result = (await client.callTool({ name: 'delivery_dates', arguments: { place, language, ...extra } })) as unknown as {
			structuredContent: Dates & { service?: unknown }
			content: { text?: string }[]
		}
		return { ...result.structuredContent, text: result.content.map((part) => part.text ?? '').join('\n') }
	} finally {
		await client.close()
	}
}

/** The date picker's days of the month it opens on, from today: each with whether it is struck through and why. */
async function pickerDays(page: Page, month: string) {
	const input = page.locator('#delivery-checker input[aria-haspopup="dialog"]')
	await page.locator('#delivery-checker select').scrollIntoViewIfNeeded()
	await input.waitFor()
	await input.click()
	await page.locator('#delivery-checker [role="grid"]').waitFor()
	const days = await page.locator('#delivery-checker [role="grid"] [data-date]:not([aria-disabled="true"])').evaluateAll((cells) =>
		cells.map((cell) => ({
			date: cell.getAttribute('data-date') ?? '',
			struck: getComputedStyle(cell).textDecorationLine === 'line-through',
			reason: cell.getAttribute('title') ?? '',
			name: cell.getAttribute('aria-label') ?? '',
		})),
	)
	// The month the calendar opens on, and each struck day names its reason to a screen reader too.
	for (const day of days) {
		expect(day.date.startsWith(month), day.date).toBe(true)
		if (day.struck) expect(day.name).toContain(day.reason)
	}
	return days
}

const isClosed = (iso: string) => {
	const date = parseIsoDate(iso)
	return date ? closedDay(date) !== undefined : false
}

/**
 * At an instant: for a metro town and a remote one, in both languages, the agents, the date picker
 * and the checker give the same dates and the same reasons, and none offers a Sunday or a holiday.
 */
type Peak = { peak: string; deliverOn: string; english: string; spanish: string }

function agreementAt(arizonaTime: string, month: string, sunday: string, peak: Peak) {
	describe(`at ${arizonaTime} Arizona time, without the network’s dates`, () => {
		const site = useSite({ partner: true, settings: (partner) => ({ ...standInSettings(partner), ...serverClockAt(arizonaTime) }) })
		for (const [slug, name] of [
			['phoenix', 'Phoenix'],
			['tuba-city', 'Tuba City'],
		] as const) {
			for (const lang of ['en', 'es'] as const) {
				test(`${name} (${lang}): the agents, the date picker and the checker agree, and offer no closed day`, async () => {
					const agents = await agentDates(site, name, lang)
					expect(agents.partnerDatesKnown).toBe(false)
					expect(agents.deliveryDates.filter(isClosed), 'a closed day offered to agents').toEqual([])
					expect(agents.refusedDates.filter((day) => isClosed(day.date)).length).toBeGreaterThan(0)
					const through = agents.listedThrough ?? ''

					const { context, page } = await phone(site, arizonaTime, lang === 'en' ? 'en-US' : 'es-US')
					try {
						await open(page, site, lang === 'en' ? `/cities/${slug}/` : `/es/ciudades/${slug}/`)
						const today = arizonaTime.slice(0, 10)
						const days = (await pickerDays(page, month)).filter((day) => day.date >= today && day.date <= through)
						expect(days.length).toBeGreaterThan(3)
						for (const day of days) {
							const refused = agents.refusedDates.find((candidate) => candidate.date === day.date)
							// Struck through exactly where the agents refuse the day; open exactly where they list it.
							expect(day.struck, `${day.date} in the picker`).toBe(refused !== undefined)
							expect(agents.deliveryDates.includes(day.date), `${day.date} listed for agents`).toBe(!day.struck)
							if (refused?.reason === 'sunday') expect(day.reason).toBe(delivery[lang].check.closed.sunday)
							if (refused?.reason === 'holiday') expect(day.reason).toBe(delivery[lang].check.closed[refused.holiday as 'christmas-day'])
						}
						// A Sunday picked anyway is answered red, with the reason and the next date that works.
						await page.locator(`#delivery-checker [data-date="${sunday}"]`).click()
						await page.locator('#delivery-checker select').selectOption('12')
						const answer = page.locator('[data-deliverable]')
						await answer.waitFor()
						expect(await answer.getAttribute('data-deliverable')).toBe('false')
						expect(await answer.innerText()).toContain(delivery[lang].check.closed.sunday)
					} finally {
						await context.close()
					}
				}, 90_000)
			}
		}

		test(`the home page and the agents plan ${peak.peak}: the day, the day to send for, and by when to order there`, async () => {
			for (const [path, sentence] of [
				['/', peak.english],
				['/es/', peak.spanish],
			] as const) {
				const response = await fetch(`${site.server.url}${path}`)
				expect(response.status).toBe(200)
				const html = (await response.text()).replaceAll('&#x27;', '’')
				expect(html, path).toContain(sentence)
			}
			const phoenix = await agentDates(site, 'Phoenix', 'en')
			const tubaCity = await agentDates(site, 'Tuba City', 'es')
			const dayBefore = new Date(`${peak.deliverOn}T12:00:00Z`)
			dayBefore.setUTCDate(dayBefore.getUTCDate() - 1)
			expect(phoenix.peakDays.find((day) => day.peak === peak.peak)).toMatchObject({ deliverOn: peak.deliverOn, orderBy: `${peak.deliverOn}T14:00` })
			// A day's notice: by 2:00 PM Arizona time on the day before.
			expect(tubaCity.peakDays.find((day) => day.peak === peak.peak)).toMatchObject({
				deliverOn: peak.deliverOn,
				orderBy: `${dayBefore.toISOString().slice(0, 10)}T14:00`,
			})
			expect(phoenix.deliveryDates).toContain(peak.deliverOn)
		})

		test('the Valentine’s reminder, in both languages, aims at a day the network delivers', async () => {
			for (const lang of ['en', 'es'] as const) {
				const response = await fetch(`${site.server.url}/calendar/valentines-day.ics?lang=${lang}`)
				const event = new ICAL.Component(ICAL.parse(await response.text())).getFirstSubcomponent('vevent')
				const start = event?.getFirstPropertyValue('dtstart') as ICAL.Time
				const valentines = `${start.year}-02-14`
				// Three days before the day to deliver on: the day itself, or the Saturday before a Sunday.
				const deliverOn = isClosed(valentines) ? `${start.year}-02-13` : valentines
				const ring = new Date(`${deliverOn}T12:00:00Z`)
				ring.setUTCDate(ring.getUTCDate() - 3)
				expect(`${start.year}-${String(start.month).padStart(2, '0')}-${String(start.day).padStart(2, '0')}`).toBe(ring.toISOString().slice(0, 10))
				expect(isClosed(deliverOn)).toBe(false)
			}
		})
	})
}

agreementAt('2026-12-23T10:00:00', '2026-12', '2026-12-27', {
	peak: 'christmas',
	deliverOn: '2026-12-24',
	english:
		'Christmas Day falls on Friday, December 25 this year. The florist network does not deliver on Christmas Day: send for Thursday, December 24 or for Saturday, December 26 instead.',
	spanish:
		'Este año, la Navidad cae el viernes 25 de diciembre. La red de florerías no entrega el día de Navidad: envíe sus flores para el jueves 24 de diciembre o para el sábado 26 de diciembre.',
})
agreementAt('2027-02-08T10:00:00', '2027-02', '2027-02-14', {
	peak: 'valentines-day',
	deliverOn: '2027-02-13',
	english:
		'Valentine’s Day falls on Sunday, February 14 this year. The florist network does not deliver on Sundays: send for Saturday, February 13 or for Monday, February 15 instead.',
	spanish:
		'Este año, el Día de San Valentín cae el domingo 14 de febrero. La red de florerías no entrega los domingos: envíe sus flores para el sábado 13 de febrero o para el lunes 15 de febrero.',
})

describe('Wednesday 10 February 2027, 10:00 Arizona time, on a phone', () => {
	const AT = '2027-02-10T10:00:00'
	const site = useSite({ partner: true, settings: (partner) => ({ ...standInSettings(partner), ...serverClockAt(AT) }) })

	test('a Spanish sender: the Valentine’s page plans the Sunday, and a town’s checker refuses it with its reason and takes the Saturday', async () => {
		const { context, page } = await phone(site, AT, 'es-US')
		try {
			await open(page, site, '/es/ocasiones/dia-de-san-valentin/')
			const note = (await page.getByRole('note').filter({ hasText: 'Planifique con tiempo' }).innerText()).replace(/\s+/g, ' ')
			expect(note).toContain('Este año, el Día de San Valentín cae el domingo 14 de febrero. La red de florerías no entrega los domingos')
			expect(note).toContain('envíe sus flores para el sábado 13 de febrero o para el lunes 15 de febrero')
			expect(note).toContain('antes de las 2:00 p. m., hora de Arizona')
			const agents = await agentDates(site, 'Phoenix', 'es')
			expect(agents.deliveryDates).toContain('2027-02-13')
			expect(agents.deliveryDates).toContain('2027-02-15')
			expect(agents.refusedDates).toContainEqual(expect.objectContaining({ date: '2027-02-14', reason: 'sunday' }))

			await open(page, site, '/es/ciudades/phoenix/')
			const days = await pickerDays(page, '2027-02')
			expect(days.find((day) => day.date === '2027-02-14')).toMatchObject({ struck: true, reason: 'La red de florerías no entrega los domingos' })
			expect(days.find((day) => day.date === '2027-02-13')).toMatchObject({ struck: false })
			await page.locator('#delivery-checker [data-date="2027-02-14"]').click()
			await page.locator('#delivery-checker select').selectOption('12')
			const answer = page.locator('[data-deliverable]')
			await answer.waitFor()
			expect((await answer.innerText()).replace(/\s+/g, ' ')).toContain(
				'La red de florerías no entrega los domingos, así que no se puede prometer la entrega en Phoenix el domingo 14 de febrero. La siguiente fecha de entrega es el lunes 15 de febrero',
			)
			await page.locator('#delivery-checker input[aria-haspopup="dialog"]').click()
			await page.locator('#delivery-checker [data-date="2027-02-13"]').click()
			await page.locator('[data-deliverable="true"]').waitFor()
			expect((await answer.innerText()).replace(/\s+/g, ' ')).toContain('el sábado 13 de febrero')
		} finally {
			await context.close()
		}
	}, 90_000)

	test('an English sender with a Saturday 10:00 service in Tuba City: by when to order, on the town’s page, the sympathy page and for agents', async () => {
		const { context, page } = await phone(site, AT, 'en-US')
		const expected =
			'Order by 2:00 PM, Friday, February 12 for delivery in Tuba City by 9:00 AM on Saturday, February 13, at least an hour before the 10:00 AM service.'
		try {
			await open(page, site, '/cities/tuba-city/')
			const card = page.locator('#funerals')
			await card.locator('input[type=date]').scrollIntoViewIfNeeded()
			await card.locator('input[type=date]').fill('2027-02-13')
			await card.locator('select').selectOption({ label: '10:00 AM' })
			expect((await card.locator('[data-service-answer]').innerText()).replace(/\s+/g, ' ')).toContain(expected)

			await open(page, site, '/categories/sympathy-funeral/')
			const planner = page.locator('#funeral-service')
			await planner.getByLabel('Town of the service').selectOption({ label: 'Tuba City' })
			await planner.getByLabel('Date of the service').fill('2027-02-13')
			await planner.getByLabel('Time of the service').selectOption({ label: '10:00 AM' })
			expect((await planner.locator('[data-service-answer]').innerText()).replace(/\s+/g, ' ')).toContain(expected)
			// Too late for Saturday morning once Friday's cut-off has gone: the family's home on Monday instead (no Sunday).
			await page.clock.setFixedTime(new Date('2027-02-12T15:00:00-07:00'))
			await planner.getByLabel('Time of the service').selectOption({ label: '10:30 AM' })
			const late = (await planner.locator('[data-service-answer]').innerText()).replace(/\s+/g, ' ')
			expect(late).toContain('It is too late to order flowers that arrive in Tuba City before the 10:30 AM service on Saturday, February 13.')
			expect(late).toContain('the earliest delivery is Monday, February 15')
		} finally {
			await context.close()
		}
		const agents = await agentDates(site, 'Tuba City', 'en', { serviceDate: '2027-02-13', serviceTime: '10:00' })
		expect(agents.text).toContain(expected)
		expect(agents.service).toMatchObject({ answer: 'in-time', deliverOn: '2027-02-13', orderBy: '2027-02-12T14:00' })
	}, 90_000)
})
