import { isbot } from 'isbot'
import type { Route } from './+types/api.clicks'
import { clicksContext, clientAddressContext, partnerContext } from '#app/context.ts'
import { clickBeacon } from '#app/domain/clicks.ts'
import { BodyTooLargeError, bodyTooLarge, json, readBodyText } from '#app/server/api-response.server.ts'
import { log } from '#app/server/log.server.ts'

/**
 * POST /api/clicks: a partner link was followed (the page sends it with
 * navigator.sendBeacon; navigation never waits for it). Only the day's count
 * is kept, and only for a page and product the site itself has; crawlers and
 * clients without a user agent are not counted, and one address counts at
 * most its share of a day. 204 when taken, 400 for a bad beacon, 429 past the share.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const userAgent = request.headers.get('user-agent')?.trim() ?? ''
	if (!userAgent || isbot(userAgent)) return new Response(null, { status: 204 })
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
	const clicks = context.get(clicksContext)
	try {
		const problems = await clicks.problems(beacon.data, context.get(partnerContext).products)
		if (problems.length > 0) return json({ error: 'Invalid beacon', problems }, 400)
		const address = context.get(clientAddressContext)
		if (!clicks.takeAddressShare(address)) return json({ error: 'Too many clicks from this address today' }, 429)
		await clicks.recordClick(beacon.data, new Date(), address)
	} catch (error) {
		// Counting is never worth an error for the visitor, who has already left for the partner.
		log.error({ err: error }, 'Click not counted')
	}
	return new Response(null, { status: 204 })
}

/** Beacons only: a GET is told which method to use. */
export function loader() {
	return json({ error: 'Method GET not allowed; send clicks with POST' }, 405, undefined, { Allow: 'POST' })
}
