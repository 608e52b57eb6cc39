import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { expect, test } from 'vitest'
import { CLICK_ROWS_PER_DAY } from '~/domain/clicks.ts'
import { startServer } from '../support/server.ts'

const run = promisify(execFile)
const databasePath = () => join(mkdtempSync(join(tmpdir(), 'azclicks-')), 'cache.sqlite')
const beacon = (url: string, body: unknown, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0') =>
	fetch(`${url}/api/clicks`, {
		method: 'POST',
		headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent },
		body: typeof body === 'string' ? body : JSON.stringify(body),
	})

function rows(path: string) {
	const db = new Database(path, { readonly: true })
	try {
		return db
			.prepare<[], { page: string; city: string; category: string; product: string; clicks: number }>(
				'SELECT page, city, category, product, clicks FROM click_days ORDER BY clicks DESC',
			)
			.all()
	} finally {
		db.close()
	}
}

test('a beacon counts a click by page, city, category and product, keeps nothing else, and npm run report shows it', async () => {
	const path = databasePath()
	const server = await startServer({ DATABASE_PATH: path })
	try {
		for (let index = 0; index < 3; index += 1) expect((await beacon(server.url, { page: '/cities/phoenix/', product: 'BD01' })).status).toBe(204)
		expect((await beacon(server.url, { page: '/categories/birthday-flowers/', product: 'BD02' })).status).toBe(204)
		expect((await beacon(server.url, { page: '/' })).status).toBe(204)
		// Crawlers are not counted.
		expect((await beacon(server.url, { page: '/cities/phoenix/', product: 'BD01' }, 'Googlebot/2.1')).status).toBe(204)
		// Bad beacons are refused with a reason, and count nothing.
		for (const body of ['not json', { page: 'https://evil.example/' }, { page: '/cities/phoenix/', product: '<script>' }, { page: '/', ip: '1.2.3.4' }]) {
			const response = await beacon(server.url, body)
			expect(response.status, JSON.stringify(body)).toBe(400)
			expect(((await response.json()) as { error: string }).error).toBe('Invalid beacon')
		}
		expect((await fetch(`${server.url}/api/clicks`)).status).toBe(405)

		expect(rows(path)).toEqual([
			{ page: '/cities/phoenix/', city: 'phoenix', category: '', product: 'BD01', clicks: 3 },
			{ page: '/categories/birthday-flowers/', city: '', category: 'birthday-flowers', product: 'BD02', clicks: 1 },
			{ page: '/', city: '', category: '', product: '', clicks: 1 },
		])
		const columns = new Database(path, { readonly: true }).prepare<[], { name: string }>("SELECT name FROM pragma_table_info('click_days')").all()
		expect(columns.map((column) => column.name)).toEqual(['day', 'page', 'city', 'category', 'product', 'clicks'])

		const out = join(mkdtempSync(join(tmpdir(), 'azreport-')), 'report.html')
		const { stdout } = await run(process.execPath, ['scripts/report.ts', '--out', out], { env: { ...process.env, DATABASE_PATH: path, DATABASE_URL: '' } })
		expect(stdout).toContain('clicks from')
		expect(stdout).toMatch(/: 5\n/)
		expect(stdout).toMatch(/Top cities\n\s+3  phoenix\n/)
		expect(stdout).toMatch(/Top products\n\s+3  BD01\n\s+1  BD02\n/)
		const html = readFileSync(out, 'utf8')
		expect(html).toContain('<svg role="img" aria-label="Clicks per day"')
		expect(html).toContain('<td>birthday-flowers</td><td>1</td>')
	} finally {
		await server.stop()
	}
}, 60_000)

test('1,000 forged beacons from one client are rate-limited; none crash the server', async () => {
	const path = databasePath()
	const server = await startServer({ DATABASE_PATH: path })
	try {
		const statuses = await Promise.all(
			Array.from({ length: 1_000 }, (_, index) => beacon(server.url, { page: '/', product: `FORGED${index}` }).then((response) => response.status)),
		)
		expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(60)
		expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(940)
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
		expect(rows(path).length).toBeLessThanOrEqual(60)
	} finally {
		await server.stop()
	}
}, 60_000)

test('past the rate limit, a day holds a bounded number of counts however many products are forged', async () => {
	const path = databasePath()
	const server = await startServer({ DATABASE_PATH: path, API_RATE_LIMIT_PER_MINUTE: '1000000' })
	try {
		for (let batch = 0; batch < 5; batch += 1) {
			await Promise.all(Array.from({ length: 500 }, (_, index) => beacon(server.url, { page: '/', product: `F${batch}x${index}` })))
		}
		expect(rows(path).length).toBe(CLICK_ROWS_PER_DAY)
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
	} finally {
		await server.stop()
	}
}, 120_000)
