import { runWhenPainted } from '#app/browser/hydration-loader.ts'
import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

/**
 * The page's scripts wait for its first paint.
 *
 * React Router's `<Scripts>` puts a `modulepreload` link for every chunk of the
 * first load (about 113 kB) in the head and an inline module that imports them
 * at the end of the body. On a slow phone connection those downloads share the
 * line with the document and the stylesheet, and the first paint waits for
 * them (Lighthouse's mobile LCP: 1.8–1.9 s). The page reads and works without
 * them, so they are asked for once it has painted: this stream takes the
 * preload links out of the head, turns the inline module into an inert data
 * block, and puts a small script after it that, on the first contentful
 * paint, adds the same preloads (one a task), evaluates the framework chunk,
 * and runs the same module in the next task. Hydration then starts one paint later;
 * nothing else changes.
 *
 * Markup it does not recognise passes through unchanged, so a page always
 * hydrates, if sooner.
 */
export function deferHydration(): Transform {
	const decoder = new StringDecoder('utf8')
	let held = ''
	let phase: 'head' | 'body' | 'done' = 'head'
	const preloads: string[] = []

	function take(): string {
		if (phase === 'head') {
			const end = held.indexOf('</head>')
			if (end < 0) return ''
			const head = held.slice(0, end).replace(MODULE_PRELOAD, (_link, href: string) => {
				if (!preloads.includes(href)) preloads.push(href)
				return ''
			})
			held = held.slice(end)
			phase = 'body'
			return head + take()
		}
		if (phase === 'body') {
			const open = MODULE_SCRIPT.exec(held)
			if (!open) {
				// Keep a tail that could hold the start of the tag until the next chunk comes.
				const cut = Math.max(0, held.length - TAG_TAIL)
				const out = held.slice(0, cut)
				held = held.slice(cut)
				return out
			}
			const bodyStart = open.index + open[0].length
			const close = held.indexOf('</script>', bodyStart)
			if (close < 0) {
				const out = held.slice(0, open.index)
				held = held.slice(open.index)
				return out
			}
			const nonce = open[1] ?? ''
			const out =
				held.slice(0, open.index) +
				`<script${nonce} type="${INERT_TYPE}">${held.slice(bodyStart, close)}</script>` +
				`<script${nonce}>${LOADER}(${loaderArguments(preloads)})</script>`
			held = held.slice(close + '</script>'.length)
			phase = 'done'
			return out + take()
		}
		const out = held
		held = ''
		return out
	}

	return new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			held += decoder.write(chunk)
			callback(null, take())
		},
		flush(callback) {
			held += decoder.end()
			callback(null, held)
		},
	})
}

/** The loader's arguments: the preloads, and the framework chunk among them where there is one. */
function loaderArguments(preloads: string[]): string {
	const framework = preloads.find((href) => FRAMEWORK_CHUNK.test(href))
	return framework ? `${JSON.stringify(preloads)},${JSON.stringify(framework)}` : JSON.stringify(preloads)
}

/** React Router's preload links, as React writes them in the head. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g
/** The opening tag of React Router's inline module (its nonce kept). */
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/
/** Longer than the module's opening tag, so a tag split between chunks is found whole. */
const TAG_TAIL = 200
/**
 * The chunk of React, React DOM and the router (`framework` in vite.config.ts): evaluated on its own,
 * a task before the page's modules, so neither task is long on a phone.
 */
const FRAMEWORK_CHUNK = /^\/assets\/framework-[\w-]+\.js$/
/** A data block: the browser keeps the module's text but does not run it. */
const INERT_TYPE = 'text/x-hydration-module'
/** The loader's source, written once per process rather than once per page. */
const LOADER = `(${runWhenPainted.toString()})`
