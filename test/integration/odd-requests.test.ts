import net from 'node:net'
import { expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }), browser: false })

/** Writes `request` as is on a fresh connection and returns everything the server sent until it closed it (10 s at most). */
function rawRequest(request: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = net.connect(site.server.port, '127.0.0.1')
		let received = ''
		const timer = setTimeout(() => {
			socket.destroy()
			resolve(received)
		}, 10_000)
		socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
		socket.on('end', () => {
			clearTimeout(timer)
			resolve(received)
		})
		socket.on('error', (error) => {
			clearTimeout(timer)
			reject(error)
		})
		socket.write(request)
	})
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'
const statusOf = (answer: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1])

test('a request with no Host, an empty Host or one that is not a host name gets a 400, never a 500 or a stack in the log', async () => {
	const requests = [
		'GET / HTTP/1.0\r\n\r\n',
		'GET /cities/phoenix/ HTTP/1.0\r\n\r\n',
		'GET / HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n',
		'GET / HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n',
		'GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n',
		'GET / HTTP/1.1\r\nHost: a/b\r\nConnection: close\r\n\r\n',
		'GET / HTTP/1.1\r\nHost: localhost:99999999\r\nConnection: close\r\n\r\n',
	]
	const logged = site.server.logs().length
	for (const request of requests) {
		const answer = await rawRequest(request)
		expect(statusOf(answer), JSON.stringify(request)).toBe(400)
		expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i)
		expect(answer).toMatch(/\r\n\r\nBad request: /)
	}
	// Good hosts still answer: a name with a port, an IPv4 and an IPv6 address.
	for (const host of ['localhost:1234', '127.0.0.1', '[::1]:80']) {
		expect(statusOf(await rawRequest(`GET /about/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)), host).toBe(200)
	}
	// A www. host is still sent to the canonical origin.
	const www = await rawRequest('GET /about/ HTTP/1.1\r\nHost: www.example.com\r\nConnection: close\r\n\r\n')
	expect(statusOf(www)).toBe(301)
	expect(www).toMatch(/\r\nLocation: http:\/\/localhost:\d+\/about\/\r\n/i)
	const log = site.server.logs().slice(logged)
	expect(log).not.toMatch(/TypeError|\n\s+at /)
	expect(log).not.toContain('"level":50')
})

test('an oversized upload that asks first (Expect: 100-continue) is refused with 413 before "100 Continue"', async () => {
	const answer = await rawRequest(
		'POST /api/clicks HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\nExpect: 100-continue\r\n\r\n',
	)
	expect(answer).not.toContain('100 Continue')
	expect(statusOf(answer)).toBe(413)
	// A small one is told to go on, and its body is read.
	const socket = net.connect(site.server.port, '127.0.0.1')
	const body = JSON.stringify({ page: '/no-such-page/' })
	let received = ''
	socket.on('data', (chunk: Buffer) => {
		received += chunk.toString('latin1')
		if (received.startsWith('HTTP/1.1 100 Continue\r\n\r\n') && !socket.writableEnded) socket.end(body)
	})
	socket.write(
		`POST /api/clicks HTTP/1.1\r\nHost: localhost\r\nUser-Agent: ${BROWSER}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
	)
	await new Promise((resolve) => socket.on('close', resolve))
	expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 400 /)
	expect(received).toContain('not a page of this site')
})

test('photos honour q=0: a refused type is never sent, and refusing every photo type gets 406', async () => {
	const page = await (await fetch(`${site.server.url}/categories/anniversary/`)).text()
	const id = /src="\/photos\/([\w-]{22})\/320\.img"/.exec(page)?.[1]
	expect(id).toBeTruthy()
	const photo = (accept: string) => fetch(`${site.server.url}/photos/${id}/320.img`, { headers: { accept } })
	const noAvif = await photo('image/avif;q=0,image/webp,*/*;q=0.8')
	expect(noAvif.status).toBe(200)
	expect(noAvif.headers.get('content-type')).toBe('image/webp')
	const none = await photo('image/avif;q=0, image/webp;q=0, image/jpeg;q=0, image/*;q=0')
	expect(none.status).toBe(406)
	expect(none.headers.get('vary')).toMatch(/Accept/)
	expect(await none.text()).toMatch(/^Not acceptable/)
})

test('nosniff is sent once on calendar files, social images and the photo placeholder', async () => {
	const home = await (await fetch(`${site.server.url}/`)).text()
	const socialImage = new URL(/<meta property="og:image" content="([^"]+)"/.exec(home)?.[1] ?? '/social/none').pathname
	for (const path of ['/calendar/valentines-day.ics', '/photos/AAAAAAAAAAAAAAAAAAAAAA/320.img', '/calendar/birthday.ics?date=2000-05-04', socialImage]) {
		const answer = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
		expect(statusOf(answer), path).toBeLessThan(500)
		expect(answer.match(/\r\nX-Content-Type-Options:/gi), path).toHaveLength(1)
	}
})

