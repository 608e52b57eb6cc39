// No bundler features (subpath imports, which Node resolves itself): the benchmark runs this module outside the bundle.
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import { isPartnerUrl } from '#app/domain/affiliate.ts'
import type { PhotoFormat, PhotoWidth } from '#app/domain/photo-urls.ts'
import { writeFailure, type DatabaseSchema } from '#app/server/store/db.server.ts'
import { DEFAULT_SAFE_FETCH, safeFetch, UpstreamError, type SafeFetchOptions } from '#app/server/partner/fetch-page.server.ts'
import { systemClock, type Clock } from '#app/server/clock.server.ts'
import { sharePerKey } from '#app/server/in-flight.server.ts'
import { errorMessage } from '#app/server/errors.server.ts'
import { log } from '#app/server/log.server.ts'

/** A photo larger than this many pixels is refused before it is decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 24_000_000
const MAX_ORIGINAL_BYTES = 8 * 1024 * 1024
const FAILURE_PAUSE_MS = 10 * 60_000
/** A photo that failed for a passing reason (a timeout, the host's 5xx, a dropped connection) is tried again sooner. */
const PASSING_FAILURE_PAUSE_MS = 30_000

/** How long a photo that failed with `error` waits before it is fetched again: a refusal or a bad picture long, anything passing briefly. */
export function failurePause(error: unknown): number {
	return error instanceof UpstreamError && (error.retryable || error.status === 429) ? PASSING_FAILURE_PAUSE_MS : FAILURE_PAUSE_MS
}
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

type PhotoRow = { source_url: string; original: Buffer | null; failed_until: number | null; failure: string | null }

type Failure = { until: number; reason: string }

/**
 * Why a photo that failed is not fetched again yet, or undefined once its pause is over: the
 * failure remembered in memory (where its row could not be written) first, then its row's.
 */
export function pauseReason(remembered: Failure | undefined, row: Pick<PhotoRow, 'failed_until' | 'failure'>, now: number): string | undefined {
	if (remembered && remembered.until > now) return remembered.reason
	if (row.failed_until && row.failed_until > now) return row.failure ?? 'failed'
	return undefined
}

/** Photos are fetched with the same outbound rules as pages, with a shorter deadline and a byte cap, from the partner's hosts only. */
function photoFetchOptions(partnerBaseUrl: string, overrides: Partial<SafeFetchOptions> | undefined): SafeFetchOptions {
	return {
		...DEFAULT_SAFE_FETCH,
		headersTimeoutMs: 5_000,
		deadlineMs: 15_000,
		maxBytes: MAX_ORIGINAL_BYTES,
		...overrides,
		allowedHosts: new Set(),
		allowUrl: (url) => isPartnerUrl(url, partnerBaseUrl),
	}
}

/**
 * What the database could not keep (a full disk, another writer holding the file), served from
 * memory: the addresses of photos pages show, the bytes fetched and encoded, and recent failures.
 */
function createUnstoredPhotos() {
	const bytes = new LRUCache<string, Buffer>({ maxSize: UNSTORED_MAX_BYTES, sizeCalculation: (value) => Math.max(1, value.length) })
	return {
		rows: new LRUCache<string, string>({ max: UNSTORED_MAX_ROWS }),
		bytes,
		failures: new LRUCache<string, Failure>({ max: UNSTORED_MAX_ROWS }),
		/** Keeps `value` in memory when the database refused it, and says why in the log. */
		keep(key: string, value: Buffer, error: unknown) {
			bytes.set(key, value)
			log.warn({ photo: key, ...writeFailure(error) }, 'Photo served from memory, not stored: the database could not be written')
		},
	}
}

/**
 * The photos pages show, recorded as pages are about to show them: each address is written once
 * per process, without the page waiting; addresses the database refused are kept in `unstoredRows`.
 */
