import { useState } from 'react'
import { useLocation, useNavigate, type NavigateFunction } from 'react-router'

type StaticMarkupProps = React.HTMLAttributes<HTMLElement> & {
	/** The element the section is; it keeps its own attributes either way. */
	as?: 'section' | 'footer' | 'div' | 'ul'
	/** Markup that depends on the page's path alone, and on `contentKey` where given: no state, no handlers. */
	children: React.ReactNode
	/** What else the markup is made from (a list's product links, say): when it changes, the section is built anew. */
	contentKey?: string
	/**
	 * A section below the first screen: in the document the server sent, the browser skips its style
	 * and layout until it nears the screen (`below-fold` in app.css). A section built later is laid
	 * out at once, so that going back to a page lands on the place left, not on an estimate.
	 */
	deferLayout?: boolean
}

/**
 * A section of server-rendered text that the first load's hydration leaves as it is.
 *
 * Hydrating builds a component and a fiber for every element and walks them all again to commit,
 * in tasks that a phone's main thread spends after the first paint. Prose, cards of facts, lists
 * of links and questions with their answers never change on the page and respond only to the
 * browser itself (links, `<details>`), so during hydration this renders the element with React's
 * "raw HTML" marker: React adopts the element the server sent and never looks inside it.
 *
 * A section rendered later (a client-side navigation to another page) is built as usual, and a
 * new path builds it anew, so its text is always the page's own. Same-site links inside an adopted
 * section still navigate in the page, as React Router's links do, through one handler on the
 * section; a link with a target, a download or a modifier key is left to the browser.
 */
export function StaticMarkup({ contentKey = '', ...props }: StaticMarkupProps) {
	const { pathname } = useLocation()
	return <Section key={`${pathname}\n${contentKey}`} {...props} />
}

function Section({ as: Tag = 'section', children, deferLayout = false, className, ...rest }: Omit<StaticMarkupProps, 'contentKey'>) {
	// Decided once per section: the markup it adopted stays until its path or content key changes.
	const [adopted] = useState(isHydrating)
	const navigate = useNavigate()
	const served = adopted || typeof document === 'undefined'
	const attributes = { ...rest, className: deferLayout && served ? [className, 'below-fold'].filter(Boolean).join(' ') : className }
	if (!adopted) return <Tag {...attributes}>{children}</Tag>
	return <Tag {...attributes} onClick={(event) => followLink(event, navigate)} dangerouslySetInnerHTML={KEEP_SERVER_MARKUP} suppressHydrationWarning />
}

/** Empty raw HTML: on hydration React keeps the element's server-rendered children and skips them. */
const KEEP_SERVER_MARKUP = { __html: '' }

/** True during the first load's hydration, before the root layout marks the document as hydrated. */
function isHydrating(): boolean {
	return typeof document !== 'undefined' && document.documentElement.dataset.hydrated !== 'true'
}

/** A plain click on a same-site link navigates in the page, as `<Link>` would. */
function followLink(event: React.MouseEvent<HTMLElement>, navigate: NavigateFunction) {
	if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
	const link = event.target instanceof Element ? event.target.closest('a') : null
	if (!link || !event.currentTarget.contains(link) || link.hasAttribute('download')) return
	if (link.target && link.target !== '_self') return
	const url = new URL(link.href, window.location.href)
	if (url.origin !== window.location.origin) return
	// A fragment of this very page is the browser's own jump.
	if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return
	event.preventDefault()
	void navigate(`${url.pathname}${url.search}${url.hash}`)
}
