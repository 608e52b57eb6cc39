import { execFile } from 'node:child_process'
import { temporaryFolder } from '#test/support/temporary.ts'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { STAND_IN_API_KEY, STAND_IN_API_PASSWORD, standInSettings } from '#mock-servers/partner.ts'
import { agent } from '#app/words/agent-answer-words.server.ts'
import { useSite } from '#test/support/e2e.ts'
import { TEST_AFFILIATE_ID } from '#test/support/server.ts'
import { englishPhrases, knownNames, numbersOf, unknownSpanishWords, wordsOf } from '#test/support/spanish.ts'

/**
 * The site as an AI agent meets it: /llms.txt, and the MCP endpoint driven by the official SDK's
 * own client against the built server, with the partner's REST API stood in for.
 */
const site = useSite({
	partner: true,
	settings: (partner) => ({ ...standInSettings(partner, { rest: true }), API_RATE_LIMIT_PER_MINUTE: '1000', MCP_CALLS_PER_MINUTE: '1000' }),
	browser: false,
})
let client: Client

/** The site's own address (SITE_URL), as its links and answers name it. */
const own = () => `http://localhost:${site.server.port}`

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> }

beforeAll(async () => {
	client = new Client({ name: 'agents-test', version: '1.0.0' })
	await client.connect(new StreamableHTTPClientTransport(new URL(`${site.server.url}/mcp`)))
})
afterAll(async () => {
	await client?.close()
})

const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult
const textOf = (result: ToolResult) => result.content.map((part) => part.text ?? '').join('\n')

test('/llms.txt says what the site is, who fills orders, the disclosure and where the pages and the MCP endpoint are', async () => {
	const response = await fetch(`${site.server.url}/llms.txt`)
	expect(response.status).toBe(200)
	expect(response.headers.get('content-type')).toMatch(/^text\/markdown/)
	const body = await response.text()
	expect(body).toMatch(/^# Arizona Flower Delivery\n\n> A guide and directory/)
	expect(body).toContain('filled by its partner florists')
	expect(body).toContain('affiliate commission')
	expect(body).toContain(`${own()}/mcp`)
	expect(body).toContain(`${own()}/categories/birthday-flowers/`)
	expect(body).toContain(`${own()}/sitemap.xml`)
	// The Spanish pages, the 10 de mayo among them.
	expect(body).toContain(`${own()}/es/`)
	expect(body).toContain(`${own()}/es/ocasiones/10-de-mayo/`)
	expect(body).toContain(`${own()}/es/ocasiones/flores-de-cumpleanos/`)
	const robots = await (await fetch(`${site.server.url}/robots.txt`)).text()
	expect(robots).toContain('/llms.txt')
	// The search results, in both languages, are no pages to index.
	expect(robots).toContain('Disallow: /search/\n')
	expect(robots).toContain('Disallow: /es/buscar/\n')
})

/**
 * /llms.txt read as the llms.txt form (llmstxt.org) defines it, as its reference parser splits it:
 * an H1 title, a blockquote summary, notes without headings, then H2 sections whose every entry is
 * a Markdown link `- [name](url)` with optional `: notes`. Throws naming the first line that breaks it.
 */
function parseLlmsTxt(text: string) {
	const lines = text.split('\n')
	const title = /^# (.+)$/.exec(lines[0] ?? '')?.[1]
	if (!title) throw new Error(`line 1 is no H1: "${lines[0]}"`)
	const summaryLine = lines.findIndex((line, index) => index > 0 && line.trim() !== '')
	const summary = /^> (.+)$/.exec(lines[summaryLine] ?? '')?.[1]
	if (!summary) throw new Error(`line ${summaryLine + 1} is no blockquote summary`)
	const sections: { name: string; links: { title: string; url: string; notes?: string }[] }[] = []
	lines.slice(summaryLine + 1).forEach((line, offset) => {
		const number = summaryLine + 2 + offset
		if (line.trim() === '') return
		const heading = /^## (.+)$/.exec(line)
		if (heading?.[1]) return void sections.push({ name: heading[1], links: [] })
		if (/^#/.test(line)) throw new Error(`line ${number}: only H2 headings may follow the summary: "${line}"`)
		const section = sections.at(-1)
		if (!section) return
		const link = /^- \[([^\]]+)\]\(([^)\s]+)\)(?:: (.+))?$/.exec(line)
		if (!link?.[1] || !link[2]) throw new Error(`line ${number} in "${section.name}" is no link entry: "${line}"`)
		section.links.push({ title: link[1], url: link[2], ...(link[3] ? { notes: link[3] } : {}) })
	})
	return { title, summary, sections }
}

