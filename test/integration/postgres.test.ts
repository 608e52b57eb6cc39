import pg from 'pg'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { categoryPagePath } from '#test/support/partner-paths.ts'
import { startPartnerProcess } from '#mock-servers/partner-process.ts'
import { startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startPostgres, type PostgresServer } from '#scripts/lib/postgres.ts'
import { startProxy } from '#scripts/lib/proxy.ts'
import { startServer, startServers, type RunningServer } from '#test/support/server.ts'
import { waitUntil } from '#scripts/lib/wait.ts'
import { storeMigrations } from '#migrations/index.ts'

/**
 * Several instances of the built server on one PostgreSQL server, as an
 * operator past one machine runs them: a throw-away server from Debian's
 * package, never a mock.
 */

let partner: PartnerStandIn
let postgres: PostgresServer
beforeAll(async () => {
	;[partner, postgres] = await Promise.all([startPartnerStandIn(), startPostgres()])
}, 60_000)
afterAll(async () => {
	await partner?.stop()
	await postgres?.destroy()
})
beforeEach(() => partner.setMode('ok'))

async function query<Row>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return (await client.query(text, values)).rows as Row[]
	} finally {
		await client.end()
	}
}

async function stopAll(servers: RunningServer[]) {
	await Promise.all(servers.map((server) => server.stop()))
}

test('ten instances started at once on an empty database: all come up, one migration history', async () => {
	const url = await postgres.createDatabase()
	const servers = await startServers(Array.from({ length: 10 }, () => ({ PARTNER_BASE_URL: partner.url, DATABASE_URL: url })))
	try {
		for (const server of servers) expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
		const history = await query<{ name: string }>(url, 'SELECT name FROM kysely_migration ORDER BY name')
		// The same history as SQLite's: every migration once, by the same names.
		expect(history.map((row) => row.name)).toEqual(Object.keys(storeMigrations('postgres')))
		expect(Object.keys(storeMigrations('postgres'))).toEqual(Object.keys(storeMigrations('sqlite')))
		// Exactly one instance applied them; the others found the history complete.
		const announced = servers.filter((server) => server.logs().includes('Applied migrations'))
		expect(announced).toHaveLength(1)
	} finally {
		await stopAll(servers)
	}
}, 120_000)

test('two instances, 500 concurrent cold requests split between them, a partner taking 3 s: 1 partner fetch, 500 answers with products', async () => {
	// The partner answers from a process of its own, so the 500 requests sent from here cannot slow it down.
	const remote = await startPartnerProcess()
	let servers: RunningServer[] = []
	try {
		const url = await postgres.createDatabase()
		const settings = { PARTNER_BASE_URL: remote.url, DATABASE_URL: url, API_RATE_LIMIT_PER_MINUTE: '100000' }
		servers = await startServers([settings, settings])
		await remote.setMode('slow', { slowMs: 3_000 })
		const path = categoryPagePath('birthday-flowers')
		const answers = await Promise.all(
			Array.from({ length: 500 }, (_, index) =>
				fetch(`${servers[index % 2]?.url}/categories/birthday-flowers/`, { headers: { 'user-agent': 'Googlebot/2.1' } }).then(async (response) => {
					const body = await response.text()
					return response.status === 200 && body.includes(`Bright Bouquet ${path}`)
				}),
			),
		)
		expect((await remote.hits()).filter((hit) => hit === path)).toHaveLength(1)
		expect(answers.filter(Boolean)).toHaveLength(500)
		// The log is shared: both instances wrote to it.
		const logged = await query<{ count: number }>(url, 'SELECT count(*)::int AS count FROM cache_log WHERE url = $1', [`${remote.url}${path}`])
		expect(logged[0]?.count).toBeGreaterThan(1)
	} finally {
		await stopAll(servers)
		await remote.stop()
	}
}, 120_000)

