import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export type PartnerMode = 'ok' | 'down' | 'rate-limited' | 'slow' | 'hang' | 'huge' | 'hostile' | 'redirect-away' | 'garbage' | 'nested' | 'gated'

/**
 * A local stand-in for the partner site: serves saved listing pages, counts
 * every request, and can be switched into failure modes.
 */
export async function startPartnerStandIn() {
	const listing = readFileSync('test/fixtures/partner/listing-grid.html', 'utf8')
	const hostile = readFileSync('test/fixtures/partner/hostile.html', 'utf8')
	const hits: string[] = []
	let mode: PartnerMode = 'ok'
	let slowMs = 3_000
	const gated: (() => void)[] = []

	const pageFor = (path: string) =>
		listing.replaceAll('dcode=', `dcode=${path.replace(/\W+/g, '')}-`).replaceAll('Bright Birthday Bouquet', `Bright Bouquet ${path}`)

	const server = createServer((request: IncomingMessage, response: ServerResponse) => {
		const path = request.url ?? '/'
		hits.push(path)
		const html = (body: string) => {
			response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
			response.end(body)
		}
		switch (mode) {
			case 'down':
				response.writeHead(503).end('down')
				return
			case 'rate-limited':
				response.writeHead(429, { 'retry-after': '120' }).end('slow down')
				return
			case 'hang':
				return
			case 'gated':
				gated.push(() => html(pageFor(path)))
				return
			case 'slow':
				setTimeout(() => html(pageFor(path)), slowMs)
				return
			case 'redirect-away':
				response.writeHead(302, { location: 'http://127.0.0.2:1/elsewhere' }).end()
				return
			case 'hostile':
				html(hostile)
				return
			case 'garbage':
				html('\u0000\u0001<<<>>>&&&<a href=<img src= \uFFFD'.repeat(5_000))
				return
			case 'nested':
				// 20,000 unclosed nested cards: seconds of parsing for an unbounded parser.
				html(Array.from({ length: 20_000 }, (_, n) => `<div><a href="/detail.cfm?dcode=N${n}"><img src="/large/${n}.jpg">`).join(''))
				return
			case 'huge': {
				response.writeHead(200, { 'content-type': 'text/html' })
				const chunk = '<div>'.padEnd(64 * 1024, 'x')
				let sent = 0
				const push = () => {
					while (sent < 60 * 1024 * 1024) {
						sent += chunk.length
						if (!response.write(chunk)) return void response.once('drain', push)
					}
					response.end()
				}
				response.on('error', () => undefined)
				push()
				return
			}
			default:
				html(pageFor(path))
		}
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : 0
	return {
		url: `http://127.0.0.1:${port}`,
		hits,
		/** Answers every request held in 'gated' mode, and answers later ones at once. */
		release() {
			mode = 'ok'
			for (const answer of gated.splice(0)) answer()
		},
		setMode(next: PartnerMode, options: { slowMs?: number } = {}) {
			mode = next
			if (options.slowMs) slowMs = options.slowMs
		},
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

export type PartnerStandIn = Awaited<ReturnType<typeof startPartnerStandIn>>