test('/llms.txt parses in the llms.txt form: every section entry a link, the MCP endpoint among them', async () => {
	const parsed = parseLlmsTxt(await (await fetch(`${site.server.url}/llms.txt`)).text())
	expect(parsed.title).toBe('Arizona Flower Delivery')
	expect(parsed.sections.map((section) => section.name)).toEqual(['Pages', 'Páginas en español', 'For agents'])
	for (const section of parsed.sections) {
		expect(section.links.length, section.name).toBeGreaterThan(0)
		for (const link of section.links) expect(() => new URL(link.url), link.url).not.toThrow()
	}
	expect(parsed.sections[2]?.links.map((link) => link.url)).toEqual([`${own()}/mcp`, 'mailto:hello@example.com'])
	expect(() => parseLlmsTxt('# Site\n\n> Summary\n\n## Agents\n\n- MCP server: https://example.com/mcp\n')).toThrow(/no link entry/)
})

test('the SDK client lists four read-only tools, each with a description and schemas for input and output', async () => {
	const { tools } = await client.listTools()
	expect(tools.map((tool) => tool.name).sort()).toEqual(['arrangement_details', 'delivery_dates', 'find_arrangements', 'town_notes'])
	for (const tool of tools) {
		expect(tool.description?.length, tool.name).toBeGreaterThan(40)
		expect(tool.inputSchema.properties, tool.name).toHaveProperty('place')
		expect(tool.outputSchema, tool.name).toBeDefined()
		expect(tool.annotations?.readOnlyHint, tool.name).toBe(true)
	}
})

test('arrangements under a budget for a ZIP: whole delivered prices, photos on the site’s origin, partner links with the affiliate id', async () => {
	const result = await call('find_arrangements', { place: '85004', occasion: 'Birthday', maxPrice: 70, sort: 'price' })
	expect(result.isError).toBeFalsy()
	const found = result.structuredContent as {
		town: string
		zip: string
		arrangements: { price: number; deliveredPrice: number; photoUrl: string; orderUrl: string }[]
	}
	expect(found).toMatchObject({ town: 'Phoenix', zip: '85004' })
	expect(found.arrangements.length).toBeGreaterThan(0)
	const delivered = found.arrangements.map((item) => item.deliveredPrice)
	expect(delivered).toEqual([...delivered].sort((a, b) => a - b))
	for (const item of found.arrangements) {
		expect(item.deliveredPrice).toBeLessThanOrEqual(70)
		expect(item.deliveredPrice).toBeGreaterThan(item.price)
		expect(item.photoUrl.startsWith(`${own()}/photos/`)).toBe(true)
		const order = new URL(item.orderUrl)
		expect(order.origin).toBe(new URL(site.partner.url).origin)
		expect(order.searchParams.get('source_id')).toBe('aff')
		expect([...order.searchParams.values()]).toContain(TEST_AFFILIATE_ID)
	}
	expect(textOf(result)).toContain('delivered')
})

test('delivery dates for a ZIP: the dates that can be ordered, the earliest first, the cut-off in Arizona time, and a remote town told to order a day ahead', async () => {
	type Dates = { deliveryDates: string[]; earliestDate: string | null; partnerDatesKnown: boolean; cutoff: string; reach: string; sameDayPossibleNow: boolean }
	const phoenix = (await call('delivery_dates', { place: '85004' })).structuredContent as Dates
	expect(phoenix.reach).toBe('metro')
	expect(phoenix.partnerDatesKnown).toBe(true)
	expect(phoenix.deliveryDates.length).toBeGreaterThan(0)
	for (const day of phoenix.deliveryDates) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
	expect(phoenix.earliestDate).toBe(phoenix.deliveryDates[0])
	// The stand-in offers every day but Sundays: no Sunday is listed.
	for (const day of phoenix.deliveryDates) expect(new Date(`${day}T12:00:00Z`).getUTCDay()).not.toBe(0)
	expect(phoenix.cutoff).toMatch(/^2:00 PM Arizona time, for delivery the same day$/)
	const ajo = await call('delivery_dates', { place: 'Ajo' })
	const ajoDates = ajo.structuredContent as Dates
	expect(ajoDates).toMatchObject({ reach: 'remote', sameDayPossibleNow: false })
	// Never today in a remote town.
	const arizonaToday = new Date(Date.now() - 7 * 3_600_000).toISOString().slice(0, 10)
	expect(ajoDates.deliveryDates).not.toContain(arizonaToday)
	expect(ajoDates.earliestDate && ajoDates.earliestDate > arizonaToday).toBe(true)
	expect(textOf(ajo)).toContain('Order by 2:00 PM Arizona time the day before')
	expect(textOf(ajo)).toContain(`Earliest delivery that can be ordered now: ${ajoDates.earliestDate}.`)
})

