/**
 * The partner's product photos (under /small and /large, any .jpg, .png, .webp or .gif path), of
 * the partner's real weight, and photo addresses that fail the ways real image hosts do
 * (under /photo-faults/).
 */
import type { ServerResponse } from 'node:http'
import sharp from 'sharp'
import { NOT_FOUND_PAGE, type StandInState } from '#mock-servers/partner/state.ts'

/** Whether a path is the photo host's: a picture, or one of the failing photo addresses. */
export function isPhotoPath(pathname: string): boolean {
	return pathname.startsWith('/photo-faults/') || /\.(jpe?g|png|webp|gif)$/i.test(pathname)
}

/** The photo host of one stand-in: each picture drawn once, then served from memory. */
export function createPhotoHost(state: StandInState) {
	const photoCache = new Map<string, Promise<Buffer>>()
	/** A product photo of the partner's real weight: a 500 px JPEG of about 120 kB (400 px for /small/). */
	const photoFor = (path: string) => {
		let photo = photoCache.get(path)
		if (!photo) {
			photo = productPhoto(path, path.includes('/small/') ? 400 : 500)
			photoCache.set(path, photo)
		}
		return photo
	}
	return function answerPhoto(url: URL, response: ServerResponse): void {
		if (url.pathname.startsWith('/photo-faults/')) return answerPhotoFault(url.pathname, response)
		if (state.mode === 'down') return void response.writeHead(503).end('down')
		void photoFor(url.pathname).then((photo) => {
			response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length, 'cache-control': 'public, max-age=86400' })
			response.end(photo)
		})
	}
}

/**
 * A photo-like picture of an arrangement: seeded blooms with veined petals over
 * a studio backdrop, with film grain, saved at the high JPEG quality partner
 * photos have, so it weighs what a real one does (about 120 kB at 500 px).
 */
export function productPhoto(seedText: string, size: number): Promise<Buffer> {
	let state = [...seedText].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0, 2166136261) || 1
	const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296
	const raw = Buffer.alloc(size * size * 3)
	const blooms = Array.from({ length: 14 }, () => ({
		x: size * (0.2 + random() * 0.6),
		y: size * (0.15 + random() * 0.55),
		r: size * (0.06 + random() * 0.08),
		petals: 5 + Math.floor(random() * 4),
		colour: [150 + random() * 105, 40 + random() * 140, 60 + random() * 150],
	}))
	// The grain, one draw per pixel in reading order, as the picture has always been seeded.
	const grains = new Float64Array(size * size)
	for (let index = 0; index < grains.length; index += 1) grains[index] = random() * 15
	// Buffer writes clamp to 0–255 as the picture needs (a typed array rounds toward zero, as before).
	const put = (index: number, red: number, green: number, blue: number) => {
		raw[index * 3] = Math.min(255, Math.max(0, red))
		raw[index * 3 + 1] = Math.min(255, Math.max(0, green))
		raw[index * 3 + 2] = Math.min(255, Math.max(0, blue))
	}
	// A white studio backdrop, a vase below...
	for (let y = 0; y < size; y += 1) {
		for (let x = 0; x < size; x += 1) {
			const grain = grains[y * size + x] ?? 0
			const vase = y > size * 0.62 && Math.abs(x - size / 2) < size * (0.12 + (y - size * 0.62) / size / 3)
			if (vase) put(y * size + x, 90 + grain, 120 + grain, 150 + (x % 9) * 3)
			else put(y * size + x, 246 - y / 20 + grain, 244 - y / 20 + grain, 240 - y / 18 + grain)
		}
	}
	// ...and blooms with petal texture above, each drawn only over its own square, the later over the earlier.
	for (const bloom of blooms) {
		for (let y = Math.max(0, Math.floor(bloom.y - bloom.r)); y <= Math.min(size - 1, Math.ceil(bloom.y + bloom.r)); y += 1) {
			for (let x = Math.max(0, Math.floor(bloom.x - bloom.r)); x <= Math.min(size - 1, Math.ceil(bloom.x + bloom.r)); x += 1) {
				const dx = x - bloom.x
				const dy = y - bloom.y
				const radius = Math.hypot(dx, dy)
				const edge = bloom.r * (0.75 + 0.25 * Math.cos(Math.atan2(dy, dx) * bloom.petals))
				if (radius >= edge) continue
				const grain = grains[y * size + x] ?? 0
				const vein = 0.8 + 0.2 * Math.sin(radius * 0.9 + Math.atan2(dy, dx) * 7)
				const shade = vein * (1 - (radius / edge) * 0.35)
				const [red = 0, green = 0, blue = 0] = bloom.colour
				put(y * size + x, red * shade + grain, green * shade + grain, blue * shade + grain)
			}
		}
	}
	return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
		.jpeg({ quality: 95 })
		.toBuffer()
}

let hugePicture: Promise<Buffer> | undefined

/**
 * Photo addresses that fail the ways real image hosts do: a picture of 50
 * megapixels (small on the wire), an HTML page, a body of 12 MB, a redirect
 * to another site, and no answer at all.
 */
function answerPhotoFault(path: string, response: ServerResponse) {
	switch (path) {
		case '/photo-faults/50-megapixels.png':
			hugePicture ??= sharp({ create: { width: 7072, height: 7072, channels: 3, background: '#e0e0e0' } })
				.png({ compressionLevel: 9 })
				.toBuffer()
			void hugePicture.then((png) => response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png))
			return
		case '/photo-faults/not-an-image.jpg':
			response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html><body>Sorry</body></html>')
			return
		case '/photo-faults/oversized.jpg': {
			response.writeHead(200, { 'content-type': 'image/jpeg' })
			response.on('error', () => undefined)
			let sent = 0
			const chunk = Buffer.alloc(256 * 1024, 0xff)
			const push = () => {
				while (sent < 12 * 1024 * 1024) {
					sent += chunk.length
					if (!response.write(chunk)) return void response.once('drain', push)
				}
				response.end()
			}
			push()
			return
		}
		case '/photo-faults/redirect-away.jpg':
			response.writeHead(302, { location: 'http://127.0.0.2:1/photo.jpg' }).end()
			return
		default:
			response.writeHead(404, { 'content-type': 'text/html' }).end(NOT_FOUND_PAGE)
	}
}
