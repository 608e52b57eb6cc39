import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { standInSettings } from '#mock-servers/partner.ts'
import type { Arrangement } from '#app/server/agents/agent-answers.server.ts'
import { agent } from '#app/words/agent-answer-words.server.ts'
import { useSite } from '#test/support/e2e.ts'
import { TEST_AFFILIATE_ID } from '#test/support/server.ts'

/**
 * A sender's assistant at work: ten questions people ask, in English and Spanish, each answered
 * completely in at most two tool calls to the built server (the partner's REST API stood in for),
 * each answer ending with an order link that carries the site's affiliate id and that the partner
 * answers, and with who fills the order and what the site earns.
 */
const site = useSite({
	partner: true,
	settings: (partner) => ({ ...standInSettings(partner, { rest: true }), API_RATE_LIMIT_PER_MINUTE: '1000', MCP_CALLS_PER_MINUTE: '1000' }),
	browser: false,
})
let client: Client
/** The tool calls of the task under way: none may take more than two. */
let calls = 0

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> }

type Found = {
	town: string
	zip: string
	occasion: string
	listNote: string | null
	note: string | null
	earliestDate: string | null
	delivery: { date: string; deliverable: boolean; reason: string | null; orderBy: string | null; sentence: string } | null
	arrangements: Arrangement[]
	filterNote: string | null
	browseUrl: string
}

beforeAll(async () => {
	client = new Client({ name: 'sender-assistant', version: '1.0.0' })
	await client.connect(new StreamableHTTPClientTransport(new URL(`${site.server.url}/mcp`)))
})
afterAll(async () => {
	await client?.close()
})

const call = async (name: string, args: Record<string, unknown>) => {
	calls += 1
	expect(calls, 'a task takes at most two calls').toBeLessThanOrEqual(2)
	const result = (await client.callTool({ name, arguments: args })) as ToolResult
	expect(result.isError, JSON.stringify(result.content)).toBeFalsy()
	return result
}
const textOf = (result: ToolResult) => result.content.map((part) => part.text ?? '').join('\n')
const own = () => `http://localhost:${site.server.port}`

/** A task: its calls are counted from zero. */
function task(name: string, run: () => Promise<void>) {
	test(name, async () => {
		calls = 0
		await run()
	})
}

/** An Arizona day from today (UTC−7 all year), YYYY-MM-DD. */
const arizonaDay = (offset: number) => new Date(Date.now() - 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10)

/** A link to the partner with the site's affiliate id, which the partner stand-in answers. */
async function expectOrderLink(url: string) {
	const link = new URL(url)
	expect(link.origin).toBe(new URL(site.partner.url).origin)
	expect([...link.searchParams.values()], url).toContain(TEST_AFFILIATE_ID)
	const page = await fetch(url)
	expect(page.status, url).toBe(200)
	await page.body?.cancel()
}

/**
 * What every answer with arrangements gives an assistant to reply with: for each, its code, the
 * partner's description and size, a photo on the site's origin, its price and delivered price, the
 * place that price was quoted for, the earliest date it can arrive, and an order link; the text
 * names each with its order link and ends with who fills the order. Returns the last order link in
 * the text, which is checked.
 */
async function expectReply(result: ToolResult, lang: 'en' | 'es' = 'en'): Promise<string> {
	const found = result.structuredContent as Found
	const text = textOf(result)
	for (const item of found.arrangements) {
		expect(item.code).toMatch(/^[A-Z]+\d+$/)
		expect(item.description).toBeTruthy()
		expect(item.size).toMatch(/^Approximately \d+" W x \d+" H$/)
		expect(item.photoUrl?.startsWith(`${own()}/photos/`)).toBe(true)
		expect(item.price).toBeGreaterThan(0)
		expect(item.deliveredPrice).toBeGreaterThan(item.price ?? 0)
		expect(item.deliveredTo).toMatch(/^[A-Z][\w .]+, AZ \d{5}$/)
		expect(item.deliveredTo?.endsWith(`AZ ${found.zip}`)).toBe(true)
		expect(item.earliestDate).toBe(found.earliestDate)
		expect(text).toContain(item.orderUrl)
		expect(text).toContain(item.description ?? '')
	}
	// Each arrangement once.
	const codes = found.arrangements.map((item) => item.code)
	expect(new Set(codes).size).toBe(codes.length)
	expect(found.earliestDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
	expect(text.trimEnd().endsWith(agent[lang].disclosure)).toBe(true)
	const links = [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0].replace(/[.,)]+$/, ''))
	const order = links.filter((link) => link.startsWith(site.partner.url)).at(-1)
	expect(order, text).toBeDefined()
	await expectOrderLink(order ?? '')
	return order ?? ''
}

