/**
 * Throughput benchmark (prints figures; never a pass/fail test). Starts the
 * built server on a free port with a local stand-in for the partner, warms
 * it, saves what it serves, and has nginx (one worker, `brotli_static` and
 * `gzip_static`) serve those very bytes, precompressed. autocannon then loads
 * each URL on both, one after the other, in this same run.
 * Then two instances on one PostgreSQL (a throw-away server) behind the
 * deployment's caching nginx (deploy/nginx.conf.template) load the city page,
 * against the single SQLite instance of the first part.
 * Needs Debian's `nginx`, `libnginx-mod-http-brotli-static` and `postgresql`.
 * Run: `npm run bench:load` (builds first). Options: CONNECTIONS=50 DURATION=5 ROUNDS=3 NGINX=/usr/sbin/nginx.
 */
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { startPartnerStandIn } from '#mock-servers/partner.ts'
import { startPostgres, type PostgresServer } from '#scripts/lib/postgres.ts'
import { NGINX, startProxy, type RunningProxy } from '#scripts/lib/proxy.ts'
import { freePort, startServer, type RunningServer } from '#scripts/lib/server.ts'

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50)
const DURATION = Number(process.env.DURATION ?? 5)
/** Server and yardstick take turns this many times per URL, and the medians are printed: a shared machine's neighbours come and go. */
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json;q=0.9,*/*;q=0.8' }

/** The URLs measured, and where nginx finds each one's saved copy. */
const TARGETS: { label: string; path: string; file: string }[] = [
	{ label: 'home', path: '/', file: 'index.html' },
	{ label: 'city page', path: '/cities/phoenix/', file: 'cities/phoenix/index.html' },
	{ label: 'category page', path: '/categories/birthday-flowers/', file: 'categories/birthday-flowers/index.html' },
	{ label: 'products API', path: '/api/products?category=birthday-flowers', file: 'api/products' },
	{ label: 'sitemap', path: '/sitemap.xml', file: 'sitemap.xml' },
]

type Figures = { reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number; bytes: number }

/** Each figure's median over the rounds. */
function median(runs: Figures[]): Figures {
	const pick = (key: keyof Figures) => [...runs.map((run) => run[key])].sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0
	return {
		reqPerSec: pick('reqPerSec'),
		p50: pick('p50'),
		p99: pick('p99'),
		errors: Math.max(...runs.map((run) => run.errors)),
		non2xx: Math.max(...runs.map((run) => run.non2xx)),
		bytes: pick('bytes'),
	}
}

async function load(url: string): Promise<Figures> {
	const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: BROWSER_HEADERS })
	return {
		reqPerSec: result.requests.total / result.duration,
		p50: result.latency.p50,
		p99: result.latency.p99,
		errors: result.errors,
		non2xx: result.non2xx,
		// Mean bytes per response (headers included): both sides must send the same compressed page.
		bytes: result.throughput.total / Math.max(1, result.requests.total),
	}
}

function rssMegabytes(pid: number): string {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8')
		const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
		return `${(kb / 1024).toFixed(0)} MB`
	} catch {
		return 'unknown'
	}
}

