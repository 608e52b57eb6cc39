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

/**
 * Runs in the page, right after the inert module: once the page has had its
 * first contentful paint (at once where the browser cannot tell), it adds the
 * preloads and runs the module. Written in the syntax every browser that runs
 * modules reads, and serialised with `toString()`, so it must use nothing
 * from outside its own body.
 */
function runWhenPainted(preloads: string[], framework?: string) {
	const script = document.currentScript
	const block = script?.previousElementSibling
	const nonce = script?.nonce ?? ''
	let started = false
	// One element a task: asking for a script can wait on the browser for several milliseconds,
	// and eight such waits in one task made it a long one on a busy phone.
	const steps: (() => void)[] = []
	const step = () => {
		steps.shift()?.()
		if (steps.length > 0) setTimeout(step, 0)
	}
	const start = () => {
		if (started || !block) return
		started = true
		for (const href of preloads) {
			steps.push(() => {
				const link = document.createElement('link')
				link.rel = 'modulepreload'
				link.href = href
				link.nonce = nonce
				document.head.append(link)
			})
		}
		const module = document.createElement('script')
		module.type = 'module'
		module.nonce = nonce
		module.textContent = block.textContent
		steps.push(() => {
			if (!framework) return void document.body.append(module)
			// React and the router are evaluated first, in a task of their own; the page's modules,
			// which import them, in the next one. The module runs whether or not the first one loaded.
			const first = document.createElement('script')
			first.type = 'module'
			first.nonce = nonce
			first.src = framework
			const next = () => setTimeout(() => document.body.append(module), 0)
			first.addEventListener('load', next)
			first.addEventListener('error', next)
			document.body.append(first)
		})
		step()
	}
	// After the paint's own frame, so the downloads begin once the screen shows the page.
	const soon = () => requestAnimationFrame(() => setTimeout(start, 0))
	const types = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : undefined
	if (!types?.includes('paint')) return start()
	new PerformanceObserver((list, observer) => {
		if (list.getEntriesByName('first-contentful-paint').length === 0) return
		observer.disconnect()
		soon()
	}).observe({ type: 'paint', buffered: true })
	// A page that never reports its paint (an old engine, a hidden tab) still hydrates.
	setTimeout(start, 3000)
}
