import { useEffect } from 'react'

/**
 * Counts clicks on partner links for the operator: on each click (or middle
 * click) of a sponsored link, one beacon names the page and the product code.
 * navigator.sendBeacon queues it and returns at once, so the navigation never
 * waits; without the script the links simply work, uncounted. No cookie.
 */
export function useClickBeacon() {
	useEffect(() => {
		const send = (event: MouseEvent) => {
			if (!(event.target instanceof Element) || typeof navigator.sendBeacon !== 'function') return
			const link = event.target.closest<HTMLAnchorElement>('a[rel~="sponsored"]')
			if (!link) return
			const product = new URL(link.href).searchParams.get('dcode') ?? undefined
			navigator.sendBeacon('/api/clicks', JSON.stringify({ page: window.location.pathname, product }))
		}
		const auxiliary = (event: MouseEvent) => {
			if (event.button === 1) send(event)
		}
		document.addEventListener('click', send, { capture: true })
		document.addEventListener('auxclick', auxiliary, { capture: true })
		return () => {
			document.removeEventListener('click', send, { capture: true })
			document.removeEventListener('auxclick', auxiliary, { capture: true })
		}
	}, [])
}
