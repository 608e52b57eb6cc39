import express from 'express'
import http from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { canonicalPath, canonicalPathRedirect, safePath, wwwRedirect } from '#server/redirects.ts'

let base = ''
let close = () => {}

beforeAll(async () => {
	const app = express()
	app.use(wwwRedirect('https://flowers.example'))
	app.use(canonicalPathRedirect())
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
		// The path as written: a URL object would resolve its dot segments before it is sent.
		const { hostname, port } = new URL(base)
		const request = http.get({ hostname, port, path, headers: host ? { host } : {} }, (response) => {
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

test('any other spelling of a path gets a 301 to its one canonical form, the query kept', async () => {
	const cases: [string, string][] = [
		['/j1/../cities/phoenix/', '/cities/phoenix/'],
		['/cities/./phoenix/', '/cities/phoenix/'],
		['/cities/ph%6Fenix/', '/cities/phoenix/'],
		['/cities/ph%6fenix/?zip=85004', '/cities/phoenix/?zip=85004'],
		['/cities/phoenix//', '/cities/phoenix/'],
		['//cities///phoenix', '/cities/phoenix/'],
		['/cities/phoenix/..', '/cities/'],
		['/../../cities/', '/cities/'],
		['/cities/phoenix/?', '/cities/phoenix/'],
		['/api//products?category=anniversary', '/api/products?category=anniversary'],
		['/cities/%7e', '/cities/~/'],
	]
	for (const [path, canonical] of cases) expect(await location(path), path).toEqual({ status: 301, location: canonical })
	// Reserved characters stay escaped (upper case): an escaped slash is not a slash.
	expect(canonicalPath('/a%2fb/')).toBe('/a%2Fb/')
	expect(canonicalPath('/cities/phoenix/')).toBe('/cities/phoenix/')
})

test('a file has one spelling too: lower case, no trailing slash, a photo’s id and the hashed assets as they are', async () => {
	const cases: [string, string][] = [
		['/SITEMAP.xml', '/sitemap.xml'],
		['/Robots.txt', '/robots.txt'],
		['/LLMS.TXT', '/llms.txt'],
		['/llms.txt/', '/llms.txt'],
		['/sitemap.xml/', '/sitemap.xml'],
		['/RSS.XML', '/rss.xml'],
		['/RSS.XML//?x=1', '/rss.xml?x=1'],
		['/Calendar/Birthday-Flowers-reminder.ics', '/calendar/birthday-flowers-reminder.ics'],
		['/social/Cities/Phoenix.png/', '/social/cities/phoenix.png'],
		['/Photos/AbCdEfGhIjKlMnOpQrStUv/480.IMG', '/photos/AbCdEfGhIjKlMnOpQrStUv/480.img'],
		['/assets/app-AbC.js/', '/assets/app-AbC.js'],
	]
	for (const [path, canonical] of cases) expect(await location(path), path).toEqual({ status: 301, location: canonical })
	for (const path of ['/photos/AbCdEfGhIjKlMnOpQrStUv/480.img', '/assets/app-AbC.js', '/calendar/birthday-flowers-reminder.ics']) {
		expect((await location(path)).status, path).toBe(200)
	}
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
