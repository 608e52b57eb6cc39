import { execFile } from 'node:child_process'
import { temporaryFolder } from '#test/support/temporary.ts'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CLICK_ROWS_PER_DAY, CLICKS_PER_ADDRESS_PER_DAY } from '#app/domain/clicks.ts'
import { standInSettings, startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer } from '#test/support/server.ts'

const run = promisify(execFile)
const databasePath = () => join(temporaryFolder('azclicks-'), 'cache.sqlite')
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

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterAll(async () => {
	await partner.stop()
})

/** A server with a partner, and the product codes its birthday page shows (as a visitor's clicks would carry). */
async function siteWithProducts(env: Record<string, string> = {}) {
	const path = databasePath()
	const server = await startServer({ DATABASE_PATH: path, PARTNER_BASE_URL: partner.url, ...env })
	const html = await (await fetch(`${server.url}/categories/birthday-flowers/`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text()
	const codes = [...new Set([...html.matchAll(/dcode=([A-Za-z0-9_-]+)/g)].map((match) => match[1] ?? ''))]
	expect(codes.length).toBeGreaterThanOrEqual(2)
	return { path, server, codes: codes as [string, string, ...string[]] }
}

test('a beacon counts a click by page, city, category and product, keeps nothing else, and npm run report shows it', async () => {
	const { path, server, codes } = await siteWithProducts()
	const [first, second] = codes
	try {
		for (let index = 0; index < 3; index += 1) expect((await beacon(server.url, { page: '/cities/phoenix/', product: first })).status).toBe(204)
		expect((await beacon(server.url, { page: '/categories/birthday-flowers/', product: second })).status).toBe(204)
		expect((await beacon(server.url, { page: '/' })).status).toBe(204)
		// Crawlers and clients without a user agent are not counted.
		expect((await beacon(server.url, { page: '/cities/phoenix/', product: first }, 'Googlebot/2.1')).status).toBe(204)
		expect((await beacon(server.url, { page: '/cities/phoenix/', product: first }, '')).status).toBe(204)
		// Bad beacons are refused with a reason, and count nothing.
		for (const body of ['not json', { page: 'https://evil.example/' }, { page: '/cities/phoenix/', product: '<script>' }, { page: '/', ip: '1.2.3.4' }]) {
			const response = await beacon(server.url, body)
			expect(response.status, JSON.stringify(body)).toBe(400)
			expect(((await response.json()) as { error: string }).error).toBe('Invalid beacon')
		}
		expect((await fetch(`${server.url}/api/clicks`)).status).toBe(405)

		expect(rows(path)).toEqual([
			{ page: '/cities/phoenix/', city: 'phoenix', category: '', product: first, clicks: 3 },
			{ page: '/categories/birthday-flowers/', city: '', category: 'birthday-flowers', product: second, clicks: 1 },
			{ page: '/', city: '', category: '', product: '', clicks: 1 },
		])
		const columns = new Database(path, { readonly: true }).prepare<[], { name: string }>("SELECT name FROM pragma_table_info('click_days')").all()
		expect(columns.map((column) => column.name)).toEqual(['day', 'page', 'city', 'category', 'product', 'clicks', 'visitors', 'networks'])

		const out = join(temporaryFolder('azreport-'), 'report.html')
		const { stdout } = await run(process.execPath, ['scripts/operations/report.ts', '--out', out], {
			env: { ...process.env, DATABASE_PATH: path, DATABASE_URL: '' },
		})
		expect(stdout).toContain('clicks from')
		expect(stdout).toMatch(/: 5\n/)
		expect(stdout).toMatch(/Top cities\n\s+3  phoenix\n/)
		expect(stdout).toMatch(new RegExp(`Top products\\n\\s+3  ${first}\\n\\s+1  ${second}\\n`))
		const html = readFileSync(out, 'utf8')
		expect(html).toContain('<svg role="img" aria-label="Clicks per day"')
		expect(html).toContain('<td>birthday-flowers</td><td>1</td>')
	} finally {
		await server.stop()
	}
}, 60_000)

test('a partner link on every page of the sitemap, in English and Spanish, counts its click; the report splits the languages', async () => {
	const path = databasePath()
	const server = await startServer({ DATABASE_PATH: path, ...standInSettings(partner, { rest: true }), API_RATE_LIMIT_PER_MINUTE: '1000000' })
	try {
		const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
		const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname)
		expect(pages.filter((page) => page.startsWith('/es/')).length).toBeGreaterThan(80)
		const refused: string[] = []
		const clicked: { page: string; product: string }[] = []
		for (const [index, page] of pages.entries()) {
			const html = await (await fetch(`${server.url}${page}`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text()
			// A partner link as a visitor would click it: a product's where the page shows products, else the page's first.
			const links = [...html.matchAll(/<a [^>]*href="(http:\/\/127\.0\.0\.1:\d+\/[^"]*)"[^>]*rel="[^"]*sponsored/g)].map(
				(match) => new URL((match[1] ?? '').replaceAll('&amp;', '&')),
			)
			expect(links.length, `${page} has a partner link`).toBeGreaterThan(0)
			const product = (links.find((link) => link.searchParams.has('dcode')) ?? links[0])?.searchParams.get('dcode') ?? undefined
			const response = await fetch(`${server.url}/api/clicks`, {
				method: 'POST',
				// Each page's click comes from a visitor of its own, so no address's share of the day is the limit.
				headers: {
					'content-type': 'text/plain;charset=UTF-8',
					'user-agent': 'Mozilla/5.0 Chrome/130.0',
					'x-forwarded-for': `198.51.${index % 250}.${1 + Math.floor(index / 250)}`,
				},
				body: JSON.stringify({ page, product }),
			})
			if (response.status !== 204) refused.push(`${page}: ${response.status} ${await response.text()}`)
			clicked.push({ page, product: product ?? '' })
		}
		expect(refused).toEqual([])
		const counted = rows(path)
		expect(counted.map((row) => row.page).sort()).toEqual(clicked.map((click) => click.page).sort())
		// A Spanish page counts for the same town and occasion as its English twin.
		expect(counted.find((row) => row.page === '/es/ciudades/nogales/')).toMatchObject({ city: 'nogales', category: '' })
		expect(counted.find((row) => row.page === '/es/ocasiones/flores-de-cumpleanos/')).toMatchObject({ city: '', category: 'birthday-flowers' })
		const spanish = pages.filter((page) => page.startsWith('/es/')).length
		const { stdout } = await run(process.execPath, ['scripts/operations/report.ts', '--out', join(temporaryFolder('azreport-'), 'report.html')], {
			env: { ...process.env, DATABASE_PATH: path, DATABASE_URL: '' },
		})
		expect(stdout).toMatch(new RegExp(`By language\\n\\s+${pages.length - spanish}  English\\n\\s+${spanish}  Spanish\\n`))
	} finally {
		await server.stop()
	}
}, 180_000)

test('1,000 forged beacons from one client are rate-limited; none crash the server', async () => {
	const path = databasePath()
	const server = await startServer({ DATABASE_PATH: path })
	try {
		const statuses = await Promise.all(
			Array.from({ length: 1_000 }, (_, index) => beacon(server.url, { page: '/', product: `FORGED${index}` }).then((response) => response.status)),
		)
		expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(940)
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
		expect(rows(path)).toEqual([])
	} finally {
		await server.stop()
	}
}, 60_000)

test('2,100 forged beacons from many addresses count nothing and crowd out nothing: a real click still counts, and the report names no forged page', async () => {
	const { path, server, codes } = await siteWithProducts({ API_RATE_LIMIT_PER_MINUTE: '1000000' })
	try {
		const forged = (index: number) =>
			fetch(`${server.url}/api/clicks`, {
				method: 'POST',
				headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0', 'x-forwarded-for': `10.9.${index >> 8}.${index & 255}` },
				body: JSON.stringify(index % 2 ? { page: `/cities/forged-${index}/` } : { page: '/', product: `FORGED${index}` }),
			}).then((response) => response.status)
		for (let batch = 0; batch < 7; batch += 1) {
			const statuses = await Promise.all(Array.from({ length: 300 }, (_, offset) => forged(batch * 300 + offset)))
			expect(statuses.every((status) => status === 400)).toBe(true)
		}
		expect(rows(path)).toEqual([])
		expect((await beacon(server.url, { page: '/cities/tucson/', product: codes[0] })).status).toBe(204)
		expect(rows(path)).toEqual([{ page: '/cities/tucson/', city: 'tucson', category: '', product: codes[0], clicks: 1 }])
		const { stdout } = await run(process.execPath, ['scripts/operations/report.ts', '--out', join(temporaryFolder('azreport-'), 'r.html')], {
			env: { ...process.env, DATABASE_PATH: path, DATABASE_URL: '' },
		})
		expect(stdout).not.toContain('forged')
	} finally {
		await server.stop()
	}
}, 120_000)

test('one address counts at most its share of a day; other addresses still count, and a day holds a bounded number of counts', async () => {
	const { path, server, codes } = await siteWithProducts({ API_RATE_LIMIT_PER_MINUTE: '1000000' })
	try {
		const from = (address: string, product: string) =>
			fetch(`${server.url}/api/clicks`, {
				method: 'POST',
				headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0', 'x-forwarded-for': address },
				body: JSON.stringify({ page: '/cities/mesa/', product }),
			}).then((response) => response.status)
		const statuses = await Promise.all(Array.from({ length: 100 }, (_, index) => from('10.1.1.1', codes[index % codes.length] ?? '')))
		expect(statuses.filter((status) => status === 204)).toHaveLength(CLICKS_PER_ADDRESS_PER_DAY)
		expect(statuses.filter((status) => status === 429)).toHaveLength(100 - CLICKS_PER_ADDRESS_PER_DAY)
		expect(await from('10.2.2.2', codes[0])).toBe(204)
		const total = rows(path).reduce((sum, row) => sum + row.clicks, 0)
		expect(total).toBe(CLICKS_PER_ADDRESS_PER_DAY + 1)
		expect(rows(path).length).toBeLessThanOrEqual(CLICK_ROWS_PER_DAY)
	} finally {
		await server.stop()
	}
}, 120_000)

/** The product codes a city page links to, in page order (its first slider first), as a crawler gets the page once its products are in hand. */
async function cityCodes(url: string, slug: string) {
	const page = async () => (await fetch(`${url}/cities/${slug}/`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text()
	await page()
	const html = await page()
	return { html, codes: [...html.matchAll(/dcode=([A-Za-z0-9_-]+)/g)].map((match) => match[1] ?? '') }
}

test('popular means many people: five addresses clicking 40 times each cannot reorder a town’s slider; twelve people from twelve networks do', async () => {
	const { path, server } = await siteWithProducts({ API_RATE_LIMIT_PER_MINUTE: '1000000' })
	let second: Awaited<ReturnType<typeof startServer>> | undefined
	try {
		const before = await cityCodes(server.url, 'phoenix')
		const target = before.codes.at(-1) ?? ''
		expect(target).not.toBe(before.codes[0])
		const click = (address: string, page: string, product: string) =>
			fetch(`${server.url}/api/clicks`, {
				method: 'POST',
				headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0', 'x-forwarded-for': address },
				body: JSON.stringify({ page, product }),
			}).then((response) => response.status)
		// The forger: five addresses of one network, each clicking as often as it is let (40 a day).
		const forged = []
		for (let address = 1; address <= 5; address += 1)
			forged.push(...(await Promise.all(Array.from({ length: CLICKS_PER_ADDRESS_PER_DAY }, () => click(`203.0.113.${address}`, '/cities/phoenix/', target)))))
		expect(forged.filter((status) => status === 204)).toHaveLength(5 * CLICKS_PER_ADDRESS_PER_DAY)
		// People: twelve visitors from twelve networks choose the same product on Tempe's page, once each.
		for (let person = 1; person <= 12; person += 1) expect(await click(`198.51.${person}.7`, '/cities/tempe/', target)).toBe(204)
		// The raw figures stay for the report: every click, and the visitors and networks behind them.
		const db = new Database(path, { readonly: true })
		const counted = db
			.prepare<[string], { city: string; clicks: number; visitors: number; networks: number }>(
				'SELECT city, clicks, visitors, networks FROM click_days WHERE product != ? ORDER BY city',
			)
			.all('')
		db.close()
		expect(counted).toEqual([
			{ city: 'phoenix', clicks: 200, visitors: 5, networks: 1 },
			{ city: 'tempe', clicks: 12, visitors: 12, networks: 12 },
		])
		// A new process reads popularity afresh (a process reads a city's at most every 10 minutes).
		second = await startServer({ DATABASE_PATH: path, PARTNER_BASE_URL: partner.url })
		const phoenix = await cityCodes(second.url, 'phoenix')
		expect(phoenix.codes).toEqual(before.codes)
		expect(phoenix.html).not.toContain('Popular in Phoenix')
		const tempe = await cityCodes(second.url, 'tempe')
		expect(tempe.html).toContain('Popular in Tempe')
		expect(tempe.codes[0]).toBe(target)
		const report = await run(process.execPath, ['scripts/operations/report.ts', '--out', join(temporaryFolder('azreport-'), 'report.html')], {
			env: { ...process.env, DATABASE_PATH: path, DATABASE_URL: '' },
		})
		expect(report.stdout).toMatch(/Top cities\n\s+200  phoenix\n\s+12  tempe\n/)
	} finally {
		await Promise.all([server.stop(), second?.stop()])
	}
}, 120_000)

test('popular unmoved by 5 networks twice: five people from five networks, clicking before and after a restart, put nothing first on Tempe’s page and keep no address', async () => {
	const folder = temporaryFolder('azclicks-')
	const path = join(folder, 'cache.sqlite')
	const env = { DATABASE_PATH: path, PARTNER_BASE_URL: partner.url, API_RATE_LIMIT_PER_MINUTE: '1000000' }
	const servers: Awaited<ReturnType<typeof startServer>>[] = []
	const start = async () => {
		const server = await startServer(env)
		servers.push(server)
		return server
	}
	const addresses = [1, 2, 3, 4, 5].map((network) => `203.0.${network}.9`)
	const clickAll = (url: string, product: string) =>
		Promise.all(
			addresses.map((address) =>
				fetch(`${url}/api/clicks`, {
					method: 'POST',
					headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0', 'x-forwarded-for': address },
					body: JSON.stringify({ page: '/cities/tempe/', product }),
				}).then((response) => response.status),
			),
		)
	try {
		const first = await start()
		const before = await cityCodes(first.url, 'tempe')
		const target = before.codes.at(-1) ?? ''
		expect(target).not.toBe(before.codes[0])
		expect(await clickAll(first.url, target)).toEqual([204, 204, 204, 204, 204])
		await first.stop()
		// The same five, after a restart on the same file: a new process, which remembers nothing of the first.
		const second = await start()
		expect(await clickAll(second.url, target)).toEqual([204, 204, 204, 204, 204])
		const tempe = await cityCodes(second.url, 'tempe')
		expect(tempe.codes).toEqual(before.codes)
		expect(tempe.html).not.toContain('Popular in Tempe')
		await second.stop()
		// The store holds no address and no network, only their salted hashes.
		const stored = [path, `${path}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file, 'latin1'))
		for (const address of addresses) {
			expect(stored.some((text) => text.includes(address))).toBe(false)
			expect(stored.some((text) => text.includes(address.replace(/\.9$/, '.0')))).toBe(false)
		}
	} finally {
		await Promise.all(servers.map((server) => server.stop()))
		rmSync(folder, { recursive: true, force: true })
	}
}, 120_000)