test('a place without a page answers with its own reach and clock: Quartzsite and Window Rock a day’s notice, Window Rock on Navajo time', async () => {
	type Dates = { town: string; reach: string; sameDayPossibleNow: boolean; deliveryRule: string; clock: string[]; note: string | null }
	const quartzsite = (await call('delivery_dates', { place: 'Quartzsite' })).structuredContent as Dates
	expect(quartzsite).toMatchObject({ town: 'Quartzsite', reach: 'remote', sameDayPossibleNow: false })
	expect(quartzsite.deliveryRule).toMatch(
		/^Quartzsite lies about \d+ miles from Lake Havasu City in a straight line, the nearest town we list, so same-day delivery cannot be promised there/,
	)
	const windowRock = (await call('delivery_dates', { place: 'Window Rock' })).structuredContent as Dates
	expect(windowRock).toMatchObject({ town: 'Window Rock', reach: 'remote', sameDayPossibleNow: false })
	expect(windowRock.clock.join(' ')).toContain('Window Rock keeps daylight saving time, as the Navajo Nation does')
	const secondMesa = (await call('delivery_dates', { place: 'Second Mesa' })).structuredContent as Dates
	expect(secondMesa.clock.join(' ')).toContain('Second Mesa keeps Arizona time all year')
	// The places the pages name are Arizona places, not "not in Arizona".
	for (const place of ['Why', 'LeChee', 'Moenkopi']) {
		const answer = await call('delivery_dates', { place })
		expect(answer.isError, place).toBeFalsy()
		expect((answer.structuredContent as Dates).town).toBe(place)
	}
})

test('what to know for a town: its hospitals, funerals, weather and the Navajo Nation’s clock', async () => {
	const tuba = (await call('town_notes', { place: 'Tuba City, AZ' })).structuredContent as {
		timeZone: string
		clock: string[]
		hospitals: unknown[]
		pageUrl: string
	}
	expect(tuba.timeZone).not.toBe('America/Phoenix')
	expect(tuba.clock.join(' ')).toContain('daylight saving time')
	expect(tuba.hospitals.length).toBeGreaterThan(0)
	expect(tuba.pageUrl).toBe(`${own()}/cities/tuba-city/`)
})

test('what the pages know, agents can ask: Tuba City, Florence and Williams answer with the same hospitals, cemeteries and advice as their pages', async () => {
	for (const slug of ['tuba-city', 'florence', 'williams']) {
		const page = parse(await (await fetch(`${site.server.url}/cities/${slug}/`)).text())
		const clean = (text: string) => text.replace(/\s+/g, ' ').trim()
		// Each place listed (its name; the page shows its note after a colon) and each paragraph of advice.
		const names = page.querySelectorAll('#hospitals > ul > li, #funerals > ul > li').map((item) => clean(item.text).split(': ')[0] ?? '')
		const advice = page.querySelectorAll('#hospitals > p, #funerals > p').map((paragraph) => clean(paragraph.text))
		expect(names.length + advice.length, slug).toBeGreaterThan(0)
		const text = clean(textOf(await call('town_notes', { place: slug.replace(/-/g, ' ') })))
		for (const line of [...names, ...advice]) expect(text, `${slug}: "${line}"`).toContain(line)
	}
	const williams = (await call('town_notes', { place: 'Williams' })).structuredContent as { cemeteries: string[]; funeralNote: string | null }
	expect(williams.funeralNote).toContain('Arizona Veterans’ Memorial Cemetery at Camp Navajo'.replace('’', "'"))
})

test('an emergency department that admits no one is not called a hospital, and a place without a page says whose ZIP the network is asked about', async () => {
	const vail = await call('town_notes', { place: 'Vail' })
	const text = textOf(vail)
	expect(text).toContain('Emergency care only, no hospital stays: Northwest Emergency Center at Vail')
	expect(text).not.toContain('Hospitals: Northwest Emergency Center')
	expect((vail.structuredContent as { hospitals: { name: string; emergencyOnly?: boolean }[] }).hospitals).toEqual([
		expect.objectContaining({ name: 'Northwest Emergency Center at Vail', emergencyOnly: true }),
	])
	const espanol = textOf(await call('town_notes', { place: 'Vail', language: 'es' }))
	expect(espanol).toContain('Solo atención de emergencia, sin internación: Northwest Emergency Center at Vail')
	const why = textOf(await call('delivery_dates', { place: 'Why' }))
	expect(why).toMatch(
		/Why has no page of its own; Ajo, about \d+ miles away, is the nearest listed town, and the florist network's dates and totals are those of Ajo's ZIP 85321/,
	)
})

