/**
 * Product photos come from our own origin, resized: /photos/{id}/{width}.img,
 * where the id names a photo the site itself has stored (never an address).
 * The format (AVIF, WebP or JPEG) follows the browser's Accept header.
 */
export const PHOTO_WIDTHS = [160, 240, 320, 480, 640] as const
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number]

export const PHOTO_ID = /^[A-Za-z0-9_-]{22}$/

export function photoUrl(id: string, width: PhotoWidth = 480): string {
	return `/photos/${id}/${width}.img`
}

export function photoSrcSet(id: string): string {
	return PHOTO_WIDTHS.map((width) => `${photoUrl(id, width)} ${width}w`).join(', ')
}

/** `sizes` for each layout that shows product photos (the page is at most 72rem wide, padding included). */
export const PHOTO_SIZES = {
	/** 1, 2 or 3 columns. */
	grid: '(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw',
	/** Slides 4/5, 1/2, 1/3, 1/4, 1/5 of the row. */
	slider: '(min-width: 1536px) 14rem, (min-width: 1280px) 17rem, (min-width: 1024px) 22rem, (min-width: 640px) 50vw, 80vw',
	/** The small set beside a hero on wide screens. */
	hero: '10rem',
} as const

export type PhotoFormat = 'avif' | 'webp' | 'jpeg'

export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }

/** AVIF when the browser takes it, else WebP, else JPEG; none when it refuses all three (`q=0`). */
export function chooseFormat(accept: string | null | undefined): PhotoFormat | undefined {
	if (!accept?.trim()) return 'jpeg'
	const ranges = accept
		.toLowerCase()
		.split(',')
		.map((part) => {
			const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim())
			const q = parameters.find((parameter) => parameter.startsWith('q='))
			const weight = q === undefined ? 1 : Number(q.slice(2))
			return { type, weight: Number.isFinite(weight) ? weight : 0 }
		})
	/** The weight of the most specific range naming `type` (or, where `loosely`, any image or any type), if any. */
	const weightOf = (type: string, loosely: boolean) => {
		const exact = ranges.find((range) => range.type === type)
		if (exact || !loosely) return exact?.weight
		return (ranges.find((range) => range.type === 'image/*') ?? ranges.find((range) => range.type === '*/*'))?.weight
	}
	// AVIF and WebP only where named (a browser sending only */* may not decode them); JPEG wherever images are taken.
	if ((weightOf('image/avif', false) ?? 0) > 0) return 'avif'
	if ((weightOf('image/webp', false) ?? 0) > 0) return 'webp'
	if ((weightOf('image/jpeg', true) ?? 0) > 0) return 'jpeg'
	return undefined
}

/** A small neutral square: what a photo that cannot be had shows instead. */
export const PLACEHOLDER_SVG =
	'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" width="400" height="400"><rect width="4" height="4" fill="#e7e5e4"/></svg>'
