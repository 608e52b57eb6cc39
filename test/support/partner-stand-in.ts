import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { crc32, deflateSync } from 'node:zlib'

export type PartnerMode = 'ok' | 'down' | 'rate-limited' | 'slow' | 'hang' | 'huge' | 'hostile' | 'redirect-away' | 'garbage' | 'nested' | 'gated'

/**
 * A local stand-in for the partner site: serves saved listing pages, counts
 * every request, and can be switched into failure modes.
 */
export async function startPartnerStandIn(options: { localImages?: boolean } = {}) {
	const listing = readFileSync('test/fixtures/partner/listing-grid.html', 'utf8')
	const hostile = readFileSync('test/fixtures/partner/hostile.html', 'utf8')
	const hits: string[] = []
	let mode: PartnerMode = 'ok'
	let slowMs = 3_000
	let edition = ''
	let hugeBytesSent = 0
	const gated: (() => void)[] = []

	let ownUrl = ''
	const image = bouquetPng()
	// With local images, product pictures come from the stand-in too, so a browser offline loads them.
	const withImages = (page: string) => (options.localImages ? page.replaceAll('https://cdn.floristone.com/', `${ownUrl}/`).replaceAll('//cdn.floristone.com/', `${ownUrl}/`) : page)
	const pageFor = (path: string) =>
		withImages(listing).replaceAll('dcode=', `dcode=${path.replace(/\W+/g, '')}-`).replaceAll('Bright Birthday Bouquet', `Bright Bouquet ${path}${edition}`)

	const server = createServer((request: IncomingMessage, response: ServerResponse) => {
		const path = request.url ?? '/'
		hits.push(path)
		if (options.localImages && /\.(jpe?g|png|webp|gif)$/i.test(path)) {
			response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' })
			response.end(image)
			return
		}
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
						hugeBytesSent += chunk.length
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
	ownUrl = `http://127.0.0.1:${port}`
	return {
		url: `http://127.0.0.1:${port}`,
		hits,
		/** Answers every request held in 'gated' mode, and answers later ones at once. */
		release() {
			mode = 'ok'
			for (const answer of gated.splice(0)) answer()
		},
		/** Bytes of the 60 MB page written so far (the server's cut-off shows as a short count). */
		hugeBytesSent: () => hugeBytesSent,
		/** Changes the first product's name on every page from now on, as a partner's new range would. */
		setEdition(next: string) {
			edition = next
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

/** A 400 × 400 PNG: soft petals on cream, so product cards show a real picture. */
function bouquetPng(size = 400): Buffer {
	const rows: Buffer[] = []
	for (let y = 0; y < size; y += 1) {
		const row = Buffer.alloc(1 + size * 3)
		for (let x = 0; x < size; x += 1) {
			const dx = x - size / 2
			const dy = y - size / 2
			const petal = Math.cos(Math.atan2(dy, dx) * 5) * 40 + 120 > Math.hypot(dx, dy) ? 1 : 0
			row[1 + x * 3] = petal ? 214 : 250
			row[2 + x * 3] = petal ? 96 : 245
			row[3 + x * 3] = petal ? 122 : 235
		}
		rows.push(row)
	}
	const chunk = (type: string, data: Buffer) => {
		const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
		const framed = Buffer.alloc(body.length + 8)
		framed.writeUInt32BE(data.length, 0)
		body.copy(framed, 4)
		framed.writeUInt32BE(crc32(body), body.length + 4)
		return framed
	}
	const header = Buffer.alloc(13)
	header.writeUInt32BE(size, 0)
	header.writeUInt32BE(size, 4)
	header[8] = 8 // bit depth
	header[9] = 2 // truecolour
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
		chunk('IEND', Buffer.alloc(0)),
	])
}
