import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { markupOf } from '#test/support/html.ts'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer, startServerExpectingFailure, type RunningServer } from '#test/support/server.ts'

/** Mounts a tmpfs of `size` on a new folder, or says why this machine would not (mounting needs root). */
function mountSmallDisk(size: string): { dir: string } | { refused: string } {
	const dir = mkdtempSync(join(tmpdir(), 'azfull-'))
	try {
		execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' })
		return { dir }
	} catch (error) {
		rmSync(dir, { recursive: true, force: true })
		return { refused: String((error as { stderr?: Buffer }).stderr ?? error).trim() }
	}
}

/** Takes every free byte of the disk holding `dir`, as logs or a backup filling it would. */
function fillDisk(dir: string) {
	const { bavail, bsize } = statfsSync(dir)
	writeFileSync(join(dir, 'filler'), Buffer.alloc(bavail * bsize))
	expect(statfsSync(dir).bavail).toBe(0)
}

const photoIds = (body: string) => [...new Set([...body.matchAll(/src="\/photos\/([\w-]{22})\/320\.img"/g)].map((match) => match[1] ?? ''))]
const listingFetches = (hits: string[]) => hits.filter((hit) => hit.startsWith('/main.cfm')).length
const photoFetches = (hits: string[]) => hits.filter((hit) => /^\/(large|small)\//.test(hit)).length

test('a full disk (a small tmpfs) serving what was fetched: a new category shows the partner’s products and its photos, and the log says why they were not stored', async (context) => {
	const disk = mountSmallDisk('8m')
	if ('refused' in disk) return context.skip(`a tmpfs could not be mounted for the database folder (mounting needs root): ${disk.refused}`)
	let partner: PartnerStandIn | undefined
	let server: RunningServer | undefined
	try {
		partner = await startPartnerStandIn()
		server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_PATH: join(disk.dir, 'cache.sqlite'), RENDER_CACHE_MAX_MB: '0' })
		fillDisk(disk.dir)
		const started = performance.now()
		const page = await fetch(`${server.url}/categories/anniversary/`)
		const body = await page.text()
		const pageMs = performance.now() - started
		expect(page.status).toBe(200)
		expect(markupOf(body).includes('load products right now'), 'the fallback shown').toBe(false)
		expect(body.includes('Bright Bouquet /main.cfm'), 'the partner’s products shown').toBe(true)
		const ids = photoIds(body)
		expect(ids.length).toBeGreaterThan(3)

		// A photo never asked for: the partner's picture, resized, not the placeholder.
		const photo = await fetch(`${server.url}/photos/${ids[0]}/320.img`, { headers: { accept: 'image/jpeg' } })
		expect(photo.status).toBe(200)
		expect(photo.headers.get('content-type')).toBe('image/jpeg')
		expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).width).toBe(320)

		// Asked again, both come from memory: the partner is not asked twice for what it sent.
		const listings = listingFetches(partner.hits)
		const photos = photoFetches(partner.hits)
		expect((await (await fetch(`${server.url}/categories/anniversary/`)).text()).includes('Bright Bouquet /main.cfm')).toBe(true)
		const again = await fetch(`${server.url}/photos/${ids[0]}/320.img`, { headers: { accept: 'image/jpeg' } })
		expect(again.headers.get('content-type')).toBe('image/jpeg')
		expect(listingFetches(partner.hits)).toBe(listings)
		expect(photoFetches(partner.hits)).toBe(photos)

		// Readiness says the database cannot be written.
		expect((await fetch(`${server.url}/readyz`)).status).toBe(503)

		// The log says what was not stored, and why.
		const unstored = server.logLines().filter((line) => line.reason === 'SQLITE_FULL' && /not stored/.test(line.msg ?? ''))
		expect(unstored.some((line) => /Products/.test(line.msg ?? ''))).toBe(true)
		expect(unstored.some((line) => /Photo/.test(line.msg ?? ''))).toBe(true)
		console.info(`full disk: new category with products in ${Math.round(pageMs)} ms`)

		// Space freed: writes go through again, with no restart.
		rmSync(join(disk.dir, 'filler'))
		expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
	} finally {
		await server?.stop()
		await partner?.stop()
		execFileSync('umount', [disk.dir])
		rmSync(disk.dir, { recursive: true, force: true })
	}
}, 60_000)

test('starting on a full disk stops at once with one sentence that says the disk is full', async (context) => {
	const disk = mountSmallDisk('2m')
	if ('refused' in disk) return context.skip(`a tmpfs could not be mounted for the database folder (mounting needs root): ${disk.refused}`)
	try {
		fillDisk(disk.dir)
		for (const path of [join(disk.dir, 'cache.sqlite'), join(disk.dir, 'new', 'cache.sqlite')]) {
			const { code, output } = await startServerExpectingFailure({ DATABASE_PATH: path })
			expect(code, output).toBe(1)
			expect(output).toContain(`DATABASE_PATH ${path} cannot be written: the disk that holds it is full (0 kB free`)
			expect(output).not.toMatch(/permission|\n\s+at /i)
		}
	} finally {
		execFileSync('umount', [disk.dir])
		rmSync(disk.dir, { recursive: true, force: true })
	}
}, 30_000)