test('occasions in English or Spanish words, and arrangements by flower and colour as the partner names them', async () => {
	for (const [words, occasion] of [
		['Mother’s Day', 'Mother’s Day Flowers'],
		['día de las madres', 'Mother’s Day Flowers'],
		['cumpleaños', 'Birthday Flowers'],
		['sympathy', 'Sympathy & Funeral Flowers'],
		['funeral', 'Sympathy & Funeral Flowers'],
		['pésame', 'Sympathy & Funeral Flowers'],
	] as const) {
		const result = await call('find_arrangements', { place: 'Tempe', occasion: words, limit: 1 })
		expect(result.isError, words).toBeFalsy()
		expect((result.structuredContent as { occasion: string }).occasion.replace("'", '’'), words).toBe(occasion)
	}
	const roses = await call('find_arrangements', { place: 'Tempe', occasion: 'birthday', flower: 'rosas', limit: 24 })
	const found = roses.structuredContent as { arrangements: { title: string }[]; filterNote: string }
	expect(found.arrangements.length).toBeGreaterThan(0)
	for (const item of found.arrangements) expect(item.title).toMatch(/rose/i)
	expect(found.filterNote).toMatch(/^\d+ of the \d+ arrangements in the list name rosas/)
	const pink = (await call('find_arrangements', { place: 'Tempe', occasion: 'birthday', color: 'pink', flower: 'roses', limit: 24 })).structuredContent as {
		arrangements: { title: string }[]
	}
	for (const item of pink.arrangements) expect(item.title).toMatch(/pink rose/i)
	const unknown = await call('find_arrangements', { place: 'Tempe', occasion: 'birthday', flower: 'cactus' })
	expect(unknown.isError).toBe(true)
	expect(textOf(unknown)).toMatch(/"cactus" is not a flower this site can look for/)
	// An occasion without a list of its own is answered from the nearest, and the answer says which.
	const quince = (await call('find_arrangements', { place: 'Tempe', occasion: 'quinceañera' })).structuredContent as { occasion: string; listNote: string }
	expect(quince).toMatchObject({
		occasion: 'Birthday Flowers',
		listNote: 'No quinceañera list: these are the birthday arrangements (Birthday Flowers), the closest.',
	})
	const unknownOccasion = await call('find_arrangements', { place: 'Tempe', occasion: 'bar mitzvah' })
	expect(unknownOccasion.isError).toBe(true)
	expect(textOf(unknownOccasion)).toMatch(/Unknown occasion "bar mitzvah"\. Choose one of/)
})

/** Every string of a message catalog. */
const stringsOf = (value: unknown): string[] =>
	typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : []

/**
 * The agent catalog's English phrases of three words or more, between placeholders and stops, that
 * its Spanish twin does not share, its labels ("Hospitals:", "More:"), and the site's catalogs'
 * English phrases: none may reach a Spanish answer.
 */
