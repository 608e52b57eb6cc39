import ICAL from 'ical.js'
import nodeIcal, { type VEvent } from 'node-ical'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { isoDate } from '#app/domain/calendar-date.ts'
import { arizonaNow } from '#app/domain/delivery.ts'
import { startServer, type RunningServer } from '#test/support/server.ts'

let server: RunningServer
beforeAll(async () => {
	server = await startServer()
})
afterAll(async () => {
	await server?.stop()
})

/** A date-only value from node-ical (a Date at midnight where the parser runs) as 'YYYY-MM-DD'. */
const dayOf = (value: Date | undefined) => value && isoDate({ year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() })

/**
 * The file as calendar apps read it: parsed by ical.js and by node-ical, never by pattern. Both
 * parsers must find the one event with the same UID, dates, rule and alarm.
 */
async function calendar(path: string) {
	const response = await fetch(`${server.url}${path}`)
	expect(response.status, path).toBe(200)
	expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
	expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.ics"$/)
	const text = await response.text()
	// Every content line ends in CRLF and none is longer than 75 octets (RFC 5545 §3.1).
	expect(text.endsWith('\r\n')).toBe(true)
	for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
	const root = new ICAL.Component(ICAL.parse(text))
	expect(root.getFirstPropertyValue('version')).toBe('2.0')
	const event = root.getFirstSubcomponent('vevent')
	if (!event) throw new Error(`${path} has no event`)
	const others = Object.values(nodeIcal.sync.parseICS(text)).filter((component): component is VEvent => component?.type === 'VEVENT')
	expect(others, path).toHaveLength(1)
	const [other] = others
	expect(other?.uid, path).toBe(event.getFirstPropertyValue('uid'))
	expect(dayOf(other?.start), path).toBe(String(event.getFirstPropertyValue('dtstart')))
	expect(dayOf(other?.end), path).toBe(String(event.getFirstPropertyValue('dtend')))
	expect(
		other?.rrule
			?.toString()
			.split('\n')
			.find((line) => line.startsWith('RRULE:')),
		path,
	).toBe(event.hasProperty('rrule') ? `RRULE:${String(event.getFirstPropertyValue('rrule'))}` : undefined)
	expect(
		other?.alarms?.map((alarm) => [alarm.action, alarm.trigger]),
		path,
	).toEqual([['DISPLAY', { params: { RELATED: 'START' }, val: 'PT9H' }]])
	return { root, event, text }
}

const day = (value: unknown) => (value as ICAL.Time).toString()

test('Valentine’s Day 2027, a Sunday: an all-day reminder three days before the Saturday, with an alarm and a link back to its page', async () => {
	const { event } = await calendar('/calendar/valentines-day.ics?year=2027')
	// One occasion in one year is one event: its file always has the same UID, and another year's another.
	const uid = event.getFirstPropertyValue('uid')
	expect(uid).toMatch(new RegExp(`^[0-9a-f]{32}@localhost:${server.port}$`))
	expect((await calendar('/calendar/valentines-day.ics?year=2027')).event.getFirstPropertyValue('uid')).toBe(uid)
	expect((await calendar('/calendar/valentines-day.ics?year=2028')).event.getFirstPropertyValue('uid')).not.toBe(uid)
	expect((await calendar('/calendar/mothers-day.ics?year=2027')).event.getFirstPropertyValue('uid')).not.toBe(uid)
	expect(event.getFirstPropertyValue('dtstamp')).toBeTruthy()
	const start = event.getFirstPropertyValue('dtstart') as ICAL.Time
	expect(start.isDate).toBe(true)
	expect(day(start)).toBe('2027-02-10')
	expect(day(event.getFirstPropertyValue('dtend'))).toBe('2027-02-11')
	expect(event.getFirstPropertyValue('summary')).toBe('Order flowers for Valentine’s Day (February 14): delivery on Saturday, February 13')
	expect(event.getFirstPropertyValue('url')).toBe(`http://localhost:${server.port}/categories/valentines-day/`)
	expect(event.getFirstPropertyValue('description')).toContain(
		'Valentine’s Day is on Sunday, February 14, 2027. The florist network does not deliver on Sundays, so send for Saturday, February 13, the delivery day before it.',
	)
	const alarm = event.getFirstSubcomponent('valarm')
	expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY')
	expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe('PT9H')
})

