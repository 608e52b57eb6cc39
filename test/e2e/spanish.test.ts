import { readFileSync } from 'node:fs'
import ICAL from 'ical.js'
import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { closedDay } from '#app/domain/delivery-calendar.ts'
import { axeViolations } from '#test/support/axe.ts'
import { useSite } from '#test/support/e2e.ts'
import { TEST_AFFILIATE_ID } from '#test/support/server.ts'
import { standInSettings } from '#mock-servers/partner.ts'

/**
 * A Spanish-speaking sender on a phone (390 px, touch), in Chromium, against the partner's REST
 * stand-in: searches a town in Spanish words, checks a delivery date, makes a 10 de mayo reminder
 * and follows an arrangement to the partner with the site's affiliate id, in Spanish throughout.
 */
const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }) })
let context: BrowserContext
let page: Page

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado']
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre']

beforeEach(async () => {
	site.partner.setMode('ok')
	context = await site.browser.newContext({
		acceptDownloads: true,
		viewport: { width: 390, height: 844 },
		isMobile: true,
		hasTouch: true,
		locale: 'es-US',
		timezoneId: 'America/Phoenix',
		// A visitor's browser, not a crawler: the page streams as phones receive it.
		userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
	})
	page = await context.newPage()
})
afterEach(async () => {
	await context.close()
})

async function hydrated(path: string) {
	await page.goto(`${site.server.url}${path}`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

test('a search in Spanish words opens the town’s Spanish page, whose language link leads to its English twin', async () => {
	await hydrated('/es/')
	expect(await page.locator('html').getAttribute('lang')).toBe('es-US')
	const box = page.getByRole('combobox', { name: 'Su ciudad de Arizona' })
	await box.fill('flores en nogales')
	await expect
		.poll(() => page.getByRole('listbox', { name: 'Sugerencias: Su ciudad de Arizona' }).getByRole('option').allTextContents())
		.toEqual(['NogalesBuscar florerías'])
	await box.press('Enter')
	await page.getByRole('heading', { level: 1, name: 'Flores a domicilio en Nogales, AZ' }).waitFor()
	expect(new URL(page.url()).pathname).toBe('/es/ciudades/nogales/')
	// The page's own words, and the plain link to the same page in English.
	await page.getByText('¿Llegarán a tiempo mis flores?').waitFor()
	expect(await page.getByRole('link', { name: 'English' }).first().getAttribute('href')).toBe('/cities/nogales/')
	// The Spanish page is as accessible as the English: no axe violation at 390 px.
	expect(await axeViolations(page)).toEqual([])
}, 90_000)

test('the delivery checker answers in Spanish, dates in words and hours in p. m.', async () => {
	await hydrated('/es/ciudades/nogales/')
	// A delivery day three or more days ahead (the network does not deliver on Sundays or its holidays).
	const day = new Date(Date.now() - 7 * 3_600_000 + 3 * 86_400_000)
	while (closedDay({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() })) day.setUTCDate(day.getUTCDate() + 1)
	const words = `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} de ${MONTHS[day.getUTCMonth()]}`
	const dateField = page.getByLabel('Fecha de entrega', { exact: true })
	await dateField.scrollIntoViewIfNeeded()
	await page.locator('#delivery-checker input[aria-haspopup="dialog"]').waitFor()
	await dateField.click()
	// The calendar speaks Spanish to a screen reader, and its week starts on Sunday, as a US or Mexican calendar's does.
	await expect.poll(() => page.getByRole('dialog', { name: 'Elija la fecha de entrega' }).count()).toBe(1)
	expect(await page.getByRole('grid', { name: new RegExp(`^(${MONTHS.join('|')}) de 20\\d\\d$`) }).count()).toBe(1)
	expect(await page.locator('#delivery-checker [role="grid"] th').first().innerText()).toBe('do')
	expect(await page.locator('#delivery-checker [role="grid"] th').first().getAttribute('abbr')).toBe('domingo')
	const cell = page.getByRole('gridcell', {
		name: new RegExp(`^Elegir el ${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} de ${MONTHS[day.getUTCMonth()]} de`),
	})
	if ((await cell.count()) === 0) await page.getByRole('button', { name: 'Mes siguiente' }).click()
	await cell.click()
	await page.getByLabel('Hora de entrega').selectOption({ label: 'A más tardar a las 3:00\u00a0p.\u00a0m.' })
	const answer = page.locator('[data-deliverable]')
	await answer.waitFor()
	expect(await answer.getAttribute('data-deliverable')).toBe('true')
	const text = (await answer.innerText()).replace(/\s+/g, ' ')
	// The text is read with its spaces collapsed, no-break ones included.
	expect(text).toContain(`¡Sí! Haga su pedido a más tardar el día anterior para recibirlo el ${words} a más tardar a las 3:00 p. m.`)
	expect(text).toMatch(/Hora límite para pedir: el (?:lunes|martes|miércoles|jueves|viernes|sábado|domingo) \d+ de [a-z]+/)
	expect(text).toContain('Pedir flores ahora')
}, 90_000)

test('the 10 de mayo page’s reminder downloads a Spanish calendar event for the next 10 May', async () => {
	await hydrated('/es/ocasiones/10-de-mayo/')
	await page.getByRole('heading', { level: 1, name: 'Flores para el Día de las Madres, 10 de mayo' }).waitFor()
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('link', { name: 'Agregue a su calendario un recordatorio para el Día de las Madres de México' }).click(),
	])
	const event = new ICAL.Component(ICAL.parse(readFileSync(await download.path(), 'utf8'))).getFirstSubcomponent('vevent')
	const start = event?.getFirstPropertyValue('dtstart') as ICAL.Time
	// The day itself, whatever its weekday; a Sunday 10 May is sent for the Saturday before.
	const sunday = new Date(Date.UTC(start.year, 4, 10)).getUTCDay() === 0
	expect(String(event?.getFirstPropertyValue('summary'))).toBe(
		`Pedir flores para el Día de las Madres de México (10 de mayo)${sunday ? ': entrega el sábado 9 de mayo' : ''}`,
	)
	expect(String(event?.getFirstPropertyValue('description'))).toMatch(
		/^El Día de las Madres de México es el (lunes|martes|miércoles|jueves|viernes|sábado|domingo) 10 de mayo de \d{4}\. /,
	)
	expect(event?.getFirstPropertyValue('url')).toBe(`http://localhost:${site.server.port}/es/ocasiones/10-de-mayo/`)
	expect([start.month, start.day]).toEqual([5, sunday ? 6 : 7])
}, 90_000)

test('an arrangement on a Spanish page opens the partner with the affiliate id, and the page says the order is finished in English', async () => {
	// Product photos come through the site's own photo route from the stand-in; nothing else is fetched.
	await hydrated('/es/ciudades/yuma/')
	await page.getByText('El pedido se completa en el sitio de Florist One, que está en inglés.').waitFor()
	const card = page.locator('[data-product-card]').first()
	await card.scrollIntoViewIfNeeded()
	const [partner] = await Promise.all([context.waitForEvent('page'), card.click()])
	const url = new URL(partner.url())
	expect(url.origin).toBe(site.partner.url)
	expect(url.searchParams.get('AffiliateID')).toBe(TEST_AFFILIATE_ID)
	await partner.close()
}, 90_000)
