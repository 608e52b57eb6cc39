/**
 * The partner's ColdFusion storefront: index.cfm, the category listing pages (main.cfm?cat={code}
 * or ?occ=), product pages (detail.cfm?dcode={CODE}, cart.cfm) and its 404 page for any other
 * path, each answered as the stand-in's mode says: at once, late, never, redirected, hostile,
 * garbled, nested, endless, or without the query string.
 */
import { readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { imageBase, NOT_FOUND_PAGE, type StandInState } from '#mock-servers/partner/state.ts'

const EMPTY_LISTING =
	'<!DOCTYPE html><html><head><title>Flowers | Florist One</title></head><body><main><p>No products match your selection.</p></main></body></html>'

/** The storefront of one stand-in: a listing grid and a hostile page saved from partner pages (pages/), read once. */
export function createListingPages(state: StandInState) {
	const listing = readFileSync('mock-servers/partner/pages/listing-grid.html', 'utf8')
	const hostile = readFileSync('mock-servers/partner/pages/hostile.html', 'utf8')
	// With local images, product pictures come from the stand-in too, so a browser offline loads them.
	const withImages = (page: string) =>
		state.localImages ? page.replaceAll('https://cdn.floristone.com/', `${state.ownUrl}/`).replaceAll('//cdn.floristone.com/', `${state.ownUrl}/`) : page
	/** A category's listing page: the saved grid, its product codes and first name marked with the category. */
	const listingFor = (path: string) =>
		withImages(listing)
			.replaceAll('dcode=', `dcode=${path.replace(/\W+/g, '')}-`)
			.replaceAll('Bright Birthday Bouquet', `Bright Bouquet ${path}${state.edition}`)
	/** The real partner's page forms; anything else is its 404 page. */
	const page = (url: URL, path: string): [number, string] => {
		const form = url.pathname.toLowerCase()
		if (form === '/main.cfm' && (url.searchParams.get('cat') || url.searchParams.get('occ'))) {
			if (state.mode === 'missing-category') return [404, NOT_FOUND_PAGE]
			return [200, state.mode === 'empty' ? EMPTY_LISTING : listingFor(path)]
		}
		if (form === '/' || form === '/index.cfm' || form === '/main.cfm') return [200, storefront(state)]
		if ((form === '/detail.cfm' || form === '/cart.cfm') && url.searchParams.get('dcode')) return [200, detailPage(url.searchParams.get('dcode') ?? '')]
		return [404, NOT_FOUND_PAGE]
	}
	return function answerPage(response: ServerResponse, url: URL, path: string): void {
		answerInMode(state, response, url, () => page(url, path), hostile)
	}
}

function storefront(state: StandInState): string {
	return `<!DOCTYPE html><html><head><title>Florist One</title></head><body><h1>Same-day flower delivery</h1><a href="/main.cfm?cat=bd"><img src="${imageBase(state)}/large/BD01_d1.jpg" alt="Birthday"></a></body></html>`
}

function detailPage(code: string): string {
	return `<!DOCTYPE html><html><head><title>${code.replace(/\W/g, '')} | Florist One</title></head><body><h1>Arrangement ${code.replace(/\W/g, '')}</h1></body></html>`
}

function html(response: ServerResponse, body: string, status = 200): void {
	response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
	response.end(body)
}

/** Answers a page request the way the stand-in's mode says; `page` is the page a healthy partner would send. */
function answerInMode(state: StandInState, response: ServerResponse, url: URL, page: () => [number, string], hostile: string): void {
	const answer = () => {
		const [status, body] = page()
		html(response, body, status)
	}
	switch (state.mode) {
		case 'down':
			response.writeHead(503).end('down')
			return
		case 'rate-limited':
			response.writeHead(429, { 'retry-after': '120' }).end('slow down')
			return
		case 'hang':
			return
		case 'gated':
			state.gated.push(() => answer())
			return
		case 'held': {
			const [status, body] = page()
			response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
			response.flushHeaders()
			state.gated.push(() => response.end(body))
			return
		}
		case 'slow':
			setTimeout(() => answer(), state.slowMs)
			return
		case 'redirect-away':
			response.writeHead(302, { location: 'http://127.0.0.2:1/elsewhere' }).end()
			return
		case 'drop-query':
			if (url.search) {
				response.writeHead(302, { location: url.pathname }).end()
				return
			}
			answer()
			return
		case 'hostile':
			html(response, hostile)
			return
		case 'garbage':
			html(response, '\u0000\u0001<<<>>>&&&<a href=<img src= \uFFFD'.repeat(5_000))
			return
		case 'nested':
			// 20,000 unclosed nested cards: seconds of parsing for an unbounded parser.
			html(response, Array.from({ length: 20_000 }, (_, n) => `<div><a href="/detail.cfm?dcode=N${n}"><img src="/large/${n}.jpg">`).join(''))
			return
		case 'huge':
			return sendHugePage(state, response)
		default:
			answer()
	}
}

/** 60 MB of page, written as fast as the reader takes it; the count of bytes sent shows where a reader cut it off. */
function sendHugePage(state: StandInState, response: ServerResponse): void {
	response.writeHead(200, { 'content-type': 'text/html' })
	const chunk = '<div>'.padEnd(64 * 1024, 'x')
	let sent = 0
	const push = () => {
		while (sent < 60 * 1024 * 1024) {
			sent += chunk.length
			state.hugeBytesSent += chunk.length
			if (!response.write(chunk)) return void response.once('drain', push)
		}
		response.end()
	}
	response.on('error', () => undefined)
	push()
}