function createPhotoRegistry(db: Kysely<DatabaseSchema>, clock: Clock, unstoredRows: LRUCache<string, string>) {
	const registered = new Set<string>()
	// Pages register the same photos on every render: each address is hashed once.
	const idsByUrl = new Map<string, string>()
	// And back: the address of a photo this process showed, for when the store cannot be read.
	const urlsById = new Map<string, string>()
	const idOf = (sourceUrl: string) => {
		let id = idsByUrl.get(sourceUrl)
		if (id) return id
		if (idsByUrl.size >= 10_000) {
			idsByUrl.clear()
			urlsById.clear()
		}
		id = photoIdFor(sourceUrl)
		idsByUrl.set(sourceUrl, id)
		urlsById.set(id, sourceUrl)
		return id
	}
	/** Registry writes under way (a page never waits for them). */
	const writes = new Set<Promise<void>>()

	function write(fresh: { id: string; source_url: string; created_at: number }[]) {
		const written = db
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
			.finally(() => writes.delete(written))
		writes.add(written)
	}

	return {
		/** Records the photos a page is about to show; each is written once per process. */
		register(sourceUrls: readonly string[]): string[] {
			const fresh: { id: string; source_url: string; created_at: number }[] = []
			const ids = sourceUrls.map((sourceUrl) => {
				const id = idOf(sourceUrl)
				if (!registered.has(id)) {
					registered.add(id)
					fresh.push({ id, source_url: sourceUrl, created_at: clock.now() })
				}
				return id
			})
			if (fresh.length > 0) write(fresh)
			return ids
		},
		/** The address of a photo this process's pages showed, known without the store. */
		addressOf(id: string): string | undefined {
			return urlsById.get(id)
		},
		/** Resolves once every photo registered so far is written. */
		async settled() {
			while (writes.size > 0) await Promise.all(writes)
		},
	}
}

/**
 * Encoding a width and format of a photo: its original fetched once (concurrent asks share the
 * fetch), at most `encoders` encodes at a time, and each result stored, or kept in memory where
 * the database refuses it.
 */
