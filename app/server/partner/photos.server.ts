// Relative imports only: the benchmark runs this module outside the bundle.
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import { isPartnerUrl } from '#app/domain/affiliate.ts'
import type { PhotoFormat, PhotoWidth } from '#app/domain/photos.ts'
import { writeFailure, type DatabaseSchema } from '#app/server/db.server.ts'
import { DEFAULT_SAFE_FETCH, safeFetch, type SafeFetchOptions } from '#app/server/partner/fetch-page.server.ts'
import { systemClock, type Clock } from '#app/server/clock.server.ts'
import { sharePerKey } from '#app/server/in-flight.server.ts'
import { errorMessage } from '#app/server/errors.server.ts'
import { log } from '#app/server/log.server.ts'

/** A photo larger than this many pixels is refused before it is decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 24_000_000
const MAX_ORIGINAL_BYTES = 8 * 1024 * 1024
const FAILURE_PAUSE_MS = 10 * 60_000
const ORIGINAL_TYPES = /^image\/(jpeg|pjpeg|png|webp|gif|avif)\b/i
/** Photos the database could not keep (originals and encoded widths), held in memory instead: at most this many bytes. */
const UNSTORED_MAX_BYTES = 32 * 1024 * 1024
/** How many registered photos whose row could not be written are remembered by address. */
const UNSTORED_MAX_ROWS = 10_000

/**
 * sharp, loaded with the first encode rather than with the server: pages never
 * wait for the image library (Node keeps the module once loaded). One libvips
 * thread per encode, two encodes at a time, so the server keeps a core for
 * pages; setting its limits again before each encode costs nothing.
 */
async function loadEncoder() {
	const { default: sharp } = await import('sharp')
	sharp.concurrency(1)
	sharp.cache({ memory: 32, files: 0, items: 50 })
	return sharp
}

/** The id of a partner photo: a hash of its address, so the URL never carries the address itself. */
export function photoIdFor(sourceUrl: string): string {
	return createHash('sha256').update(sourceUrl).digest('base64url').slice(0, 22)
}

class PhotoError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'PhotoError'
	}
}

/** Encodes one width and format of a photo; refuses anything that is not a picture of a sane size. */
export async function encodePhoto(original: Buffer, width: number, format: PhotoFormat): Promise<Buffer> {
	const sharp = await loadEncoder()
	const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
	const { width: sourceWidth, height: sourceHeight } = await image.metadata()
	if (!sourceWidth || !sourceHeight) throw new PhotoError('Not a picture')
	if (sourceWidth * sourceHeight > MAX_INPUT_PIXELS) throw new PhotoError(`Picture too large (${sourceWidth} × ${sourceHeight})`)
	const resized = image.rotate().resize({ width, withoutEnlargement: true }).flatten({ background: '#ffffff' })
	if (format === 'avif') return resized.avif({ quality: 52, effort: 2 }).toBuffer()
	if (format === 'webp') return resized.webp({ quality: 72, effort: 4 }).toBuffer()
	return resized.jpeg({ quality: 76, mozjpeg: true }).toBuffer()
}

/** At most `limit` tasks at a time; the rest wait their turn. */
function createLimiter(limit: number) {
	let running = 0
	const waiting: (() => void)[] = []
	return async <T>(task: () => Promise<T>): Promise<T> => {
		if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
		running += 1
		try {
			return await task()
		} finally {
			running -= 1
			waiting.shift()?.()
		}
	}
}

export type PhotoAnswer = { kind: 'photo'; bytes: Buffer; format: PhotoFormat } | { kind: 'placeholder'; reason: string } | { kind: 'unknown' }

/**
 * Partner photos, fetched once and encoded once per width and format, all kept
 * in the database. Only photos the site registered (ones its pages show) can be
 * asked for, only the partner's hosts are fetched, with the same outbound
 * rules as pages (redirects re-checked, deadlines, a byte cap), and only
 * pictures of a sane size are decoded. Concurrent first requests for one photo
 * share one fetch and one encode.
 */
