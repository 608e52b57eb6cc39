import { createContext, useContext } from 'react'

/** The site stylesheet's text, given by the server entry when it can be sent inline. */
export const InlineCssContext = createContext<string | undefined>(undefined)

export const INLINE_CSS_ID = 'site-css'

/**
 * The stylesheet to put inline in the head, or undefined to link it. On the
 * server it comes from the server entry; in the browser it is read back from
 * the page, so hydration renders exactly what the server sent.
 */
export function useInlineCss(): string | undefined {
	const fromServer = useContext(InlineCssContext)
	if (fromServer !== undefined) return fromServer
	if (typeof document === 'undefined') return undefined
	return document.getElementById(INLINE_CSS_ID)?.textContent ?? undefined
}