const englishOfAnswers = () => {
	const spanish = stringsOf(agent.es)
	const own = stringsOf(agent.en)
		.flatMap((text) => text.split(/\{\w+\}|[.;:()—]|, /))
		.map((part) => part.trim().replace(/^["“]|["”]$/g, ''))
		.filter((phrase) => phrase.split(/\s+/).length >= 3 && !spanish.some((text) => text.includes(phrase)))
	const labels = stringsOf(agent.en.text)
		.flatMap((text) => /^([A-Z][^{:]*):/.exec(text)?.[1] ?? [])
		.map((label) => `${label}:`)
	return [...new Set([...own, ...labels, ...englishPhrases()])]
}

/**
 * A Spanish answer's text read for its language: the partner's product names, codes, descriptions
 * and sizes, which stay as it sends them, and the postal form of the place a price was quoted for
 * ("Nogales, AZ 85621"), taken out.
 */
const ownSpanish = (result: ToolResult) => {
	type Item = { code: string | null; title: string; description: string | null; size: string | null; deliveredTo: string | null }
	const items = (result.structuredContent as { arrangements?: Item[] } | undefined)?.arrangements ?? []
	const partners = items.flatMap((item) => [item.title, item.code ?? '', item.description ?? '', item.size ?? '', item.deliveredTo ?? '']).filter(Boolean)
	return partners.reduce((text, words) => text.replaceAll(words, ''), textOf(result))
}

test('in Spanish, find_arrangements answers “flores en Nogales” for “cumpleaños” with the Spanish occasion, rule, page and text, at the English prices', async () => {
	const es = await call('find_arrangements', { place: 'flores en Nogales', occasion: 'cumpleaños', language: 'es' })
	const en = await call('find_arrangements', { place: 'Nogales', occasion: 'cumpleaños' })
	expect(es.isError, textOf(es)).toBeFalsy()
	type Found = { town: string; zip: string; occasion: string; reach: string; deliveryRule: string; arrangements: unknown[]; priceNote: string; pageUrl: string }
	const found = es.structuredContent as Found
	const english = en.structuredContent as Found
	expect(found).toMatchObject({ town: 'Nogales', zip: english.zip, reach: english.reach, occasion: 'Flores de cumpleaños' })
	expect(found.deliveryRule).toMatch(/^Entrega el mismo día .*antes de las 2:00\sp\.\sm\., hora de Arizona; entregas de 9:00\sa\.\sm\. a 5:00\sp\.\sm\.$/)
	expect(found.pageUrl).toBe(`${own()}/es/ciudades/nogales/`)
	expect(found.priceNote).toMatch(
		/^Los precios con entrega suman a cada precio el cargo por servicio de Florist One \(\$\d+\.\d\d\) y el impuesto del código postal 85621/,
	)
	// The same arrangements at the same prices, and the same numbers in the text.
	expect(found.arrangements.length).toBeGreaterThan(0)
	expect(found.arrangements).toEqual(english.arrangements)
	const text = textOf(es)
	expect(text).toMatch(/^Flores de cumpleaños con entrega en Nogales \(código postal 85621\)\.\n/)
	expect(text).toContain(' con entrega en Nogales, AZ 85621). ')
	expect(text.trimEnd().endsWith(agent.es.disclosure)).toBe(true)
	expect([...numbersOf(text)].sort()).toEqual([...numbersOf(textOf(en))].sort())
})

test('in Spanish, delivery_dates tells a remote town to order the day before, with the same dates as in English', async () => {
	type Dates = {
		reach: string
		cutoff: string
		deliveryRule: string
		clock: string[]
		arizonaTimeNow: string
		deliveryDates: string[]
		earliestDate: string | null
	}
	for (const place of ['Ajo', 'Tuba City']) {
		const es = await call('delivery_dates', { place, language: 'es' })
		const en = await call('delivery_dates', { place })
		const dates = es.structuredContent as Dates
		const english = en.structuredContent as Dates
		expect(dates.reach, place).toBe('remote')
		expect(dates.deliveryDates, place).toEqual(english.deliveryDates)
		expect(dates.earliestDate, place).toBe(english.earliestDate)
		expect(dates.deliveryRule, place).toBe(
			'Haga su pedido a más tardar a las 2:00\u00a0p.\u00a0m., hora de Arizona, del día anterior; entregas de 9:00\u00a0a.\u00a0m. a 5:00\u00a0p.\u00a0m.',
		)
		expect(dates.arizonaTimeNow, place).toMatch(
			/^(?:domingo|lunes|martes|miércoles|jueves|viernes|sábado), \d{1,2} de \p{L}+ de \d{4}, \d{1,2}:\d\d\s[ap]\. m\.$/u,
		)
		const text = textOf(es)
		expect(text, place).toContain(`Entrega más próxima que puede pedir ahora: ${english.earliestDate}.`)
		expect(text, place).toContain('Entrega el mismo día, si pide ahora: no.')
		if (place === 'Ajo') {
			expect(dates.cutoff).toBe('2:00\u00a0p.\u00a0m., hora de Arizona, el día anterior a la entrega')
			expect(text).toMatch(/^Ajo \(código postal \d{5}\)\. Hora actual en Arizona: /)
		} else {
			expect(dates.cutoff).toMatch(/^2:00\sp\.\sm\., hora de Arizona(?: \(3:00\sp\.\sm\. en Tuba City\))?, el día anterior a la entrega$/)
			expect(dates.clock.join(' ')).toContain('Tuba City usa el horario de verano, como la Nación Navajo')
		}
	}
	// A ZIP without a page of its own: the note says so in Spanish.
	const zip = (await call('delivery_dates', { place: '85346', language: 'es' })).structuredContent as { note: string }
	expect(zip.note).toMatch(/^El código postal 85346 \(Quartzsite\) se atiende desde Lake Havasu City, la ciudad más cercana de nuestra lista;/)
})

test('in Spanish, town_notes for Nogales gives its Spanish weather and funeral notes, its county and its Spanish page', async () => {
	const result = await call('town_notes', { place: 'Nogales', language: 'es' })
	const notes = result.structuredContent as {
		county: string
		funeralNote: string
		weather: { summer: string; winter: string; monsoon: string | null }
		hospitals: { name: string; note?: string }[]
		pageUrl: string
	}
	const spanish = (JSON.parse(readFileSync('data/es/cities/nogales.json', 'utf8')) as { facts: { funeralNote: string; weather: Record<string, string> } }).facts
	expect(notes.county).toBe('Condado de Santa Cruz')
	expect(notes.funeralNote).toBe(spanish.funeralNote)
	expect(notes.weather).toEqual({ summer: spanish.weather.summer, winter: spanish.weather.winter, monsoon: spanish.weather.monsoon })
	expect(notes.pageUrl).toBe(`${own()}/es/ciudades/nogales/`)
	const text = textOf(result)
	expect(text).toMatch(/^Nogales, Condado de Santa Cruz\.\n/)
	expect(text).toContain(`Hospitales: ${notes.hospitals[0]?.name} (${notes.hospitals[0]?.note}).`)
	expect(text).toContain(`Más información: ${own()}/es/ciudades/nogales/`)
	const english = await call('town_notes', { place: 'Nogales' })
	// Temperatures are said each language's way ("the low to mid 90s", "entre 90 y 95 °F (32–35 °C)"): every other figure is the same.
	const spanishFigures = text
		.replace(/\/es\/ciudades\//, '/cities/')
		.replace(/\s*\([^)]*°C\)/g, '')
		.replace(/\d+(?:\s*(?:y|a|–)\s*\d+)?\s*°F/g, '')
	const englishFigures = textOf(english)
		.replace(/\b\d+s\b/g, '')
		.replace(/\d+\s*°F/g, '')
	expect([...numbersOf(spanishFigures)].sort()).toEqual([...numbersOf(englishFigures)].sort())
})

test('in Spanish, a place, occasion, flower or colour the site cannot answer is a Spanish sentence; each occasion it lists is understood', async () => {
	const cases: [string, Record<string, unknown>, RegExp][] = [
		['town_notes', { place: 'Denver, CO' }, /^“Denver, CO” no es una ciudad, un pueblo ni un código postal de Arizona que este sitio conozca\./],
		['delivery_dates', { place: 'cumpleaños' }, /^“cumpleaños” no es una ciudad/],
		['find_arrangements', { place: '10001', occasion: 'cumpleaños' }, /^El código postal 10001 está fuera de Arizona\. Este sitio solo cubre Arizona;/],
		['find_arrangements', { place: 'Tempe', occasion: 'bar mitzvah' }, /^No conocemos la ocasión “bar mitzvah”\. Elija una de estas: .*Flores de cumpleaños/],
		['find_arrangements', { place: 'Tempe', occasion: 'cumpleaños', flower: 'cactus' }, /^“cactus” no es una flor que este sitio pueda buscar\./],
		['find_arrangements', { place: 'Tempe', occasion: 'cumpleaños', color: 'verde' }, /^“verde” no es un color que este sitio pueda buscar\./],
	]
	const names = knownNames('Arizona Flower Delivery')
	const phrases = englishOfAnswers()
	for (const [name, args, message] of cases) {
		const result = await call(name, { ...args, language: 'es' })
		expect(result.isError, JSON.stringify(args)).toBe(true)
		expect(textOf(result), JSON.stringify(args)).toMatch(message)
		expect(phrases.filter((phrase) => textOf(result).includes(phrase))).toEqual([])
		// The words asked about are the asker's own.
		const own = textOf(result).replace(/“[^”]*”/g, '')
		expect(unknownSpanishWords(wordsOf(own)).filter((word) => !names.has(word))).toEqual([])
	}
	const unknown = textOf(await call('find_arrangements', { place: 'Tempe', occasion: 'bar mitzvah', language: 'es' }))
	const listed = /Elija una de estas: (.+)\.$/.exec(unknown)?.[1]?.split(', ') ?? []
	expect(listed.length).toBeGreaterThan(5)
	const titles = await Promise.all(
		listed.map(
			async (occasion) => (await call('find_arrangements', { place: 'Tempe', occasion, limit: 1, language: 'es' })).structuredContent as { occasion: string },
		),
	)
	expect(new Set(titles.map((found) => found.occasion)).size).toBe(listed.length)
})

test('a Spanish answer holds no English sentence of the catalogs, and every word is Spanish as hunspell’s es_US knows it or a name', async () => {
	const phrases = englishOfAnswers()
	expect(phrases).toEqual(expect.arrayContaining(['Hospitals:', 'Cut-off:', 'More:', 'Same-day possible now', 'is outside Arizona']))
	expect(phrases.length).toBeGreaterThan(40)
	const names = knownNames('Arizona Flower Delivery')
	const questions: [string, Record<string, unknown>][] = [
		['find_arrangements', { place: 'flores en Nogales', occasion: 'cumpleaños' }],
		['find_arrangements', { place: 'Quartzsite', occasion: 'pésame', flower: 'rosas', color: 'rojo' }],
		['find_arrangements', { place: 'Tempe', occasion: 'aniversario', maxPrice: 1 }],
		['delivery_dates', { place: 'Tuba City' }],
		['delivery_dates', { place: '85346' }],
		['delivery_dates', { place: 'Phoenix' }],
		['town_notes', { place: 'Nogales' }],
		['town_notes', { place: 'Williams' }],
		['town_notes', { place: 'Window Rock' }],
	]
	for (const [name, args] of questions) {
		const result = await call(name, { ...args, language: 'es' })
		expect(result.isError, textOf(result)).toBeFalsy()
		const text = ownSpanish(result)
		expect(
			phrases.filter((phrase) => text.includes(phrase)),
			text,
		).toEqual([])
		// The place asked about and answered for are names too (Window Rock and ZIP 85346's Quartzsite, post offices without a page of their own).
		const place = wordsOf(`${String(args.place)} ${(result.structuredContent as { town: string }).town}`)
		expect(
			unknownSpanishWords(wordsOf(text)).filter((word) => !names.has(word) && !place.includes(word)),
			text,
		).toEqual([])
	}
})

test('bad input is a tool error with a sentence to pass on, never a crash', async () => {
	const cases: [string, Record<string, unknown>, RegExp][] = [
		['find_arrangements', { place: 'Denver, CO', occasion: 'birthday-flowers' }, /not a city, town or ZIP code in Arizona/],
		['find_arrangements', { place: '10001', occasion: 'birthday-flowers' }, /ZIP 10001 is outside Arizona/],
		['find_arrangements', { place: 'Phoenix', occasion: 'bar mitzvah' }, /Unknown occasion "bar mitzvah"\. Choose one of: .*birthday-flowers/],
		['find_arrangements', { place: 'Phoenix', occasion: 'y'.repeat(10_000) }, /occasion/],
		['find_arrangements', { place: 'Phoenix', occasion: 'birthday-flowers', maxPrice: -5 }, /maxPrice/],
		['delivery_dates', { place: 'x'.repeat(10_000) }, /place/],
		['town_notes', {}, /place/],
	]
	for (const [name, args, message] of cases) {
		const result = await call(name, args)
		expect(result.isError, JSON.stringify(args).slice(0, 80)).toBe(true)
		expect(textOf(result), JSON.stringify(args).slice(0, 80)).toMatch(message)
	}
	expect((await fetch(`${site.server.url}/healthz`)).status).toBe(200)
})

test('no secret in any answer; a request from another site’s page or host is refused; the endpoint only takes POST', async () => {
	const answers = JSON.stringify([await call('find_arrangements', { place: 'Mesa', occasion: 'get-well-soon' }), await call('town_notes', { place: 'Mesa' })])
	for (const secret of [STAND_IN_API_KEY, Buffer.from(`${STAND_IN_API_KEY}:${STAND_IN_API_PASSWORD}`).toString('base64'), 'FLORISTONE_API'])
		expect(answers).not.toContain(secret)
	const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
	const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' }
	const foreign = await fetch(`${site.server.url}/mcp`, { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body })
	expect(foreign.status).toBe(403)
	const big = await fetch(`${site.server.url}/mcp`, {
		method: 'POST',
		headers,
		body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { pad: 'x'.repeat(40_000) } }),
	})
	expect(big.status).toBe(413)
	expect((await fetch(`${site.server.url}/mcp`)).status).toBe(405)
})

