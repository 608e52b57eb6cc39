import { randomBytes } from 'node:crypto'
import { temporaryFolder } from '#test/support/temporary.ts'
import { existsSync, openSync, readdirSync, rmSync, statSync, writeSync, closeSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { startPartnerStandIn, standInSettings } from '#mock-servers/partner.ts'
import { startServer } from '#test/support/server.ts'

/**
 * A damaged cache file (pages of it overwritten, as a failing disk or a copy taken mid-write
 * leaves it) is found at start-up, moved aside with an error in the log, and the site goes on
 * with a new file, asking the partner again: never a site that silently shows no products.
 */
test('a cache file with pages 5-20 overwritten is moved aside at start, said at error level, and the partner is asked again', async () => {
	const folder = temporaryFolder('azdamaged-')
	const path = join(folder, 'cache.sqlite')
	const partner = await startPartnerStandIn()
	try {
		const settings = { ...standInSettings(partner, { rest: true }), DATABASE_PATH: path }
		const first = await startServer(settings, { quiet: true })
		try {
			for (const slug of ['birthday-flowers', 'anniversary', 'get-well-soon', 'new-baby', 'sympathy-funeral']) {
				const html = await (await fetch(`${first.url}/categories/${slug}/`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text()
				expect(html, slug).toContain('data-product-card')
			}
		} finally {
			await first.stop()
		}
		// Pages 5 to 20 of the file (4,096 bytes each) overwritten with random bytes.
		expect(statSync(path).size).toBeGreaterThan(21 * 4096)
		const file = openSync(path, 'r+')
		writeSync(file, randomBytes(16 * 4096), 0, 16 * 4096, 4 * 4096)
		closeSync(file)

		const asked = partner.restCalls.length
		const second = await startServer(settings)
		try {
			const damaged = second.logLines().find((line) => line.level === 'error' && /database file is damaged/.test(String(line.msg)))
			expect(damaged).toMatchObject({ path })
			const movedTo = String(damaged?.movedTo)
			expect(movedTo.startsWith(`${path}.damaged-`)).toBe(true)
			expect(existsSync(movedTo)).toBe(true)
			expect((await fetch(`${second.url}/readyz`)).status).toBe(200)
			const html = await (await fetch(`${second.url}/categories/birthday-flowers/`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text()
			expect(html).toContain('data-product-card')
			expect(partner.restCalls.length).toBeGreaterThan(asked)
			expect(readdirSync(folder).filter((name) => name.startsWith('cache.sqlite.damaged-')).length).toBeGreaterThanOrEqual(1)
		} finally {
			await second.stop()
		}
	} finally {
		await partner.stop()
		rmSync(folder, { recursive: true, force: true })
	}
}, 120_000)
