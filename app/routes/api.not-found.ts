import { json } from '#app/server/api-response.server.ts'
import { logNotFound } from '#app/server/log.server.ts'

/** Any other path under /api: the API's own JSON 404, never the HTML page. */
export function loader({ request }: { request: Request }) {
	logNotFound(request)
	return json({ error: 'Not found' }, 404)
}

/** Beacons and other bodies sent to an unknown API path get the same answer. */
export const action = loader