test('the instance holding a crawl lock is killed: the next request after the lease succeeds on another', async () => {
	const url = await postgres.createDatabase()
	const limits = { PARTNER_BASE_URL: partner.url, DATABASE_URL: url, CRAWL_DEADLINE_SECONDS: '2', CACHE_LOCK_LEASE_SECONDS: '3' }
	const [doomed, survivor] = await startServers([limits, limits])
	try {
		partner.setMode('hang')
		void fetch(`${doomed.url}/api/products?category=graduation`).catch(() => undefined)
		const lockHolder = async () =>
			(
				await query<{ refresh_lock_id: string | null }>(url, 'SELECT refresh_lock_id FROM page_cache WHERE url = $1', [
					`${partner.url}${categoryPagePath('graduation')}`,
				])
			)[0]
		await expect.poll(async () => (await lockHolder())?.refresh_lock_id, { timeout: 5_000 }).toBeTruthy()
		await doomed.kill()
		partner.setMode('ok')
		// The dead holder's lease runs out (CACHE_LOCK_LEASE_SECONDS after it took the lock).
		const leaseEnd = async () =>
			(
				await query<{ until: number | null }>(url, 'SELECT refresh_lock_until AS until FROM page_cache WHERE url = $1', [
					`${partner.url}${categoryPagePath('graduation')}`,
				])
			)[0]?.until ?? 0
		const end = await leaseEnd()
		await waitUntil(() => Date.now() > end, { timeoutMs: 10_000, what: 'the dead holder’s lease to run out' })
		const response = await fetch(`${survivor.url}/api/products?category=graduation`)
		expect(response.status).toBe(200)
		expect(((await response.json()) as { products: unknown[] }).products.length).toBeGreaterThan(0)
		expect((await lockHolder())?.refresh_lock_id ?? null).toBeNull()
	} finally {
		// The doomed instance too, in case the test failed before it was killed.
		await stopAll([doomed, survivor])
	}
}, 60_000)

test('PostgreSQL stopped for 10 s during a load run: every page still 200, readiness 503 meanwhile and 200 after, no exit', async () => {
	const url = await postgres.createDatabase()
	// No whole-response cache: every answer is rendered, so it is the page cache that must hold.
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_URL: url, RENDER_CACHE_MAX_MB: '0', API_RATE_LIMIT_PER_MINUTE: '100000' })
	const paths = ['/categories/birthday-flowers/', '/categories/anniversary/', '/', '/cities/phoenix/', '/about/']
	try {
		for (const path of paths) expect((await fetch(`${server.url}${path}`, { headers: { 'user-agent': 'Googlebot/2.1' } })).status).toBe(200)
		await postgres.stop()
		const outageEnds = Date.now() + 10_000
		const statuses: number[] = []
		let productsShown = 0
		const readiness: number[] = []
		while (Date.now() < outageEnds) {
			const round = await Promise.all(
				paths.map(async (path) => {
					const response = await fetch(`${server.url}${path}`, { headers: { 'user-agent': 'Googlebot/2.1' } })
					const body = await response.text()
					if (path.startsWith('/categories/birthday') && body.includes(`Bright Bouquet ${categoryPagePath('birthday-flowers')}`)) productsShown += 1
					return response.status
				}),
			)
			statuses.push(...round)
			readiness.push((await fetch(`${server.url}/readyz`)).status)
		}
		expect(statuses.length).toBeGreaterThan(50)
		expect(statuses.every((status) => status === 200)).toBe(true)
		expect(productsShown).toBe(statuses.length / paths.length)
		expect(readiness.every((status) => status === 503)).toBe(true)

		await postgres.start()
		await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 15_000, interval: 500 }).toBe(200)
		expect((await fetch(`${server.url}/categories/birthday-flowers/`)).status).toBe(200)
		// Written before the outage, still there after it.
		const rows = await query<{ count: number }>(url, 'SELECT count(*)::int AS count FROM page_cache WHERE fetched_at > 0')
		expect(rows[0]?.count).toBeGreaterThan(0)
		expect(server.exited()).toBe(false)
	} finally {
		await postgres.start().catch(() => undefined)
		await server.stop()
	}
}, 90_000)

