import { useContext, useLayoutEffect } from 'react'
import { UNSAFE_FrameworkContext, UNSAFE_useScrollRestoration, useLocation } from 'react-router'

/** Where React Router keeps the scroll position of each history entry (its own default). */
const POSITIONS_KEY = 'react-router-scroll-positions'

/**
 * React Router's scroll restoration, with its inline script split in two.
 *
 * React Router's `<ScrollRestoration>` writes an inline script at the end of
 * the body that gives the history entry a key and reads the saved positions
 * from `sessionStorage`; when the router starts, it writes the entry again to
 * add its index. On a phone that script is part of the document's parsing
 * after the first paint, and the history write followed by the first storage
 * read (a synchronous round trip to the browser) cost 6–52 ms of the
 * parsing task it ran in (median 13 ms, Phoenix, unthrottled, on the
 * development machine). Here:
 *
 * - a script in the head writes the entry once, with the key and the index the
 *   router would add, so the router finds it ready and does not write it again;
 * - the script at the end of the body reads the saved positions only when the
 *   document was reloaded or reached by going back or forward: a new visit's
 *   entry has a key made a moment ago, under which nothing can be saved.
 *
 * After hydration React Router's own hook saves and restores positions for the
 * navigations within the page, as before. Both jump straight to the place:
 * the stylesheet's smooth scrolling is for the links to a section, and a
 * restored page that glided there from the top would land short wherever the
 * sections on the way were still being drawn.
 */
export function HistoryEntryScript() {
	return <InlineScript code={`(${prepareHistoryEntry.toString()})()`} />
}

/** At the end of the body: scrolls a reloaded page back to where its visitor was, before the scripts load. */
export function ScrollRestoration() {
	const location = useLocation()
	// Layout effects run in order: the router's scroll (or its reset to the top) happens between these two.
	useLayoutEffect(() => {
		const html = document.documentElement
		html.style.setProperty('scroll-behavior', 'auto')
		// Read back, so the browser has applied it when the router scrolls; unread, it may still glide.
		void getComputedStyle(html).scrollBehavior
	}, [location])
	UNSAFE_useScrollRestoration({ storageKey: POSITIONS_KEY })
	useLayoutEffect(() => void document.documentElement.style.removeProperty('scroll-behavior'), [location])
	return <InlineScript code={`(${restoreScrollPosition.toString()})(${JSON.stringify(POSITIONS_KEY)})`} />
}

function InlineScript({ code }: { code: string }) {
	// The nonce of this response's Content-Security-Policy, as React Router's own scripts carry it.
	const nonce = useContext(UNSAFE_FrameworkContext)?.nonce
	return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />
}

/**
 * Runs in the page's head. Serialised with `toString()`, so it uses nothing from outside its body.
 * The entry's state takes the shape React Router's browser history gives it: `usr` (the state a
 * navigation passed), `key` and `idx`.
 */
function prepareHistoryEntry() {
	const state = window.history.state
	if (!state || !state.key) window.history.replaceState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: 0 }, '')
	else if (state.idx == null) window.history.replaceState({ ...state, idx: 0 }, '')
}

/** Runs at the end of the body. Serialised with `toString()`, so it uses nothing from outside its body. */
function restoreScrollPosition(storageKey: string) {
	const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
	if (entry?.type === 'navigate') return
	try {
		const y = JSON.parse(sessionStorage.getItem(storageKey) || '{}')[window.history.state?.key]
		if (typeof y === 'number') window.scrollTo({ top: y, behavior: 'instant' })
	} catch (error) {
		console.error(error)
		sessionStorage.removeItem(storageKey)
	}
}
