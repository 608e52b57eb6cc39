import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

/**
 * React Router's entry, started in a task of its own.
 *
 * This module is evaluated right after the page's own modules (the root, the route, the shared
 * components), in the same task of the phone's main thread. Creating the root and attaching React's
 * event listeners there would lengthen that task, and Lighthouse counts every part of a task beyond
 * 50 ms (about 12 ms on the development machine, unthrottled) as blocking; so it waits for the next
 * task. React's rendering after that is cut into short tasks by its scheduler.
 */
await new Promise((resolve) => setTimeout(resolve, 0))

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<HydratedRouter />
		</StrictMode>,
	)
})