test('PostgreSQL restarted under load: pages, new photos and click beacons all answered, no 5xx, JSON log lines only, and every accepted click stored', async () => {
	const url = await postgres.createDatabase()
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_URL: url, RENDER_CACHE_MAX_MB: '0', API_RATE_LIMIT_PER_MINUTE: '1000000' })
	const crawler = { 'user-agent': 'Googlebot/2.1' }
	try {
		// The pages show their products and photos; no photo has been asked for yet.
		const pages = ['/categories/birthday-flowers/', '/cities/phoenix/', '/es/ciudades/nogales/']
		const bodies = await Promise.all(pages.map(async (path) => (await fetch(`${server.url}${path}`, { headers: crawler })).text()))
		const photos = [
			...new Set(bodies.flatMap((body) => [...body.matchAll(/\/photos\/([\w-]{22})\/(\d+)\.img/g)].map((match) => `/photos/${match[1]}/${match[2]}.img`))),
		]
		const codes = [...new Set(bodies.flatMap((body) => [...body.matchAll(/dcode=([A-Za-z0-9_-]+)/g)].map((match) => match[1] ?? '')))]
		expect(photos.length).toBeGreaterThan(10)
		expect(codes.length).toBeGreaterThan(5)

		await postgres.stop()
		const statuses: number[] = []
		const photoTypes: string[] = []
		let accepted = 0
		let turn = 0
		const outageEnds = Date.now() + 8_000
		while (Date.now() < outageEnds) {
			turn += 1
			const round = [
				...pages.map((path) => fetch(`${server.url}${path}`, { headers: crawler }).then(async (response) => (await response.arrayBuffer(), response.status))),
				...photos.slice((turn * 4) % photos.length, ((turn * 4) % photos.length) + 4).map((path) =>
					fetch(`${server.url}${path}`, { headers: { accept: 'image/jpeg' } }).then(async (response) => {
						await response.arrayBuffer()
						photoTypes.push(response.headers.get('content-type') ?? '')
						return response.status
					}),
				),
				...[0, 1, 2].map((index) =>
					fetch(`${server.url}/api/clicks`, {
						method: 'POST',
						headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0', 'x-forwarded-for': `198.51.${turn % 250}.${index + 1}` },
						body: JSON.stringify({ page: pages[index % pages.length], product: codes[(turn + index) % codes.length] }),
					}).then((response) => {
						if (response.status === 204) accepted += 1
						return response.status
					}),
				),
			]
			statuses.push(...(await Promise.all(round)))
		}
		await postgres.start()
		await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 15_000, interval: 250 }).toBe(200)

		expect(statuses.length).toBeGreaterThan(60)
		expect(statuses.filter((status) => status >= 500)).toEqual([])
		// The photos were made from the partner's while the store was down: real pictures, not the placeholder.
		expect(photoTypes.length).toBeGreaterThan(10)
		expect(photoTypes.filter((type) => type !== 'image/jpeg')).toEqual([])
		expect(accepted).toBeGreaterThan(20)
		// Every click taken during the outage is written once the store is back.
		const stored = async () => (await query<{ clicks: number }>(url, 'SELECT coalesce(sum(clicks), 0)::int AS clicks FROM click_days'))[0]?.clicks
		await expect.poll(stored, { timeout: 15_000, interval: 250 }).toBe(accepted)
		const lines = server.logLines()
		expect(lines.filter((line) => line.msg === 'Click not counted' || (typeof line.status === 'number' && line.status >= 500))).toEqual([])
		console.info(
			`PostgreSQL outage: ${statuses.length} answers, ${photoTypes.length} photos made from the partner's, ${accepted} clicks held and stored, ${lines.length} log lines, all JSON`,
		)
	} finally {
		await postgres.start().catch(() => undefined)
		await server.stop()
	}
	// Each line of the whole run, shutdown included, is JSON (logLines fails on any other).
	expect(server.logLines().length).toBeGreaterThan(0)
}, 90_000)

/** Requests without pause until `until()` says stop; returns each answer's status. */
async function loadUntil(base: string, paths: string[], until: () => boolean, statuses: number[] = []): Promise<number[]> {
	const worker = async (offset: number) => {
		for (let i = offset; !until(); i += 1) {
			const path = paths[i % paths.length] ?? '/'
			const status = await fetch(`${base}${path}`, { headers: { 'user-agent': 'Googlebot/2.1' } })
				.then(async (response) => (await response.arrayBuffer(), response.status))
				.catch(() => 0)
			statuses.push(status)
		}
	}
	await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(worker))
	return statuses
}

for (const [name, interrupt] of [
	['a fast shutdown (pg_ctl -m fast), as the official image stops', (_url: string, _site: string) => postgres.stop('fast')],
	[
		'pg_terminate_backend() on every session',
		async (url: string, site: string) => {
			// Each round ends the sessions the last page opened again.
			for (let i = 0; i < 5; i += 1) {
				await postgres.terminateConnections(url)
				await (await fetch(`${site}/about/`)).arrayBuffer()
			}
		},
	],
] as const) {
	test(`${name} with requests in flight: every page answers, readiness says 503 then 200, the process stays up`, async () => {
		const url = await postgres.createDatabase()
		const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_URL: url, RENDER_CACHE_MAX_MB: '0', API_RATE_LIMIT_PER_MINUTE: '100000' })
		const paths = ['/categories/birthday-flowers/', '/cities/phoenix/', '/', '/api/products?category=anniversary']
		try {
			for (const path of paths) expect((await fetch(`${server.url}${path}`)).status).toBe(200)
			let stopLoad = false
			const statuses: number[] = []
			const load = loadUntil(server.url, paths, () => stopLoad, statuses)
			// The load is under way before the database goes.
			await waitUntil(() => statuses.length >= 20, { timeoutMs: 10_000, what: 'the load run to start' })
			await interrupt(url, server.url)
			const readiness: number[] = []
			if (name.startsWith('a fast')) {
				readiness.push(
					await waitUntil(
						async () => {
							const status = (await fetch(`${server.url}/readyz`)).status
							return status === 503 && status
						},
						{ timeoutMs: 5_000, everyMs: 100, what: 'readiness to say 503 while PostgreSQL is down' },
					),
				)
				await postgres.start()
			}
			await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 15_000, interval: 250 }).toBe(200)
			stopLoad = true
			await load
			expect(statuses.length).toBeGreaterThan(20)
			expect(statuses.filter((status) => status !== 200)).toEqual([])
			if (readiness.length > 0) expect(readiness).toContain(503)
			expect(server.exited()).toBe(false)
			expect(server.logs()).not.toMatch(/Unhandled 'error' event/)
		} finally {
			await postgres.start().catch(() => undefined)
			await server.stop()
		}
	}, 90_000)
}