test('200 cold agent calls for one city cause at most one partner fetch of its list', async () => {
	const before = site.partner.hits.filter((hit) => hit.includes('category=an')).length
	const agents = await Promise.all(
		Array.from({ length: 10 }, async () => {
			const agent = new Client({ name: 'cold-agent', version: '1.0.0' })
			await agent.connect(new StreamableHTTPClientTransport(new URL(`${site.server.url}/mcp`)))
			return agent
		}),
	)
	const results = await Promise.all(
		Array.from({ length: 200 }, (_, index) =>
			agents[index % agents.length]?.callTool({ name: 'find_arrangements', arguments: { place: 'Yuma', occasion: 'anniversary' } }),
		),
	)
	for (const result of results) expect((result as ToolResult).isError).toBeFalsy()
	await Promise.all(agents.map((agent) => agent.close()))
	expect(site.partner.hits.filter((hit) => hit.includes('category=an')).length - before).toBeLessThanOrEqual(1)
}, 120_000)

/**
 * The conformance suite's server scenarios this server fails on purpose, each with its reason: it is
 * a read-only tools server, so the scenarios that call the suite's own test tools (images, audio,
 * progress, sampling, elicitation) or use capabilities it does not offer fail. Any other failure, or
 * one of these passing, fails the run, so the list stays true.
 */
