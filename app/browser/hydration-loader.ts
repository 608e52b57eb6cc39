/** Code that runs in the browser only, written into the page's HTML by the server (app/server/hydration-scripts.server.ts). */

/**
 * Runs in the page, right after the inert module: once the page has had its
 * first contentful paint (at once where the browser cannot tell), it adds the
 * preloads and runs the module. Written in the syntax every browser that runs
 * modules reads, and serialised with `toString()`, so it must use nothing
 * from outside its own body.
 */
export function runWhenPainted(preloads: string[], framework?: string) {
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