test('Mother’s Day 2027 is Sunday 9 May, computed: the reminder is on 5 May, for Saturday’s delivery; 10 de mayo (a Monday) on 7 May', async () => {
	const { event } = await calendar('/calendar/mothers-day.ics?year=2027')
	expect(day(event.getFirstPropertyValue('dtstart'))).toBe('2027-05-05')
	expect(event.getFirstPropertyValue('summary')).toBe('Order flowers for Mother’s Day (May 9): delivery on Saturday, May 8')
	const spanish = (await calendar('/calendar/mothers-day.ics?year=2027&lang=es')).event
	expect(spanish.getFirstPropertyValue('summary')).toBe('Pedir flores para el Día de las Madres de EE. UU. (9 de mayo): entrega el sábado 8 de mayo')
	const tenthOfMay = (await calendar('/calendar/dia-de-las-madres.ics?year=2027&lang=es')).event
	expect(day(tenthOfMay.getFirstPropertyValue('dtstart'))).toBe('2027-05-07')
	expect(tenthOfMay.getFirstPropertyValue('summary')).toBe('Pedir flores para el Día de las Madres de México (10 de mayo)')
})

test('without a year, the next Valentine’s Day to come', async () => {
	const { event } = await calendar('/calendar/valentines-day.ics')
	const start = event.getFirstPropertyValue('dtstart') as ICAL.Time
	const valentines = new Date(Date.UTC(start.year, 1, 14))
	expect(valentines.getTime()).toBeGreaterThanOrEqual(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 86_400_000)
	expect(valentines.getTime() - Date.now()).toBeLessThan(367 * 86_400_000)
})

test('a chosen birthday: yearly, three days before, linking back to the city page', async () => {
	const { event } = await calendar('/calendar/birthday.ics?date=1990-03-14&city=phoenix&year=2027')
	expect(day(event.getFirstPropertyValue('dtstart'))).toBe('2027-03-11')
	expect(String(event.getFirstPropertyValue('rrule'))).toBe('FREQ=YEARLY')
	expect(event.getFirstPropertyValue('summary')).toBe('Order flowers for a birthday in Phoenix (March 14)')
	expect(event.getFirstPropertyValue('url')).toBe(`http://localhost:${server.port}/cities/phoenix/`)
	expect(event.getFirstPropertyValue('description')).toBe(
		`A birthday in Phoenix is on March 14 every year. Order in good time for delivery: http://localhost:${server.port}/cities/phoenix/`,
	)
	// The same birthday and city is the same yearly event in every file, whatever year it starts in:
	// adding the file again updates the event instead of adding a second one.
	const uid = event.getFirstPropertyValue('uid')
	for (const again of ['/calendar/birthday.ics?date=1990-03-14&city=phoenix&year=2027', '/calendar/birthday.ics?date=1972-03-14&city=phoenix&year=2029'])
		expect((await calendar(again)).event.getFirstPropertyValue('uid'), again).toBe(uid)
	// Another date, another city or none: another event.
	for (const other of [
		'/calendar/birthday.ics?date=1990-03-15&city=phoenix&year=2027',
		'/calendar/birthday.ics?date=1990-03-14&city=tucson&year=2027',
		'/calendar/birthday.ics?date=1990-03-14&year=2027',
	])
		expect((await calendar(other)).event.getFirstPropertyValue('uid'), other).not.toBe(uid)
})

