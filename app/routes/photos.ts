import type { Route } from './+types/photos'
import { cacheControl } from '#app/domain/cache-policy.ts'
import { chooseFormat, PHOTO_CONTENT_TYPES, PHOTO_ID, PHOTO_WIDTHS, PLACEHOLDER_SVG, type PhotoWidth } from '#app/domain/photo-urls.ts'
import { partnerContext } from '#app/context.ts'

/** The neutral square, kept only briefly so a photo that comes back soon is shown. */
function placeholder(status: number) {
	return new Response(PLACEHOLDER_SVG, {
		status,
		headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': cacheControl.photoPlaceholder },
	})
}

/**
 * GET /photos/{id}/{width}.img: a product photo the site shows, resized to one
 * of the layout widths and encoded as AVIF, WebP or JPEG by the Accept header.
 * Each URL's bytes never change, so browsers and CDNs keep them for a year.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
	const width = Number(/^(\d{2,4})\.img$/.exec(params.file)?.[1])
	if (!PHOTO_ID.test(params.id) || !PHOTO_WIDTHS.includes(width as PhotoWidth)) return placeholder(404)
	const format = chooseFormat(request.headers.get('accept'))
	if (!format)
		return new Response('Not acceptable: photos are sent as image/avif, image/webp or image/jpeg', {
			status: 406,
			headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': cacheControl.never, Vary: 'Accept' },
		})
	const answer = await context.get(partnerContext).photos.get(params.id, width as PhotoWidth, format)
	if (answer.kind === 'unknown') return placeholder(404)
	if (answer.kind === 'placeholder') return placeholder(200)
	return new Response(new Uint8Array(answer.bytes), {
		headers: {
			'Content-Type': PHOTO_CONTENT_TYPES[answer.format],
			'Content-Length': String(answer.bytes.length),
			'Cache-Control': cacheControl.photo,
			Vary: 'Accept',
		},
	})
}
