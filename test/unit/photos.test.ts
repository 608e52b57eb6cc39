import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { openDatabase } from '#app/server/store/db.server.ts'
import { chooseFormat } from '#app/domain/photo-urls.ts'
import { createPhotoStore, failurePause, pauseReason, photoIdFor } from '#app/server/partner/photo-store.server.ts'
import { UpstreamError } from '#app/server/partner/fetch-page.server.ts'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { log } from '#app/server/log.server.ts'

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner.stop()
})

async function store() {
	return createPhotoStore({ db: (await openDatabase(':memory:')).db, partnerBaseUrl: partner.url })
}
const hitsOf = (path: string) => partner.hits.filter((hit) => hit === path).length

describe('partner photos on our origin', () => {
	test('each width and format is a real picture of that width, encoded from one fetch of the original', async () => {
		const photos = await store()
		const [id] = photos.register([`${partner.url}/large/FMT01_d1.jpg`])
		await photos.settled()
		for (const [format, width] of [
			['avif', 320],
			['webp', 480],
			['jpeg', 160],
		] as const) {
			const answer = await photos.get(id ?? '', width, format)
			expect(answer.kind).toBe('photo')
			if (answer.kind !== 'photo') continue
			const meta = await sharp(answer.bytes).metadata()
			expect(meta.width).toBe(width)
			expect(meta.format).toBe(format === 'avif' ? 'heif' : format)
			expect(answer.bytes.length).toBeLessThan(30_000)
		}
		expect(hitsOf('/large/FMT01_d1.jpg')).toBe(1)
	})

	test('a second request is served from the database without a partner fetch, even from a new process', async () => {
		const db = (await openDatabase(':memory:')).db
		const first = createPhotoStore({ db, partnerBaseUrl: partner.url })
		const [id = ''] = first.register([`${partner.url}/large/AGAIN01_d1.jpg`])
		await first.settled()
		const original = await first.get(id, 320, 'webp')
		const second = createPhotoStore({ db, partnerBaseUrl: partner.url })
		const again = await second.get(id, 320, 'webp')
		expect(again).toEqual(original)
		// Another width needs an encode, but not another fetch: the original is kept.
		expect((await second.get(id, 640, 'avif')).kind).toBe('photo')
		expect(hitsOf('/large/AGAIN01_d1.jpg')).toBe(1)
	})

	test('many concurrent first requests for one photo share one fetch and one encode', async () => {
		const photos = await store()
		const [id = ''] = photos.register([`${partner.url}/large/BURST01_d1.jpg`])
		await photos.settled()
		const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => photos.get(id, n % 2 ? 320 : 480, 'avif')))
		expect(answers.every((answer) => answer.kind === 'photo')).toBe(true)
		expect(hitsOf('/large/BURST01_d1.jpg')).toBe(1)
		const distinct = new Set(answers.map((answer) => (answer.kind === 'photo' ? answer.bytes.toString('base64') : '')))
		expect(distinct.size).toBe(2)
	})

	test('bad photos answer the placeholder, nothing crashes, and a failed one is not asked for again at once', async () => {
		const photos = await store()
		const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined)
		const cases = {
			offList: 'https://images.example.net/flowers/x.jpg',
			notImage: `${partner.url}/photo-faults/not-an-image.jpg`,
			huge: `${partner.url}/photo-faults/50-megapixels.png`,
			oversized: `${partner.url}/photo-faults/oversized.jpg`,
			redirected: `${partner.url}/photo-faults/redirect-away.jpg`,
		}
		const ids = Object.fromEntries(Object.entries(cases).map(([name, url]) => [name, photos.register([url])[0] ?? '']))
		await photos.settled()
		const reasons: Record<string, string> = {}
		for (const [name, id] of Object.entries(ids)) {
			const answer = await photos.get(id, 320, 'webp')
			expect(answer.kind, name).toBe('placeholder')
			reasons[name] = answer.kind === 'placeholder' ? answer.reason : ''
		}
		expect(reasons.offList).toMatch(/not an allowed host/)
		expect(reasons.notImage).toMatch(/Not an image \(text\/html/)
		expect(reasons.huge).toMatch(/Picture too large \(7072 × 7072\)|pixel limit/)
		expect(reasons.oversized).toMatch(/too large/)
		expect(reasons.redirected).toMatch(/not an allowed host/)
		const before = hitsOf('/photo-faults/not-an-image.jpg')
		expect((await photos.get(ids.notImage ?? '', 480, 'avif')).kind).toBe('placeholder')
		expect(hitsOf('/photo-faults/not-an-image.jpg')).toBe(before)
		warn.mockRestore()
	}, 30_000)

	test('another writer holding the database: photos pages show are still served, fetched once, and the log says why they were not stored', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'photos-held-'))
		const database = await openDatabase(join(dir, 'cache.sqlite'))
		const holder = new Database(join(dir, 'cache.sqlite'))
		try {
			const photos = createPhotoStore({ db: database.db, partnerBaseUrl: partner.url })
			const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined)
			holder.exec('BEGIN EXCLUSIVE')
			const [id = '', bad = ''] = photos.register([`${partner.url}/large/HELD01_d1.jpg`, `${partner.url}/photo-faults/not-an-image.jpg`])
			await photos.settled()
			for (const [width, format] of [
				[320, 'webp'],
				[480, 'jpeg'],
				[320, 'webp'],
			] as const) {
				const answer = await photos.get(id, width, format)
				expect(answer.kind).toBe('photo')
				if (answer.kind === 'photo') expect((await sharp(answer.bytes).metadata()).width).toBe(width)
			}
			expect(hitsOf('/large/HELD01_d1.jpg')).toBe(1)
			expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reason: 'SQLITE_BUSY' }), expect.stringContaining('not stored'))
			// A failure is remembered too: the partner is not asked again at once.
			expect((await photos.get(bad, 320, 'webp')).kind).toBe('placeholder')
			const faults = hitsOf('/photo-faults/not-an-image.jpg')
			expect((await photos.get(bad, 480, 'webp')).kind).toBe('placeholder')
			expect(hitsOf('/photo-faults/not-an-image.jpg')).toBe(faults)
			// Once the other writer lets go, what is encoded next is stored, from the original in memory.
			holder.exec('COMMIT')
			photos.register([`${partner.url}/large/HELD01_d1.jpg`])
			await photos.settled()
			expect((await photos.get(id, 640, 'avif')).kind).toBe('photo')
			expect(hitsOf('/large/HELD01_d1.jpg')).toBe(1)
			expect((await createPhotoStore({ db: database.db, partnerBaseUrl: partner.url }).get(id, 640, 'avif')).kind).toBe('photo')
		} finally {
			holder.close()
			await database.close()
			rmSync(dir, { recursive: true, force: true })
		}
	})

	test('only registered photos exist: any other id is unknown', async () => {
		expect((await (await store()).get(photoIdFor('https://www.floristone.com/never-shown.jpg'), 320, 'jpeg')).kind).toBe('unknown')
	})

	test('the format follows the Accept header', () => {
		expect(chooseFormat('image/avif,image/webp,image/apng,*/*;q=0.8')).toBe('avif')
		expect(chooseFormat('image/webp,*/*')).toBe('webp')
		expect(chooseFormat('*/*')).toBe('jpeg')
		expect(chooseFormat(undefined)).toBe('jpeg')
		// A type refused with q=0 is never sent; refusing all three leaves none.
		expect(chooseFormat('image/avif;q=0,image/webp,*/*;q=0.8')).toBe('webp')
		expect(chooseFormat('image/avif;q=0,image/webp;q=0,image/*')).toBe('jpeg')
		expect(chooseFormat('image/avif;q=0, image/webp;q=0, image/jpeg;q=0, */*;q=0.8')).toBeUndefined()
		expect(chooseFormat('image/*;q=0')).toBeUndefined()
		expect(chooseFormat('text/html')).toBeUndefined()
	})
})