const EXPECTED_CONFORMANCE_FAILURES: Readonly<Record<string, string>> = {
	'logging-set-level': 'logging: not offered (the server sends no log messages)',
	'completion-complete': 'completions: not offered (no prompts or resource templates to complete)',
	'tools-call-image': 'calls the suite’s image tool: the site’s tools answer text and structured content',
	'tools-call-audio': 'calls the suite’s audio tool: the site has no audio',
	'tools-call-embedded-resource': 'calls the suite’s resource tool: resources are not offered',
	'tools-call-mixed-content': 'calls the suite’s mixed-content tool (image and resource): neither is offered',
	'tools-call-with-logging': 'logging: not offered',
	'tools-call-with-progress': 'progress: the tools answer within one request, with nothing to report on the way',
	'tools-call-sampling': 'sampling: the server never asks the client’s model',
	'tools-call-elicitation': 'elicitation: the server never asks the user',
	'elicitation-sep1034-defaults': 'elicitation: not used',
	'elicitation-sep1330-enums': 'elicitation: not used',
	'resources-list': 'resources: not offered',
	'resources-read-text': 'resources: not offered',
	'resources-read-binary': 'resources: not offered',
	'resources-templates-read': 'resources: not offered',
	'resources-subscribe': 'resources: not offered',
	'resources-unsubscribe': 'resources: not offered',
	'prompts-list': 'prompts: not offered',
	'prompts-get-simple': 'prompts: not offered',
	'prompts-get-with-args': 'prompts: not offered',
	'prompts-get-embedded-resource': 'prompts: not offered',
	'prompts-get-with-image': 'prompts: not offered',
}