function createEncoding(deps: {
	db: Kysely<DatabaseSchema>
	clock: Clock
	fetchOptions: SafeFetchOptions
	unstored: ReturnType<typeof createUnstoredPhotos>
	encoders: number
}) {
	const { db, clock, unstored } = deps
	const originals = sharePerKey<string, Buffer>()
	const limit = createLimiter(deps.encoders)

	async function fetchOriginal(id: string, sourceUrl: string): Promise<Buffer> {
		const { body, contentType } = await safeFetch(sourceUrl, deps.fetchOptions, { headers: { accept: 'image/avif,image/webp,image/jpeg,image/*;q=0.8' } })
		if (!ORIGINAL_TYPES.test(contentType)) throw new PhotoError(`Not an image (${contentType || 'no content type'})`)
		const fetched = { original: body, original_type: contentType, fetched_at: clock.now(), failed_until: null, failure: null }
		// With its address too: a photo registered while the database could not be written is stored whole now.
		await db
			.insertInto('photos')
			.values({ id, source_url: sourceUrl, created_at: clock.now(), ...fetched })
			.onConflict((conflict) => conflict.column('id').doUpdateSet(fetched))
			.execute()
			.then(
				() => void unstored.rows.delete(id),
				(error: unknown) => unstored.keep(id, body, error),
			)
		return body
	}

	function original(id: string, row: Pick<PhotoRow, 'source_url' | 'original'>): Promise<Buffer> {
		const source = row.original ?? unstored.bytes.get(id)
		if (source) return Promise.resolve(source)
		return originals.share(id, () => fetchOriginal(id, row.source_url))
	}

	return async function encodeAndStore(id: string, row: Pick<PhotoRow, 'source_url' | 'original'>, width: PhotoWidth, format: PhotoFormat) {
		const source = await original(id, row)
		const bytes = await limit(() => encodePhoto(source, width, format))
		await db
			.insertInto('photo_variants')
			.values({ id, width, format, bytes, created_at: clock.now() })
			.onConflict((conflict) => conflict.columns(['id', 'width', 'format']).doNothing())
			.execute()
			.catch((error: unknown) => unstored.keep(`${id}/${width}/${format}`, bytes, error))
		return bytes
	}
}

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
	const unstored = createUnstoredPhotos()
	const registry = createPhotoRegistry(db, clock, unstored.rows)
	const fetchOptions = photoFetchOptions(deps.partnerBaseUrl, deps.fetchOptions)
	const encodeAndStore = createEncoding({ db, clock, fetchOptions, unstored, encoders: deps.encoders ?? 2 })
	const encodes = sharePerKey<string, Buffer>()

	/**
	 * The photo's row; for one whose row could not be written, or while the store cannot be read (a
	 * PostgreSQL outage), its address held in memory; `unreadable` when neither answers.
	 */
	async function photoRow(id: string): Promise<PhotoRow | 'unreadable' | undefined> {
		const inMemory = (address: string | undefined) =>
			address === undefined ? undefined : { source_url: address, original: null, failed_until: null, failure: null }
		try {
			const row = await db.selectFrom('photos').select(['source_url', 'original', 'failed_until', 'failure']).where('id', '=', id).executeTakeFirst()
			return row ?? inMemory(unstored.rows.get(id))
		} catch (error) {
			storeUnreadable(error)
			return inMemory(unstored.rows.get(id) ?? registry.addressOf(id)) ?? 'unreadable'
		}
	}

	/** A stored variant, or none while the store cannot be read: the photo is then made from the partner's. */
	async function storedVariant(id: string, width: PhotoWidth, format: PhotoFormat): Promise<Buffer | undefined> {
		try {
			const stored = await db
				.selectFrom('photo_variants')
				.select('bytes')
				.where('id', '=', id)
				.where('width', '=', width)
				.where('format', '=', format)
				.executeTakeFirst()
			return stored?.bytes
		} catch (error) {
			storeUnreadable(error)
			return undefined
		}
	}

	/** One log line a minute at most while the store cannot be read, however many photos are asked for. */
	let unreadableLoggedAt = -Infinity
	function storeUnreadable(error: unknown) {
		if (clock.now() - unreadableLoggedAt < 60_000) return
		unreadableLoggedAt = clock.now()
		log.warn({ ...writeFailure(error) }, 'Photos served without the database: it cannot be read')
	}

	/** A photo that failed is not fetched again before the pause ends: noted in its row, or in memory where the row cannot be written. */
	async function markFailed(id: string, reason: string, error: unknown) {
		const failure = { until: clock.now() + failurePause(error), reason }
		if (unstored.rows.has(id)) unstored.failures.set(id, failure)
		await db
			.updateTable('photos')
			.set({ failed_until: failure.until, failure: reason })
			.where('id', '=', id)
			.execute()
			.catch(() => void unstored.failures.set(id, failure))
	}

	return {
		register: registry.register,
		settled: registry.settled,
		/** One width and format of a registered photo, or why there is none. */
		async get(id: string, width: PhotoWidth, format: PhotoFormat): Promise<PhotoAnswer> {
			const kept = unstored.bytes.get(`${id}/${width}/${format}`)
			if (kept) return { kind: 'photo', bytes: kept, format }
			const stored = await storedVariant(id, width, format)
			if (stored) return { kind: 'photo', bytes: stored, format }
			const row = await photoRow(id)
			if (!row) return { kind: 'unknown' }
			// A photo another process registered, asked for while the store is out of reach: the
			// neutral square for now, kept briefly, so the photo shows once the store is back.
			if (row === 'unreadable') return { kind: 'placeholder', reason: 'the database cannot be read' }
			const paused = pauseReason(unstored.failures.get(id), row, clock.now())
			if (paused !== undefined) return { kind: 'placeholder', reason: paused }
			try {
				const bytes = await encodes.share(`${id}/${width}/${format}`, () => encodeAndStore(id, row, width, format))
				return { kind: 'photo', bytes, format }
			} catch (error) {
				const reason = errorMessage(error)
				log.warn({ err: error, photoId: id, url: row.source_url }, 'Photo unavailable')
				await markFailed(id, reason, error)
				return { kind: 'placeholder', reason }
			}
		},
	}
}

export type PhotoStore = ReturnType<typeof createPhotoStore>