test('the PostgreSQL URL, password included, never reaches a page', async () => {
	const url = (await postgres.createDatabase()).replace('postgres@', 'postgres:s3cret-db-pass@')
	const server = await startServer({ PARTNER_BASE_URL: partner.url, DATABASE_URL: url })
	try {
		for (const path of ['/', '/categories/birthday-flowers/', '/api/products?category=birthday-flowers', '/sitemap.xml']) {
			const body = await (await fetch(`${server.url}${path}`)).text()
			expect(body).not.toContain('s3cret-db-pass')
			expect(body).not.toContain(url)
		}
	} finally {
		await server.stop()
	}
}, 60_000)

test('the caching proxy in front of two instances keeps what the pages allow, and only that', async () => {
	const url = await postgres.createDatabase()
	const settings = { PARTNER_BASE_URL: partner.url, DATABASE_URL: url }
	const servers = await startServers([settings, settings])
	const crawler = { 'user-agent': 'Googlebot/2.1', 'accept-encoding': 'br' }
	let started: Awaited<ReturnType<typeof startProxy>> | undefined
	try {
		const proxy = await startProxy([servers[0]?.url ?? '', servers[1]?.url ?? ''])
		started = proxy
		// The partner's products already in the shared cache (a page that had to wait for them says no-cache).
		for (const server of servers)
			for (const path of ['/categories/birthday-flowers/', '/categories/anniversary/']) await (await fetch(`${server.url}${path}`, { headers: crawler })).text()
		// A complete page: kept for its s-maxage, so the second visitor never reaches an instance.
		const first = await fetch(`${proxy.url}/categories/birthday-flowers/`, { headers: crawler })
		expect(first.status).toBe(200)
		expect(first.headers.get('x-cache-status')).toBe('MISS')
		expect(first.headers.get('cache-control')).toContain('s-maxage=300')
		expect(first.headers.get('surrogate-key')).toBeNull()
		const body = await first.text()
		expect(body).toContain(`Bright Bouquet ${categoryPagePath('birthday-flowers')}`)
		const second = await fetch(`${proxy.url}/categories/birthday-flowers/`, { headers: crawler })
		expect(second.headers.get('x-cache-status')).toBe('HIT')
		expect(await second.text()).toBe(body)

		// Fifty visitors at once to a cold page: one request reaches the instances (nginx's own
		// account: one MISS, every other answer from the copy it stored).
		const burst = await Promise.all(
			Array.from({ length: 50 }, () =>
				fetch(`${proxy.url}/categories/anniversary/`, { headers: crawler }).then(async (response) => {
					await response.arrayBuffer()
					return [response.status, response.headers.get('x-cache-status')] as const
				}),
			),
		)
		expect(burst.every(([status]) => status === 200)).toBe(true)
		expect(burst.filter(([, cache]) => cache === 'MISS')).toHaveLength(1)
		expect(burst.filter(([, cache]) => cache === 'HIT')).toHaveLength(49)

		// What says no-cache (a page not found) is asked for every time.
		for (let round = 0; round < 3; round += 1) {
			const missing = await fetch(`${proxy.url}/no-such-page/`)
			expect(missing.status).toBe(404)
			expect(missing.headers.get('x-cache-status')).not.toBe('HIT')
		}

		// Both instances down: the kept page is still served; a page never kept is not.
		await stopAll(servers)
		const kept = await fetch(`${proxy.url}/categories/birthday-flowers/`, { headers: crawler })
		expect(kept.status).toBe(200)
		expect(await kept.text()).toBe(body)
		expect((await fetch(`${proxy.url}/cities/phoenix/`)).status).toBe(502)
	} finally {
		await started?.stop()
		await stopAll(servers)
	}
}, 60_000)
