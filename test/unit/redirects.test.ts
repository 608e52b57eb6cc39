import express from 'express'
import http from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { safePath, trailingSlashRedirect, wwwRedirect } from '../../server/redirects.ts'

let base = ''
let close = () => {}

beforeAll(async () => {
	const app = express()
	app.use(wwwRedirect('https://flowers.example'))
	app.use(trailingSlashRedirect())
	app.use((_req, res) => {
		res.send('page')
	})
	const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
		const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
	})
	const address = server.address()
	base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
	close = () => server.close()
})
afterAll(() => close())

/** node:http rather than fetch, which may not set the Host header. */
function location(path: string, host?: string): Promise<{ status: number | undefined; location: string | null }> {
	return new Promise((resolve, reject) => {
		const request = http.get(`${base}${path}`, { headers: host ? { host } : {} }, (response) => {
			response.resume()
			resolve({ status: response.statusCode, location: response.headers.location ?? null })
		})
		request.on('error', reject)
	})
}

test('adds a trailing slash with a 301, keeping the query', async () => {
	expect(await location('/cities?page=2&x=%20y')).toEqual({ status: 301, location: '/cities/?page=2&x=%20y' })
	expect(await location('/cities/mesa')).toEqual({ status: 301, location: '/cities/mesa/' })
})

test('leaves the root, slashed paths, files and /api alone', async () => {
	for (const path of ['/', '/cities/', '/sitemap.xml', '/assets/app.js', '/api/products', '/api', '/__manifest']) {
		expect((await location(path)).status, path).toBe(200)
	}
})

test('www. hosts go to the site’s own origin', async () => {
	expect(await location('/cities/?a=1', 'www.flowers.example')).toEqual({ status: 301, location: 'https://flowers.example/cities/?a=1' })
	expect(await location('/x/', 'www.evil.example')).toEqual({ status: 301, location: 'https://flowers.example/x/' })
})

test('a redirect never points at another host', async () => {
	expect(safePath('//evil.example/')).toBe('/evil.example/')
	expect(safePath('/\\evil.example')).toBe('/evil.example')
	const { location: slashed } = await location('/%2F%2Fevil')
	expect(slashed?.startsWith('/') && !slashed.startsWith('//')).toBe(true)
})