async function waitForListening(url: string) {
	for (let attempt = 0; attempt < 100; attempt += 1) {
		try {
			if ((await fetch(url)).status > 0) return
		} catch {
			// not yet
		}
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	throw new Error(`${url} never answered`)
}

const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
if (!existsSync(NGINX) || !existsSync(BROTLI_STATIC)) {
	console.error(
		`nginx with brotli_static is needed as the yardstick: apt-get install nginx libnginx-mod-http-brotli-static (looked for ${NGINX} and ${BROTLI_STATIC})`,
	)
	process.exit(1)
}

/**
 * nginx as Debian ships it (sendfile, tcp_nopush, an access log, keep-alive
 * defaults), with one worker and the precompressed copies: what an operator
 * would put in front of the saved pages.
 */
function nginxConfig(root: string, port: number): string {
	return `load_module ${BROTLI_STATIC};
worker_processes 1;
daemon off;
pid ${join(root, '..', 'nginx.pid')};
error_log stderr error;
events { worker_connections 4096; }
http {
	include /etc/nginx/mime.types;
	access_log ${join(root, '..', 'access.log')};
	sendfile on;
	tcp_nopush on;
	brotli_static on;
	gzip_static on;
	gzip_vary on;
	client_body_temp_path ${join(root, '..', 'tmp')};
	server {
		listen 127.0.0.1:${port};
		root ${root};
		location / { try_files $uri $uri/index.html =404; }
		location = /api/products { default_type application/json; }
	}
}
`
}

const partner = await startPartnerStandIn()
// One machine is one client: the /api limit is lifted so the API's own speed is measured.
const server = await startServer({ PARTNER_BASE_URL: partner.url, API_RATE_LIMIT_PER_MINUTE: '1000000' }, { quiet: true })
const siteDir = join(mkdtempSync(join(tmpdir(), 'aznginx-')), 'site')
mkdirSync(siteDir)
// nginx's worker runs as an unprivileged user when started by root: it must be able to read the copies.
chmodSync(dirname(siteDir), 0o755)
const nginxPort = await freePort()
let nginx: ReturnType<typeof spawn> | undefined
const rows: { label: string; path: string; app: Figures; nginx: Figures; cache: string }[] = []
let postgres: PostgresServer | undefined
let pair: RunningServer[] | undefined
let proxy: RunningProxy | undefined
let proxied: Figures | undefined
let singleFetches = 0
let pairFetches = 0

try {
	// Warm: products crawled from the stand-in, then each page rendered and kept.
	for (const target of TARGETS) {
		let body = Buffer.alloc(0)
		for (let attempt = 0; attempt < 40; attempt += 1) {
			const response = await fetch(`${server.url}${target.path}`)
			body = Buffer.from(await response.arrayBuffer())
			if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`)
			const type = response.headers.get('content-type') ?? ''
			if (!type.startsWith('text/html') || response.headers.get('x-page-cache') === 'hit') break
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
		const file = join(siteDir, target.file)
		mkdirSync(dirname(file), { recursive: true })
		writeFileSync(file, body)
		writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
		writeFileSync(`${file}.br`, brotliCompressSync(body))
	}
	const configFile = join(siteDir, '..', `nginx-${nginxPort}.conf`)
	writeFileSync(configFile, nginxConfig(siteDir, nginxPort))
	nginx = spawn(NGINX, ['-c', configFile, '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'inherit'] })
	await waitForListening(`http://127.0.0.1:${nginxPort}/`)

	console.log(
		`autocannon: ${CONNECTIONS} connections, ${DURATION} s per URL and side, ${ROUNDS} rounds taking turns (medians), Accept-Encoding: gzip, deflate, br\n`,
	)
	for (const target of TARGETS) {
		const check = await fetch(`${server.url}${target.path}`, { headers: BROWSER_HEADERS })
		const served = Buffer.from(await check.arrayBuffer())
		const copy = await fetch(`http://127.0.0.1:${nginxPort}${target.path}`, { headers: BROWSER_HEADERS })
		const copied = Buffer.from(await copy.arrayBuffer())
		if (copy.status !== 200 || copy.headers.get('content-encoding') !== check.headers.get('content-encoding') || !copied.equals(served)) {
			throw new Error(`nginx does not serve ${target.path} as the server does (${copy.status}, ${copy.headers.get('content-encoding')})`)
		}
		const apps: Figures[] = []
		const plains: Figures[] = []
		for (let round = 0; round < ROUNDS; round += 1) {
			apps.push(await load(`${server.url}${target.path}`))
			plains.push(await load(`http://127.0.0.1:${nginxPort}${target.path}`))
		}
		const [app, plain] = [median(apps), median(plains)]
		rows.push({ label: target.label, path: target.path, app, nginx: plain, cache: check.headers.get('x-page-cache') ?? '-' })
		console.log(`  measured ${target.path}`)
	}
	singleFetches = partner.hits.length

	// Past one machine: two instances on one PostgreSQL behind the deployment's caching nginx.
	const hitsBefore = partner.hits.length
	postgres = await startPostgres()
	const databaseUrl = await postgres.createDatabase()
	const settings = { PARTNER_BASE_URL: partner.url, API_RATE_LIMIT_PER_MINUTE: '1000000', DATABASE_URL: databaseUrl }
	const [first, second] = await Promise.all([startServer(settings, { quiet: true }), startServer(settings, { quiet: true })])
	pair = [first, second]
	proxy = await startProxy([first.url, second.url])
	const city = `${proxy.url}/cities/phoenix/`
	for (let attempt = 0; attempt < 40; attempt += 1) {
		const response = await fetch(city, { headers: BROWSER_HEADERS })
		await response.arrayBuffer()
		if (response.headers.get('x-cache-status') === 'HIT') break
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	const proxiedRuns: Figures[] = []
	for (let round = 0; round < ROUNDS; round += 1) proxiedRuns.push(await load(city))
	proxied = median(proxiedRuns)
	pairFetches = partner.hits.length - hitsBefore
	console.log('  measured /cities/phoenix/ through the proxy')
} finally {
	const rss = rssMegabytes(server.pid)
	nginx?.kill('SIGQUIT')
	await proxy?.stop()
	await Promise.all((pair ?? []).map((instance) => instance.stop()))
	await postgres?.destroy()
	await server.stop()
	await partner.stop()
	if (rows.length > 0) {
		const format = (figures: Figures) =>
			`${figures.reqPerSec.toFixed(0).padStart(7)} ${String(figures.p50).padStart(4)} ${String(figures.p99).padStart(4)} ${String(figures.errors).padStart(4)} ${String(figures.non2xx).padStart(5)} ${(figures.bytes / 1024).toFixed(1).padStart(5)}`
		console.log('')
		console.log(`${''.padEnd(44)}|              server                  |              nginx                   |`)
		console.log(`${'URL'.padEnd(38)} cache |   req/s  p50  p99  err non2xx    kB |   req/s  p50  p99  err non2xx    kB | ratio`)
		for (const row of rows) {
			const ratio = row.app.reqPerSec / Math.max(1, row.nginx.reqPerSec)
			console.log(`${row.path.padEnd(38)} ${row.cache.padEnd(5)} | ${format(row.app)} | ${format(row.nginx)} | ${ratio.toFixed(2)}`)
		}
		console.log('(latencies in ms; kB = mean bytes per response, headers included)')
		console.log(`Server memory after the run (RSS): ${rss}`)
		const single = rows.find((row) => row.label === 'city page')
		if (single && proxied) {
			console.log('')
			console.log('Warm city page, one instance on SQLite against two instances on PostgreSQL behind the caching nginx (deploy/):')
			console.log(`  one instance, SQLite            ${format(single.app)} | partner fetches ${singleFetches}`)
			console.log(`  two on PostgreSQL, behind nginx ${format(proxied)} | partner fetches ${pairFetches}`)
		}
		const city = rows.find((row) => row.label === 'city page')
		if (city) {
			const ratio = city.app.reqPerSec / Math.max(1, city.nginx.reqPerSec)
			const met = ratio >= 0.8 && city.app.p99 <= 25 && city.app.errors === 0 && city.app.non2xx === 0
			console.log(
				`Target (warm city page ≥ 0.8 × nginx req/s, p99 ≤ 25 ms, 0 errors): ratio ${ratio.toFixed(2)}, p99 ${city.app.p99} ms, ${city.app.errors} errors, ${city.app.non2xx} non-2xx → ${met ? 'met' : 'NOT met'}`,
			)
		}
	}
}