task('“roses under $80 in Yuma”: one call with a flower and a budget, from every occasion’s list; the details of one without a new partner call', async () => {
	const result = await call('find_arrangements', { place: 'Yuma', flower: 'roses', maxPrice: 80, sort: 'price' })
	const found = result.structuredContent as Found
	expect(found).toMatchObject({ town: 'Yuma', occasion: 'Arrangements for every occasion', listNote: null })
	expect(found.arrangements.length).toBeGreaterThan(1)
	for (const item of found.arrangements) {
		expect(item.title).toMatch(/rose/i)
		expect(item.deliveredPrice).toBeLessThanOrEqual(80)
		expect(item.deliveredTo).toBe(`Yuma, AZ ${found.zip}`)
	}
	// Several occasions' roses: arrangements from more than one list.
	expect(new Set(found.arrangements.map((item) => item.code?.replace(/\d+$/, ''))).size).toBeGreaterThan(1)
	expect(textOf(result)).toContain(`delivered to Yuma, AZ ${found.zip})`)
	await expectReply(result)
	// The person picks one: its details come from the lists already read.
	const lists = () => site.partner.hits.filter((hit) => hit.includes('category=')).length
	const before = lists()
	const picked = found.arrangements[0]
	const details = await call('arrangement_details', { arrangement: picked?.orderUrl, place: 'Yuma' })
	expect(lists()).toBe(before)
	const detail = details.structuredContent as { town: string; arrangement: Arrangement; occasions: string[] }
	expect(detail.town).toBe('Yuma')
	expect(detail.arrangement).toEqual(picked)
	expect(detail.occasions.length).toBeGreaterThan(0)
	expect(textOf(details).trimEnd().endsWith(agent.en.disclosure)).toBe(true)
	await expectOrderLink(detail.arrangement.orderUrl)
})

task('“flores para un funeral en Nogales mañana”: one call with the occasion and the date, answered in Spanish', async () => {
	const tomorrow = arizonaDay(1)
	const result = await call('find_arrangements', { place: 'Nogales', occasion: 'funeral', date: tomorrow, language: 'es' })
	const found = result.structuredContent as Found
	expect(found.town).toBe('Nogales')
	expect(found.occasion).toMatch(/^Flores de /)
	expect(found.listNote).toBeNull()
	expect(found.arrangements.length).toBeGreaterThan(0)
	expect(found.delivery?.date).toBe(tomorrow)
	// The stand-in leaves Sundays out.
	if (new Date(`${tomorrow}T12:00:00Z`).getUTCDay() === 0) {
		expect(found.delivery).toMatchObject({ deliverable: false, reason: 'not-offered-by-network', orderBy: null })
		expect(found.delivery?.sentence).toMatch(/^La entrega en Nogales el .+ no se puede pedir\. .+ La entrega más próxima que puede pedir ahora es el /)
	} else {
		expect(found.delivery).toMatchObject({ deliverable: true, reason: null })
		expect(found.delivery?.orderBy).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
		expect(found.delivery?.sentence).toMatch(/^La entrega en Nogales el .+ se puede pedir: haga su pedido a más tardar /)
	}
	expect(textOf(result)).toContain(found.delivery?.sentence ?? '')
	expect(textOf(result)).toContain(' con entrega en Nogales, AZ 85621)')
	await expectReply(result, 'es')
})

