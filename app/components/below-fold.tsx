import { useState } from 'react'
import { useLocation } from 'react-router'

/**
 * A section below the first screen. In the document the server sent, the browser skips its style
 * and layout until it nears the screen (`below-fold` in app.css; docs/decisions/002). A section
 * built after a client-side navigation is laid out at once, so that going back lands on the place
 * left rather than on an estimated height.
 */
export function BelowFoldSection(props: React.HTMLAttributes<HTMLElement>) {
	const { pathname } = useLocation()
	// A new path is a new section, decided anew.
	return <Section key={pathname} {...props} />
}

function Section({ className, ...props }: React.HTMLAttributes<HTMLElement>) {
	// True on the server and while the first document hydrates (so the markup matches), false later.
	const [served] = useState(() => typeof document === 'undefined' || document.documentElement.dataset.hydrated !== 'true')
	return <section {...props} className={served ? [className, 'below-fold'].filter(Boolean).join(' ') : className} />
}