test('any request line gets a 4xx or its page, never a 500, and the log stays JSON', async () => {
	const port = site.server.port
	const logged = site.server.logs().length
	const cases: [string, number][] = [
		['GET * HTTP/1.1', 400],
		['HEAD * HTTP/1.1', 400],
		['POST * HTTP/1.1', 400],
		['OPTIONS * HTTP/1.1', 204],
		['GET about HTTP/1.1', 400],
		['GET ?x=1 HTTP/1.1', 400],
		[`GET http://localhost:${port}/about/ HTTP/1.1`, 200],
		[`GET HTTP://LOCALHOST:${port}/about/?a=1 HTTP/1.1`, 200],
		['GET http://localhost HTTP/1.1', 200],
		[`GET http://localhost:${port}/Cities/Phoenix HTTP/1.1`, 301],
		['GET ftp://localhost/about/ HTTP/1.1', 400],
		['GET http://www.example.com/about/ HTTP/1.1', 301],
		['GET http://a b/about/ HTTP/1.1', 400],
		['PROPFIND / HTTP/1.1', 405],
		['TRACE / HTTP/1.1', 405],
		['DELETE /cities/phoenix/ HTTP/1.1', 405],
		['BREW /coffee HTTP/1.1', 400],
		['CONNECT localhost:443 HTTP/1.1', 405],
	]
	for (const [line, status] of cases) {
		const answer = await rawRequest(`${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
		expect(statusOf(answer), line).toBe(status)
	}
	// An absolute-form request is its path's page, on the site's own canonical address.
	const about = await rawRequest(`GET http://localhost:${port}/about/ HTTP/1.1\r\nHost: elsewhere.example\r\nConnection: close\r\n\r\n`)
	expect(about).toContain(`<link rel="canonical" href="http://localhost:${port}/about/"/>`)
	const log = site.server.logs().slice(logged)
	for (const line of log.split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow()
	expect(log).not.toContain('"level":50')
	expect(log).not.toContain('"status":500')
})

test('a file has one spelling: other cases and a trailing slash are a 301 to it, never a page kept apart', async () => {
	const spellings = ['/SITEMAP.xml', '/Robots.txt', '/LLMS.TXT', '/llms.txt/', '/sitemap.xml/', '/RSS.XML', '/Rss.xml/', '/robots.TXT']
	for (const path of spellings) {
		const response = await fetch(`${site.server.url}${path}`, { redirect: 'manual' })
		expect(response.status, path).toBe(301)
		const location = response.headers.get('location') ?? ''
		expect(location, path).toBe(path.toLowerCase().replace(/\/$/, ''))
		expect((await fetch(`${site.server.url}${location}`)).status, location).toBe(200)
	}
})

/** Two requests on one connection, `idleMs` apart: both answered, the second after the connection sat idle. */
function reuseAfter(idleMs: number): Promise<string[]> {
	return new Promise((resolve, reject) => {
		const socket = net.connect(site.server.port, '127.0.0.1')
		const answers: string[] = []
		let received = ''
		const request = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n'
		socket.on('data', (chunk: Buffer) => {
			received += chunk.toString('latin1')
			// Each answer to /healthz is short and whole: headers and a JSON body with its length.
			const whole = /^HTTP\/1\.1 \d{3}[\s\S]*?\r\nContent-Length: (\d+)\r\n[\s\S]*?\r\n\r\n/i.exec(received)
			if (!whole || received.length < whole[0].length + Number(whole[1])) return
			answers.push(received.slice(0, whole[0].length + Number(whole[1])))
			received = ''
			if (answers.length === 1) setTimeout(() => socket.write(request), idleMs)
			else socket.end()
		})
		socket.on('close', () => resolve(answers))
		socket.on('error', reject)
		socket.write(request)
	})
}

test('a keep-alive connection reused after 4.9, 5.0 and 5.1 s idle is answered, and the server says how long it keeps one', async () => {
	const runs = await Promise.all([4_900, 5_000, 5_100].map((idleMs) => reuseAfter(idleMs)))
	for (const answers of runs) {
		expect(answers.map(statusOf)).toEqual([200, 200])
		expect(answers[0]).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i)
	}
}, 20_000)
