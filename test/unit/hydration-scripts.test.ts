import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { expect, test } from 'vitest'
import { deferHydration } from '#app/server/hydration-scripts.server.ts'

const NONCE = 'Zm9vYmFyYmF6cXV1eDEyMw=='
const MODULE =
	'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-3.js");'

/** A page as React Router renders it: preloads in the head, the inline module at the end of the body. */
const PAGE = [
	'<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/><title>Flowers – Tucson’s florists</title>',
	`<link rel="modulepreload" href="/assets/manifest-1.js" nonce="${NONCE}"/>`,
	`<link rel="modulepreload" href="/assets/entry.client-3.js" nonce="${NONCE}"/>`,
	`<link rel="modulepreload" href="/assets/root-2.js" nonce="${NONCE}"/>`,
	`<link rel="modulepreload" href="/assets/entry.client-3.js" nonce="${NONCE}"/>`,
	'<link rel="stylesheet" href="/assets/app.css"/></head><body><h1>Flower delivery in Tucson — 🌸</h1>',
	`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
	`<script nonce="${NONCE}" type="module" async="">${MODULE}</script>`,
	`<script nonce="${NONCE}">window.__reactRouterContext.streamController.enqueue("[]");</script>`,
	'</body></html>',
].join('')

/** Runs `html` through the stream in pieces of `size` bytes, so tags and characters are cut anywhere. */
async function rewrite(html: string, size: number): Promise<string> {
	const bytes = Buffer.from(html)
	const pieces: Buffer[] = []
	for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size))
	return text(Readable.from(pieces).pipe(deferHydration()))
}

test('the head loses its script preloads, the module becomes inert, and a loader after it holds the preloads once each', async () => {
	const html = await rewrite(PAGE, 1 << 20)
	const head = html.slice(0, html.indexOf('</head>'))
	expect(head).not.toContain('modulepreload')
	expect(head).toContain('<link rel="stylesheet" href="/assets/app.css"/>')
	expect(html).not.toContain('type="module"')
	expect(html).toContain(`<script nonce="${NONCE}" type="text/x-hydration-module">${MODULE}</script><script nonce="${NONCE}">(`)
	const loader = /<script nonce="[^"]+">\((function runWhenPainted[\s\S]*?)\)\((\[[^\]]*\])\)<\/script>/.exec(html)
	expect(JSON.parse(loader?.[2] ?? 'null')).toEqual(['/assets/manifest-1.js', '/assets/entry.client-3.js', '/assets/root-2.js'])
	// Everything else is as it came, in order.
	expect(html.replace(/<script nonce="[^"]+">\(function runWhenPainted[\s\S]*?<\/script>/, '')).toBe(
		PAGE.replace(/<link rel="modulepreload"[^>]*\/>/g, '').replace('type="module" async=""', 'type="text/x-hydration-module"'),
	)
})

test.each([1, 3, 7, 64, 199, 500])('cut into %i-byte pieces, the page comes out the same', async (size) => {
	expect(await rewrite(PAGE, size)).toBe(await rewrite(PAGE, 1 << 20))
})

test('markup without the module passes through unchanged, multi-byte characters included', async () => {
	const page = '<!DOCTYPE html><html><head><title>404 – not here</title></head><body><p>Nothing here — sorry 🌵</p></body></html>'
	for (const size of [1, 5, 1000]) expect(await rewrite(page, size)).toBe(page)
	const headless = '<p>a fragment with no head at all — and an emoji 🌵</p>'
	expect(await rewrite(headless, 2)).toBe(headless)
})

test('the framework chunk, where the page has one, is named to the loader to be evaluated first', async () => {
	const framework = '/assets/framework-Ab_9.js'
	const page = PAGE.replace('</title>', `</title><link rel="modulepreload" href="${framework}" nonce="${NONCE}"/>`)
	const loader = /\)\((\[[^\]]*\]),("[^"]*")\)<\/script>/.exec(await rewrite(page, 64))
	expect(JSON.parse(loader?.[1] ?? 'null')).toEqual([framework, '/assets/manifest-1.js', '/assets/entry.client-3.js', '/assets/root-2.js'])
	expect(JSON.parse(loader?.[2] ?? 'null')).toBe(framework)
})