describe('why a photo that failed is not fetched again yet', () => {
	const NOW = 1_000_000
	const clean = { failed_until: null, failure: null }
	test.each([
		['never failed', undefined, clean, undefined],
		['its row records a failure, still paused', undefined, { failed_until: NOW + 1, failure: 'Not an image (text/html)' }, 'Not an image (text/html)'],
		['its row records a failure without a reason', undefined, { failed_until: NOW + 1, failure: null }, 'failed'],
		['its row records a pause that is over', undefined, { failed_until: NOW, failure: 'Not a picture' }, undefined],
		['a failure remembered in memory (its row could not be written)', { until: NOW + 1, reason: 'Picture too large' }, clean, 'Picture too large'],
		['memory first, then the row', { until: NOW + 1, reason: 'Picture too large' }, { failed_until: NOW + 1, failure: 'Not a picture' }, 'Picture too large'],
		[
			"memory's pause over, the row's still running",
			{ until: NOW - 1, reason: 'Picture too large' },
			{ failed_until: NOW + 1, failure: 'Not a picture' },
			'Not a picture',
		],
	] as const)('%s', (_name, remembered, row, expected) => {
		expect(pauseReason(remembered, row, NOW)).toBe(expected)
	})
})

describe('how long a photo that failed waits', () => {
	test.each([
		[
			'the partner timed out or dropped the connection',
			new UpstreamError('Failed to crawl website: timed out', { code: 'unreachable', retryable: true }),
			30_000,
		],
		['the partner answered 503', new UpstreamError('Upstream answered 503', { status: 503, retryable: true }), 30_000],
		['the partner asked to wait (429)', new UpstreamError('Rate limit', { status: 429, retryable: false }), 30_000],
		['the partner has no such photo (404)', new UpstreamError('Upstream answered 404', { status: 404, retryable: false }), 600_000],
		['what came back is no picture', new Error('Not an image (text/html)'), 600_000],
	] as const)('%s', (_name, error, pause) => {
		expect(failurePause(error)).toBe(pause)
	})
})
