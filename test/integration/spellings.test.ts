import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'

/** One spelling per page: capital letters in a path and punctuation around a typed name lead to the one page. */
const site = useSite({ browser: false })

test('a path spelled with capital letters answers 301 to its lower-case page, the query kept; files keep their case', async () => {
	for (const [path, location] of [
		['/CItIes/tempe/', '/cities/tempe/'],
		['/Cities/Tempe', '/cities/tempe/'],
		['/CATEGORIES/Birthday-Flowers/?sort=price', '/categories/birthday-flowers/?sort=price'],
		['/About/', '/about/'],
		['/cities/TEMPE/?near=Guadalupe', '/cities/tempe/?near=Guadalupe'],
		['/API/Zip-Codes?zip=85004', '/api/zip-codes?zip=85004'],
	]) {
		const response = await fetch(`${site.server.url}${path}`, { redirect: 'manual' })
		expect(response.status, path).toBe(301)
		expect(response.headers.get('location'), path).toBe(location)
	}
	// Hashed assets and photos' names keep their case: no redirect.
	const html = await (await fetch(`${site.server.url}/cities/tempe/`)).text()
	const asset = /\/assets\/[\w-]*[A-Z][\w-]*\.(?:js|css)/.exec(html)?.[0]
	expect(asset).toBeDefined()
	expect((await fetch(`${site.server.url}${asset}`, { redirect: 'manual' })).status).toBe(200)
})

test('1,000 spellings of one page are one page: every one redirects, and none is rendered or kept apart', async () => {
	for (let index = 0; index < 1000; index += 1) {
		const spelled = [...'/cities/tempe/'].map((letter, at) => ((index >> (at % 10)) & 1 ? letter.toUpperCase() : letter)).join('')
		if (spelled === '/cities/tempe/') continue
		const response = await fetch(`${site.server.url}${spelled}`, { redirect: 'manual' })
		expect(response.status, spelled).toBe(301)
		await response.body?.cancel()
	}
	expect(
		site.server
			.logLines()
			.filter((line) => line.msg === 'request completed' && /^\/cities\//i.test(String(line.url)) && /[A-Z]/.test(String(line.url)) && line.status === 200),
	).toEqual([])
})

test('punctuation and spacing around a name never make a place of their own: "tempe!", "Tempe." and " tempe " open Tempe, for visitors and agents', async () => {
	for (const typed of ['tempe!', 'Tempe.', ' tempe ', '(Tempe)', 'Tempe?!', '¡Tempe!', 'tempe, az.']) {
		const response = await fetch(`${site.server.url}/search/?q=${encodeURIComponent(typed)}`, { redirect: 'manual' })
		expect(response.status, typed).toBe(303)
		expect(response.headers.get('location'), typed).toBe('/cities/tempe/')
	}
	const client = new Client({ name: 'spellings-test', version: '1.0.0' })
	await client.connect(new StreamableHTTPClientTransport(new URL(`${site.server.url}/mcp`)))
	try {
		const result = (await client.callTool({ name: 'town_notes', arguments: { place: 'tempe!' } })) as {
			isError?: boolean
			structuredContent?: { town: string; note: string | null }
		}
		expect(result.isError).toBeFalsy()
		expect(result.structuredContent).toMatchObject({ town: 'Tempe', note: null })
	} finally {
		await client.close()
	}
})
