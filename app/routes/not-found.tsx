import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { logNotFound } from '#app/server/log.server.ts'

// Any path no other route matches (including /404): the root error boundary
// renders the not-found page with status 404 and noindex.
export function loader({ request }: Route.LoaderArgs) {
	logNotFound(request)
	throw data(null, { status: 404 })
}

export default function NotFoundRoute() {
	return null
}
