import { isbot } from 'isbot'
import type { Route } from './+types/api.clicks'
import { clickBeacon } from '~/domain/clicks.ts'
import { BodyTooLargeError, bodyTooLarge, json, readBodyText } from '~/server/api-response.server.ts'
import { recordClick } from '~/server/clicks.server.ts'
import { getDatabase } from '~/server/db.server.ts'
import { errorMessage } from '~/server/errors.server.ts'

/**
 * POST /api/clicks: a partner link was followed (the page sends it with
 * navigator.sendBeacon; navigation never waits for it). Only the day's count
 * is kept; crawlers are not counted. 204 when taken, 400 for a bad beacon.
 */
export async function action({ request }: Route.ActionArgs) {
	if (isbot(request.headers.get('user-agent') ?? '')) return new Response(null, { status: 204 })
	let body: unknown
	try {
		body = JSON.parse(await readBodyText(request))
	} catch (error) {
		if (error instanceof BodyTooLargeError) return bodyTooLarge(error)
		return json({ error: 'Invalid beacon', problems: ['body: must be JSON'] }, 400)
	}
	const beacon = clickBeacon.safeParse(body)
	if (!beacon.success)
		return json({ error: 'Invalid beacon', problems: beacon.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`) }, 400)
	try {
		await recordClick(getDatabase().db, beacon.data)
	} catch (error) {
		// Counting is never worth an error for the visitor, who has already left for the partner.
		console.error(`Click not counted: ${errorMessage(error)}`)
	}
	return new Response(null, { status: 204 })
}

/** Beacons only: a GET is told which method to use. */
export function loader() {
	return json({ error: 'Method GET not allowed; send clicks with POST' }, 405, undefined, { Allow: 'POST' })
}
