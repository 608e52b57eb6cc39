import type { Route } from './+types/social'
import { socialImagesContext } from '#app/context.ts'
import { cacheControl } from '#app/domain/cache-policy.ts'
import { socialImageKey } from '#app/domain/social-image.ts'
import { json } from '#app/server/api-response.server.ts'

/**
 * GET /social/{site|home}.png, /social/cities/{slug}.png, /social/categories/{slug}.png:
 * the 1200×630 picture a shared link shows. Only the site's own pages have one;
 * any other address is a 404, so no picture is ever made from text a visitor sends.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	const key = socialImageKey(params['*'] ?? '')
	const image = key ? context.get(socialImagesContext).image(key) : undefined
	if (!image) return json({ error: 'Not found' }, 404)
	const bytes = await image
	return new Response(new Uint8Array(bytes), {
		headers: {
			'Content-Type': 'image/png',
			'Content-Length': String(bytes.length),
			'Cache-Control': cacheControl.socialImage,
		},
	})
}