export function createPhotoStore(deps: {
	db: Kysely<DatabaseSchema>
	partnerBaseUrl: string
	clock?: Clock
	fetchOptions?: Partial<SafeFetchOptions>
	/** How many encodes run at once. */
	encoders?: number
}) {
	const clock = deps.clock ?? systemClock
	const { db } = deps
	const fetchOptions: SafeFetchOptions = {
		...DEFAULT_SAFE_FETCH,
		headersTimeoutMs: 5_000,
		deadlineMs: 15_000,
		maxBytes: MAX_ORIGINAL_BYTES,
		...deps.fetchOptions,
		allowedHosts: new Set(),
		allowUrl: (url) => isPartnerUrl(url, deps.partnerBaseUrl),
	}
	const registered = new Set<string>()
	// Pages register the same photos on every render: each address is hashed once.
	const idsByUrl = new Map<string, string>()
	const idOf = (sourceUrl: string) => {
		let id = idsByUrl.get(sourceUrl)
		if (id) return id
		if (idsByUrl.size >= 10_000) idsByUrl.clear()
		id = photoIdFor(sourceUrl)
		idsByUrl.set(sourceUrl, id)
		return id
	}
	const originals = sharePerKey<string, Buffer>()
	const encodes = sharePerKey<string, Buffer>()
	const limit = createLimiter(deps.encoders ?? 2)

	// What the database could not keep (a full disk, another writer holding the file) is served from
	// memory: the addresses of photos pages show, the bytes fetched and encoded, and recent failures.
	const unstoredRows = new LRUCache<string, string>({ max: UNSTORED_MAX_ROWS })
	const unstoredBytes = new LRUCache<string, Buffer>({ maxSize: UNSTORED_MAX_BYTES, sizeCalculation: (bytes) => Math.max(1, bytes.length) })
	const failures = new LRUCache<string, { until: number; reason: string }>({ max: UNSTORED_MAX_ROWS })

	/** Keeps `bytes` in memory when the database refused them, and says why in the log. */
	function keepUnstored(key: string, bytes: Buffer, error: unknown) {
		unstoredBytes.set(key, bytes)
		log.warn({ photo: key, ...writeFailure(error) }, 'Photo served from memory, not stored: the database could not be written')
	}

	/** Registry writes under way (a page never waits for them). */
	const writes = new Set<Promise<void>>()

	/** Records the photos a page is about to show; each is written once per process. */
	function register(sourceUrls: readonly string[]): string[] {
		const fresh: { id: string; source_url: string; created_at: number }[] = []
		const ids = sourceUrls.map((sourceUrl) => {
			const id = idOf(sourceUrl)
			if (!registered.has(id)) {
				registered.add(id)
				fresh.push({ id, source_url: sourceUrl, created_at: clock.now() })
			}
			return id
		})
		if (fresh.length > 0) {
			const write = db
				.insertInto('photos')
				.values(fresh)
				.onConflict((conflict) => conflict.column('id').doNothing())
				.execute()
				.then(
					() => {
						for (const { id } of fresh) unstoredRows.delete(id)
					},
					(error: unknown) => {
						// Served by address from memory meanwhile; the next page that shows them writes them again.
						for (const { id, source_url } of fresh) {
							registered.delete(id)
							unstoredRows.set(id, source_url)
						}
						log.warn({ photos: fresh.length, ...writeFailure(error) }, 'Photo addresses kept in memory, not stored: the database could not be written')
					},
				)
				.finally(() => writes.delete(write))
			writes.add(write)
		}
		return ids
	}

	async function fetchOriginal(id: string, sourceUrl: string): Promise<Buffer> {
		const { body, contentType } = await safeFetch(sourceUrl, fetchOptions, { headers: { accept: 'image/avif,image/webp,image/jpeg,image/*;q=0.8' } })
		if (!ORIGINAL_TYPES.test(contentType)) throw new PhotoError(`Not an image (${contentType || 'no content type'})`)
		const fetched = { original: body, original_type: contentType, fetched_at: clock.now(), failed_until: null, failure: null }
		// With its address too: a photo registered while the database could not be written is stored whole now.
		await db
			.insertInto('photos')
			.values({ id, source_url: sourceUrl, created_at: clock.now(), ...fetched })
			.onConflict((conflict) => conflict.column('id').doUpdateSet(fetched))
			.execute()
			.then(
				() => void unstoredRows.delete(id),
				(error: unknown) => keepUnstored(id, body, error),
			)
		return body
	}

	function original(id: string, row: { source_url: string; original: Buffer | null }): Promise<Buffer> {
		const source = row.original ?? unstoredBytes.get(id)
		if (source) return Promise.resolve(source)
		return originals.share(id, () => fetchOriginal(id, row.source_url))
	}

	async function encodeAndStore(id: string, row: { source_url: string; original: Buffer | null }, width: PhotoWidth, format: PhotoFormat) {
		const source = await original(id, row)
		const bytes = await limit(() => encodePhoto(source, width, format))
		await db
			.insertInto('photo_variants')
			.values({ id, width, format, bytes, created_at: clock.now() })
			.onConflict((conflict) => conflict.columns(['id', 'width', 'format']).doNothing())
			.execute()
			.catch((error: unknown) => keepUnstored(`${id}/${width}/${format}`, bytes, error))
		return bytes
	}

	/** A photo that failed is not fetched again before the pause ends: noted in its row, or in memory where the row cannot be written. */
	async function markFailed(id: string, reason: string) {
		const failure = { until: clock.now() + FAILURE_PAUSE_MS, reason }
		if (unstoredRows.has(id)) failures.set(id, failure)
		await db
			.updateTable('photos')
			.set({ failed_until: failure.until, failure: reason })
			.where('id', '=', id)
			.execute()
			.catch(() => void failures.set(id, failure))
	}

	return {
		register,
		/** Resolves once every photo registered so far is written. */
		async settled() {
			while (writes.size > 0) await Promise.all(writes)
		},
		/** One width and format of a registered photo, or why there is none. */
		async get(id: string, width: PhotoWidth, format: PhotoFormat): Promise<PhotoAnswer> {
			const kept = unstoredBytes.get(`${id}/${width}/${format}`)
			if (kept) return { kind: 'photo', bytes: kept, format }
			const stored = await db
				.selectFrom('photo_variants')
				.select('bytes')
				.where('id', '=', id)
				.where('width', '=', width)
				.where('format', '=', format)
				.executeTakeFirst()
			if (stored) return { kind: 'photo', bytes: stored.bytes, format }
			const unstored = unstoredRows.get(id)
			const row =
				(await db.selectFrom('photos').select(['source_url', 'original', 'failed_until', 'failure']).where('id', '=', id).executeTakeFirst()) ??
				(unstored === undefined ? undefined : { source_url: unstored, original: null, failed_until: null, failure: null })
			if (!row) return { kind: 'unknown' }
			const failed = failures.get(id)
			if (failed && failed.until > clock.now()) return { kind: 'placeholder', reason: failed.reason }
			if (row.failed_until && row.failed_until > clock.now()) return { kind: 'placeholder', reason: row.failure ?? 'failed' }
			try {
				const bytes = await encodes.share(`${id}/${width}/${format}`, () => encodeAndStore(id, row, width, format))
				return { kind: 'photo', bytes, format }
			} catch (error) {
				const reason = errorMessage(error)
				log.warn({ err: error, photoId: id, url: row.source_url }, 'Photo unavailable')
				await markFailed(id, reason)
				return { kind: 'placeholder', reason }
			}
		},
	}
}

export type PhotoStore = ReturnType<typeof createPhotoStore>