task('“my mom in Tombstone on Mother’s Day”: a place without a page, priced for the town named', async () => {
	// The coming Mother's Day: the second Sunday of May.
	const today = arizonaDay(0)
	const secondSunday = (year: number) => {
		const first = new Date(Date.UTC(year, 4, 1)).getUTCDay()
		return `${year}-05-${String(1 + ((7 - first) % 7) + 7).padStart(2, '0')}`
	}
	const year = Number(today.slice(0, 4))
	const mothersDay = secondSunday(year) >= today ? secondSunday(year) : secondSunday(year + 1)
	const result = await call('find_arrangements', { place: 'Tombstone', occasion: 'my mom', date: mothersDay })
	const found = result.structuredContent as Found
	expect(found.occasion.replace("'", '’')).toBe('Mother’s Day Flowers')
	expect(found.town).toBe('Tombstone')
	const town = /the florist network's dates and totals are those of (.+)'s ZIP (\d{5})/.exec(found.note ?? '')
	expect(town, found.note ?? '').not.toBeNull()
	expect(town?.[2]).toBe(found.zip)
	for (const item of found.arrangements) expect(item.deliveredTo).toBe(`${town?.[1]}, AZ ${found.zip}`)
	expect(textOf(result)).toContain(`delivered to ${town?.[1]}, AZ ${found.zip})`)
	// A Sunday, and months ahead as often as not: the answer says whether and why not.
	expect(found.delivery?.date).toBe(mothersDay)
	if (!found.delivery?.deliverable) expect(found.delivery?.reason).toMatch(/^(?:not-offered-by-network|beyond-window|sunday)$/)
	expect(textOf(result)).toContain(found.delivery?.sentence ?? '')
	await expectReply(result)
})