test('a 29 February birthday keeps its date in the file, and a visitor today never gets a first reminder in the past', async () => {
	const { event } = await calendar('/calendar/birthday.ics?date=1996-02-29&city=tucson')
	expect(event.getFirstPropertyValue('summary')).toBe('Order flowers for a birthday in Tucson (February 29)')
	expect(String(event.getFirstPropertyValue('description'))).toContain('In the years without a February 29, the reminder still comes on February 26')
	const start = event.getFirstPropertyValue('dtstart') as ICAL.Time
	expect(`${start.month}-${start.day}`).toBe('2-26')
	// Arizona's today, as the server reads it.
	const today = isoDate(arizonaNow(new Date()).today)
	expect(start.toString() >= today).toBe(true)
})

test('parameters a file does not use are ignored: a shared or tagged link still opens the file', async () => {
	for (const path of [
		'/calendar/valentines-day.ics?utm_source=x',
		'/calendar/mothers-day.ics?year=2027&utm_source=newsletter&utm_medium=email',
		'/calendar/valentines-day.ics?colour=red',
		'/calendar/birthday.ics?date=2027-03-04&utm_source=x',
		'/calendar/birthday.ics?date=2027-03-04&city=phoenix&fbclid=abc123',
	])
		expect((await calendar(path)).event.getFirstPropertyValue('summary'), path).toMatch(/^Order flowers for /)
	const { event } = await calendar('/calendar/birthday.ics?date=2027-03-04&city=phoenix&year=2027&utm_source=x')
	expect(day(event.getFirstPropertyValue('dtstart'))).toBe('2027-03-01')
	expect(event.getFirstPropertyValue('url')).toBe(`http://localhost:${server.port}/cities/phoenix/`)
})

test('bad addresses get a JSON error, never a file, naming the parameter that is wrong', async () => {
	for (const [path, status, names] of [
		['/calendar/birthday.ics', 400, 'date'],
		['/calendar/birthday.ics?utm_source=x', 400, 'date'],
		['/calendar/birthday.ics?date=2027-02-30', 400, 'date'],
		['/calendar/birthday.ics?date=tomorrow&utm_source=x', 400, 'date'],
		['/calendar/birthday.ics?date=2027-03-04&city=Phoenix%20AZ', 400, 'city'],
		['/calendar/birthday.ics?date=2027-03-04&year=next&utm_source=x', 400, 'year'],
		['/calendar/birthday.ics?date=2027-03-14&city=atlantis', 404, 'atlantis'],
		['/calendar/valentines-day.ics?year=1800', 400, 'year'],
		['/calendar/valentines-day.ics?year=1800&utm_source=x', 400, 'year'],
		['/calendar/halloween.ics', 404, 'halloween.ics'],
	] as const) {
		const response = await fetch(`${server.url}${path}`)
		expect(response.status, path).toBe(status)
		expect(response.headers.get('content-type'), path).toContain('application/json')
		const body = (await response.json()) as { error: string; problems?: string[] }
		expect(body.error, path).toBeTruthy()
		expect([body.error, ...(body.problems ?? [])].join(' '), path).toContain(names)
		expect(JSON.stringify(body), path).not.toContain('utm_source')
	}
})

test('the pages offer them: Valentine’s and Mother’s Day pages link their reminder, a city page has the birthday form', async () => {
	for (const slug of ['valentines-day', 'mothers-day']) {
		const body = await (await fetch(`${server.url}/categories/${slug}/`)).text()
		expect(body).toContain(`href="/calendar/${slug}.ics"`)
	}
	expect(await (await fetch(`${server.url}/categories/birthday-flowers/`)).text()).not.toContain('/calendar/')
	const city = (await (await fetch(`${server.url}/cities/tempe/`)).text()).replaceAll('<!-- -->', '')
	const form = /<form[^>]*action="\/calendar\/birthday.ics"[^>]*>[\s\S]*?<\/form>/.exec(city)?.[0] ?? ''
	expect(form).toContain('method="get"')
	const dateInput = /<input id="birthday-date"[^>]*>/.exec(form)?.[0] ?? ''
	for (const attribute of ['type="date"', 'name="date"', 'required=""']) expect(dateInput).toContain(attribute)
	expect(form).toContain('<input type="hidden" name="city" value="tempe"/>')
	expect(form).toContain('Remind me of a birthday in Tempe')
})