test('the MCP conformance suite: every server scenario runs, and only the reasoned expected failures fail', async () => {
	const require = createRequire(import.meta.url)
	const cli = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js')
	const output = temporaryFolder('mcp-conformance-')
	const { stdout } = await promisify(execFile)(process.execPath, [cli, 'server', '--url', `${site.server.url}/mcp`, '-o', output], { timeout: 180_000 }).catch(
		(error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout ?? ''}\n${error.stderr ?? ''}` }),
	)
	const results = readdirSync(output, { recursive: true })
		.map(String)
		.filter((name) => name.endsWith('checks.json'))
		.map((name) => ({
			scenario: /server-(.+)-\d{4}-\d{2}-\d{2}T/.exec(name)?.[1] ?? name,
			checks: JSON.parse(readFileSync(join(output, name), 'utf8')) as { status: string; name: string }[],
		}))
	const ran = results.map((result) => result.scenario)
	expect(ran.length, stdout).toBeGreaterThanOrEqual(30)
	for (const scenario of ['server-initialize', 'ping', 'tools-list', 'tools-call-error', 'dns-rebinding-protection']) expect(ran, scenario).toContain(scenario)
	const failing = results.filter((result) => result.checks.some((check) => check.status === 'FAILURE')).map((result) => result.scenario)
	expect(failing.sort(), stdout).toEqual(Object.keys(EXPECTED_CONFORMANCE_FAILURES).sort())
	rmSync(output, { recursive: true, force: true })
}, 240_000)

test('the funeral question: a service’s date and time give the day to deliver, by when to order, and why not the day itself', async () => {
	type Service = { answer: string; deliverOn: string | null; bySlot: string | null; orderBy: string | null; serviceDayRefused: string | null }
	// A Saturday and the Sunday after it, at least a week ahead in Arizona.
	const arizonaToday = new Date(Date.now() - 7 * 3_600_000)
	const ahead = 7 + ((6 - arizonaToday.getUTCDay() + 7) % 7)
	const at = (days: number) =>
		new Date(Date.UTC(arizonaToday.getUTCFullYear(), arizonaToday.getUTCMonth(), arizonaToday.getUTCDate() + days)).toISOString().slice(0, 10)
	const [friday, saturday, sunday] = [at(ahead - 1), at(ahead), at(ahead + 1)]
	const morning = await call('delivery_dates', { place: 'Phoenix', serviceDate: saturday, serviceTime: '10:00' })
	expect(morning.isError).toBeFalsy()
	expect((morning.structuredContent as { service: Service }).service).toMatchObject({
		answer: 'in-time',
		deliverOn: saturday,
		bySlot: 'by 9:00 AM',
		orderBy: `${friday}T23:59`,
		serviceDayRefused: null,
	})
	expect(textOf(morning)).toMatch(/for delivery in Phoenix by 9:00 AM on Saturday, \w+ \d+, at least an hour before the 10:00 AM service\./)
	// A Sunday service: the stand-in's dates leave Sundays out, so the Saturday before, said in Spanish.
	const onSunday = await call('delivery_dates', { place: 'Phoenix', serviceDate: sunday, serviceTime: '14:30', language: 'es' })
	expect((onSunday.structuredContent as { service: Service }).service).toMatchObject({
		answer: 'in-time',
		deliverOn: saturday,
		bySlot: null,
		serviceDayRefused: 'not-offered-by-network',
	})
	expect(textOf(onSunday)).toContain('el día de entrega anterior al servicio del domingo')
	// Without a service the answer says nothing of one; a date that is not a date is an error that says so.
	expect((await call('delivery_dates', { place: 'Phoenix' })).structuredContent).toMatchObject({ service: null })
	const wrong = await call('delivery_dates', { place: 'Phoenix', serviceDate: '2027-02-30', serviceTime: '10:00' })
	expect(wrong.isError).toBe(true)
	expect(textOf(wrong)).toContain('"2027-02-30" is not a calendar date')
})