task('“a Saturday 10:00 service in Tuba City”: the funeral question, then the arrangements for the day it gives', async () => {
	const arizonaToday = new Date(Date.now() - 7 * 3_600_000)
	const saturday = arizonaDay(7 + ((6 - arizonaToday.getUTCDay() + 7) % 7))
	const dates = await call('delivery_dates', { place: 'Tuba City', serviceDate: saturday, serviceTime: '10:00' })
	const service = (dates.structuredContent as { service: { answer: string; deliverOn: string | null; orderBy: string | null; sentences: string[] } }).service
	expect(service.answer).toBe('in-time')
	expect(service.deliverOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
	expect(textOf(dates)).toContain(service.sentences[0] ?? '')
	expect(textOf(dates).trimEnd().endsWith(agent.en.disclosure)).toBe(true)
	const result = await call('find_arrangements', { place: 'Tuba City', occasion: 'sympathy', date: service.deliverOn })
	const found = result.structuredContent as Found
	expect(found.delivery).toMatchObject({ date: service.deliverOn, deliverable: true, reason: null })
	expect(found.arrangements.length).toBeGreaterThan(0)
	await expectReply(result)
})

task('“wedding flowers in Mesa”: the anniversary list, and the answer says so', async () => {
	const result = await call('find_arrangements', { place: 'Mesa', occasion: 'wedding flowers' })
	const found = result.structuredContent as Found
	expect(found.occasion).toBe('Anniversary Flowers')
	expect(found.listNote).toMatch(/^No wedding list: these are the anniversary arrangements/)
	expect(textOf(result)).toContain(found.listNote ?? '')
	expect(found.arrangements.length).toBeGreaterThan(0)
	await expectReply(result)
})

task('“christmas flowers in Flagstaff”: the everyday list, with the partner’s own Christmas list named', async () => {
	const result = await call('find_arrangements', { place: 'Flagstaff', occasion: 'christmas' })
	const found = result.structuredContent as Found
	expect(found.listNote).toMatch(/^No Christmas list on this site: these are the everyday arrangements/)
	const christmas = /Christmas list is at (\S+)\./.exec(found.listNote ?? '')?.[1] ?? ''
	expect(new URL(christmas).searchParams.get('cat')).toBe('cm')
	await expectOrderLink(christmas)
	expect(found.arrangements.length).toBeGreaterThan(0)
	await expectReply(result)
})

task('“thank you flowers Tempe”: the everyday list, said to be the one people send to say thanks', async () => {
	const result = await call('find_arrangements', { place: 'Tempe', occasion: 'thank you' })
	const found = result.structuredContent as Found
	expect(found.listNote).toMatch(/^No thank-you list: these are the everyday arrangements/)
	expect(found.arrangements.length).toBeGreaterThan(0)
	await expectReply(result)
})

task('“iris in Phoenix”: a flower the site knows, looked for in every list; none named, so the partner’s own page', async () => {
	const result = await call('find_arrangements', { place: 'Phoenix', flower: 'iris' })
	const found = result.structuredContent as Found
	// The stand-in's arrangements are roses, lilies, sunflowers and lavender: none is an iris, and none is guessed to be.
	expect(found.filterNote).toMatch(/^0 of the \d+ arrangements in the list name iris/)
	expect(found.arrangements).toEqual([])
	expect(textOf(result)).toContain(`No arrangement matches. Browse all: ${found.browseUrl}`)
	expect(await expectReply(result)).toBe(found.browseUrl)
})

task('“girasoles en Tucson”: sunflowers from every list, in Spanish', async () => {
	const result = await call('find_arrangements', { place: 'Tucson', flower: 'girasoles', language: 'es' })
	const found = result.structuredContent as Found
	expect(found.occasion).toBe('Arreglos para toda ocasión')
	expect(found.arrangements.length).toBeGreaterThan(0)
	for (const item of found.arrangements) expect(item.title).toMatch(/sunflower/i)
	expect(found.filterNote).toMatch(/^\d+ de los \d+ arreglos de la lista mencionan girasoles/)
	await expectReply(result, 'es')
})

task('“quinceañera en Yuma”: the birthday list, and the answer says so in Spanish', async () => {
	const result = await call('find_arrangements', { place: 'Yuma', occasion: 'quinceañera', language: 'es' })
	const found = result.structuredContent as Found
	expect(found.occasion).toBe('Flores de cumpleaños')
	expect(found.listNote).toBe('No hay una lista para la quinceañera: estos son los arreglos de cumpleaños (Flores de cumpleaños), lo más parecido.')
	expect(found.arrangements.length).toBeGreaterThan(0)
	await expectReply(result, 'es')
})

test('the everyday words of the site’s search are the agents’ too, and a date or an arrangement the site cannot answer says so', async () => {
	for (const [words, occasion, asked] of [
		['mamá', 'Mother’s Day Flowers', false],
		['boda', 'Anniversary Flowers', true],
		['navidad', 'Just Because Flowers', true],
		['gracias', 'Just Because Flowers', true],
		['día de muertos', 'Sympathy & Funeral Flowers', true],
		['birthday', 'Birthday Flowers', false],
	] as const) {
		const found = (await client.callTool({ name: 'find_arrangements', arguments: { place: 'Tempe', occasion: words, limit: 1 } })).structuredContent as Found
		expect(found.occasion.replace("'", '’'), words).toBe(occasion)
		expect(found.listNote !== null, words).toBe(asked)
	}
	const bad = (await client.callTool({ name: 'find_arrangements', arguments: { place: 'Tempe', date: '2027-02-30' } })) as ToolResult
	expect(bad.isError).toBe(true)
	expect(textOf(bad)).toContain('"2027-02-30" is not a calendar date')
	const past = (await client.callTool({ name: 'find_arrangements', arguments: { place: 'Tempe', date: '2020-01-06', limit: 1 } })).structuredContent as Found
	expect(past.delivery).toMatchObject({ deliverable: false, reason: 'past' })
	const unknown = (await client.callTool({ name: 'arrangement_details', arguments: { arrangement: 'ZZ99', language: 'es' } })) as ToolResult
	expect(unknown.isError).toBe(true)
	expect(textOf(unknown)).toMatch(/^“ZZ99” no es un arreglo de las listas actuales de la red de florerías/)
	// Without a place: the arrangement and its order link, and a word on what a place would add.
	const alone = (await client.callTool({ name: 'arrangement_details', arguments: { arrangement: 'bd01' } })) as ToolResult
	const detail = alone.structuredContent as { town: string | null; note: string; arrangement: Arrangement }
	expect(detail).toMatchObject({ town: null, note: agent.en.details.noPlace })
	expect(detail.arrangement).toMatchObject({ code: 'BD01', deliveredPrice: null, deliveredTo: null, earliestDate: null })
	await expectOrderLink(detail.arrangement.orderUrl)
})
