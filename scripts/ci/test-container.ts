/**
 * `npm run test:container`: the image operators run, built and checked as docs/deploy.md tells them
 * to run it. It reads deploy/compose.yaml with Docker Compose, builds the Dockerfile with Debian's
 * podman from a clean checkout of HEAD (what is committed, not the work tree), starts the image
 * with a named volume on /data, and checks what an operator relies on: a non-root user; pages,
 * feeds, a social picture and the probes answer; no secret from its environment reaches a page;
 * the SQLite file lives on the volume and survives a restart; the HEALTHCHECK passes; SIGTERM
 * stops it with exit 0 within 5 s; a bind-mounted /data works when uid 1000 may write it; every
 * log line is JSON; and the image adds at most 100 MB to its base. It prints the image's size, its
 * base's and the runtime node_modules', and ends with "N passed, N failed".
 *
 * The base is node:24-slim where it can be pulled (NODE_IMAGE=… picks another). Where it cannot (a
 * machine that reaches only Debian's and npm's registries), a stand-in is made once and kept as a
 * local image: Debian bookworm from the mirror apt uses here (debootstrap), Node from the
 * project's own `node` package (binary and headers) and npm from the npm registry, with a `node`
 * user of uid 1000, as in the real image. The machine's own needs stay out of the Dockerfile and
 * out of the image: podman runs runc with lower ulimits (a containers.conf of its own), and npm
 * inside the build reaches the registry with the host's registry, CA and proxy settings, mounted
 * for the build only.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'
import {
	chownSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
	copyFileSync,
	cpSync,
	chmodSync,
	symlinkSync,
} from 'node:fs'
import { get } from 'node:http'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../..')
const IMAGE = 'localhost/az-flowers:test'
const REAL_BASE = 'docker.io/library/node:24-slim'
const MAX_ADDED_MB = 100
const STOP_LIMIT_MS = 5000
const SECRETS = {
	FIRECRAWL_API_KEY: 'fc-container-marker-5d1e8',
	FLORISTONE_API_KEY: '739204',
	FLORISTONE_API_PASSWORD: 'Kx8wq3-container-marker',
}
const PAGES = ['/', '/cities/phoenix/', '/rss.xml', '/sitemap.xml', '/healthz', '/readyz']
const SOCIAL_IMAGE = '/social/cities/phoenix.png'

const started = Date.now()
const work = mkdtempSync('/var/tmp/az-container-test-')
const name = `az-flowers-test-${process.pid}`
const volume = `${name}-data`
const results: { name: string; ok: boolean; detail: string }[] = []

// podman's defaults ask for more open files and processes than a process may set on some machines,
// and crun refuses some cgroup set-ups: this file replaces podman's containers.conf for the test.
const containersConf = join(work, 'containers.conf')
writeFileSync(containersConf, '[containers]\ndefault_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]\n\n[engine]\nruntime = "runc"\n')
const podmanEnv = { ...process.env, CONTAINERS_CONF: containersConf }

function seconds(since: number): string {
	return `${((Date.now() - since) / 1000).toFixed(1)} s`
}

function say(message: string): void {
	console.info(`[test:container ${seconds(started)}] ${message}`)
}

type Run = { status: number | null; stdout: string; stderr: string }

/** Runs a command to its end; output is captured unless `show` passes it through. */
function run(command: string, args: string[], options: SpawnSyncOptions & { show?: boolean } = {}): Run {
	const { show, ...spawnOptions } = options
	const result = spawnSync(command, args, {
		encoding: 'utf8',
		maxBuffer: 256 * 1024 * 1024,
		stdio: show ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
		...spawnOptions,
	})
	if (result.error) throw result.error
	return { status: result.status, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? '') }
}

function must(command: string, args: string[], options: SpawnSyncOptions & { show?: boolean } = {}): string {
	const result = run(command, args, options)
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${result.stderr.slice(-4000)}`)
	return result.stdout
}

const podman = (args: string[], options: SpawnSyncOptions & { show?: boolean } = {}) => run('podman', args, { env: podmanEnv, ...options })
const mustPodman = (args: string[], options: SpawnSyncOptions & { show?: boolean } = {}) => must('podman', args, { env: podmanEnv, ...options })
const imageExists = (image: string) => podman(['image', 'exists', image]).status === 0
/** Every image on the machine, intermediate ones included, by full ID. */
const allImages = () =>
	new Set(
		mustPodman(['images', '--all', '--quiet', '--no-trunc'])
			.split('\n')
			.map((id) => id.trim().replace(/^sha256:/, ''))
			.filter(Boolean),
	)
/** The images there before this run: the only ones it leaves (with the base stand-in, kept for the next run). */
const imagesBefore = allImages()
let keptBase: string | undefined

function check(what: string, ok: boolean, detail = ''): void {
	results.push({ name: what, ok, detail })
	console.info(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`)
}

async function waitFor(what: string, limitMs: number, condition: () => Promise<boolean> | boolean): Promise<boolean> {
	const deadline = Date.now() + limitMs
	while (Date.now() < deadline) {
		if (await condition()) return true
		await new Promise((done) => setTimeout(done, 200))
	}
	say(`gave up waiting ${limitMs / 1000} s for ${what}`)
	return false
}

function freePort(): Promise<number> {
	return new Promise((done, fail) => {
		const server = createServer()
		server.on('error', fail)
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			server.close(() => (address && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))))
		})
	})
}

// ---- the base image: the real one, or a local stand-in ----

/** The Debian archive and security mirrors apt uses on this machine (one-line or deb822 sources). */
function debianMirrors(): { archive: string; security?: string } {
	const files = [
		'/etc/apt/sources.list',
		...(existsSync('/etc/apt/sources.list.d') ? readdirSync('/etc/apt/sources.list.d').map((f) => join('/etc/apt/sources.list.d', f)) : []),
	]
	const entries: { uri: string; suites: string[] }[] = []
	for (const file of files.filter((f) => /\.(list|sources)$/.test(f) && existsSync(f))) {
		const text = readFileSync(file, 'utf8')
		for (const line of text.split('\n')) {
			const match = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)/.exec(line.trim())
			if (match) entries.push({ uri: match[1]!, suites: [match[2]!] })
		}
		for (const stanza of text.split(/\n\s*\n/)) {
			const uri = /^URIs:\s*(\S+)/m.exec(stanza)?.[1]
			const suites = /^Suites:\s*(.+)$/m.exec(stanza)?.[1]?.trim().split(/\s+/)
			if (uri && suites && /^Types:.*\bdeb\b/m.test(stanza)) entries.push({ uri, suites })
		}
	}
	const archive = entries.find((entry) => entry.suites.includes('bookworm'))?.uri ?? 'http://deb.debian.org/debian'
	const security = entries.find((entry) => entry.suites.includes('bookworm-security'))?.uri
	return { archive: archive.replace(/\/$/, ''), security: security?.replace(/\/$/, '') }
}

/** Node's binary and headers: the project's `node` package installs them as node-linux-<arch>. */
function nodeDistribution(): string {
	const pkg = `node-linux-${process.arch}`
	for (const dir of [join(ROOT, 'node_modules/node/node_modules', pkg), join(ROOT, 'node_modules', pkg)]) {
		if (existsSync(join(dir, 'bin/node')) && existsSync(join(dir, 'include/node/node.h'))) return dir
	}
	say(`${pkg} is not installed here; fetching ${pkg}@${process.versions.node} from the npm registry`)
	const file = must('npm', ['pack', `${pkg}@${process.versions.node}`, '--pack-destination', work, '--silent'], { cwd: work })
		.trim()
		.split('\n')
		.pop()!
	const dir = join(work, pkg)
	mkdirSync(dir)
	must('tar', ['-xzf', join(work, file), '-C', dir, '--strip-components=1'])
	return dir
}

/** Debian bookworm (minimal, slimmed like Debian's own container images) with Node and npm in /usr/local. */
function makeStandIn(tag: string): void {
	const mirrors = debianMirrors()
	const rootfs = join(work, 'rootfs')
	say(`making the stand-in: debootstrap bookworm from ${mirrors.archive}`)
	must('debootstrap', ['--variant=minbase', '--keyring=/usr/share/keyrings/debian-archive-keyring.gpg', 'bookworm', rootfs, mirrors.archive])

	// apt as in Debian's container images: the same mirrors, no caches, documentation or translations kept.
	rmSync(join(rootfs, 'etc/apt/sources.list'), { force: true })
	const keyring = 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg'
	let sources = `Types: deb\nURIs: ${mirrors.archive}\nSuites: bookworm bookworm-updates\nComponents: main\n${keyring}\n`
	if (mirrors.security) sources += `\nTypes: deb\nURIs: ${mirrors.security}\nSuites: bookworm-security\nComponents: main\n${keyring}\n`
	writeFileSync(join(rootfs, 'etc/apt/sources.list.d/debian.sources'), sources)
	writeFileSync(
		join(rootfs, 'etc/apt/apt.conf.d/docker-clean'),
		[
			'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
			'APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
			'Dir::Cache::pkgcache ""; Dir::Cache::srcpkgcache "";',
			'Acquire::Languages "none"; Acquire::GzipIndexes "true";',
			'',
		].join('\n'),
	)
	writeFileSync(
		join(rootfs, 'etc/dpkg/dpkg.cfg.d/docker'),
		[
			'path-exclude /usr/share/doc/*',
			'path-include /usr/share/doc/*/copyright',
			'path-exclude /usr/share/man/*',
			'path-exclude /usr/share/info/*',
			'path-exclude /usr/share/locale/*',
			'',
		].join('\n'),
	)
	for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists', 'usr/share/man', 'usr/share/info', 'usr/share/locale', 'var/log']) {
		for (const entry of readdirSync(join(rootfs, dir), { withFileTypes: true })) {
			if (entry.isFile() || entry.isDirectory()) rmSync(join(rootfs, dir, entry.name), { recursive: true, force: true })
		}
	}
	rmSync(join(rootfs, 'var/cache/apt/pkgcache.bin'), { force: true })
	rmSync(join(rootfs, 'var/cache/apt/srcpkgcache.bin'), { force: true })

	// Node and its headers (node-gyp builds against them), as the official image unpacks them into /usr/local.
	const node = nodeDistribution()
	copyFileSync(join(node, 'bin/node'), join(rootfs, 'usr/local/bin/node'))
	chmodSync(join(rootfs, 'usr/local/bin/node'), 0o755)
	cpSync(join(node, 'include/node'), join(rootfs, 'usr/local/include/node'), { recursive: true })
	// Like the official image, keep OpenSSL's headers for this architecture only.
	const opensslArch = { x64: 'linux-x86_64', arm64: 'linux-aarch64' }[process.arch as 'x64' | 'arm64']
	const archs = join(rootfs, 'usr/local/include/node/openssl/archs')
	if (opensslArch && existsSync(archs)) for (const arch of readdirSync(archs)) if (arch !== opensslArch) rmSync(join(archs, arch), { recursive: true })

	// npm from the npm registry, the version this machine runs.
	const npmVersion = must('npm', ['--version']).trim()
	const npmFile = must('npm', ['pack', `npm@${npmVersion}`, '--pack-destination', work, '--silent'], { cwd: work })
		.trim()
		.split('\n')
		.pop()!
	const npmDir = join(rootfs, 'usr/local/lib/node_modules/npm')
	mkdirSync(npmDir, { recursive: true })
	must('tar', ['-xzf', join(work, npmFile), '-C', npmDir, '--strip-components=1'])
	symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(rootfs, 'usr/local/bin/npm'))
	symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(rootfs, 'usr/local/bin/npx'))

	// The official image's user.
	must('chroot', [rootfs, 'groupadd', '--gid', '1000', 'node'])
	must('chroot', [rootfs, 'useradd', '--uid', '1000', '--gid', 'node', '--shell', '/bin/bash', '--create-home', 'node'])

	const tarball = join(work, 'rootfs.tar')
	must('tar', ['--numeric-owner', '-C', rootfs, '-cf', tarball, '.'])
	rmSync(rootfs, { recursive: true, force: true })
	mustPodman([
		'import',
		'--change',
		'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
		'--change',
		`ENV NODE_VERSION=${process.versions.node}`,
		'--change',
		'CMD ["node"]',
		tarball,
		tag,
	])
	rmSync(tarball)
}

function baseImage(): string {
	if (process.env.NODE_IMAGE) return process.env.NODE_IMAGE
	if (imageExists(REAL_BASE)) return REAL_BASE
	const pull = podman(['pull', '--quiet', REAL_BASE], { timeout: 180_000 })
	if (pull.status === 0) {
		say(`pulled ${REAL_BASE}`)
		return REAL_BASE
	}
	const tag = `localhost/node-stand-in:${process.versions.node}-bookworm-slim`
	say(`${REAL_BASE} cannot be pulled here (${pull.stderr.trim().split('\n').pop()}); using a local stand-in, ${tag}`)
	if (imageExists(tag)) {
		say('the stand-in is kept from an earlier run')
	} else {
		const since = Date.now()
		makeStandIn(tag)
		say(`stand-in made in ${seconds(since)}`)
	}
	return tag
}

// ---- npm's way to the registry, for the build only ----

function npmConfig(key: string): string | undefined {
	const value = must('npm', ['config', 'get', key]).trim()
	return value && value !== 'null' && value !== 'undefined' ? value : undefined
}

/**
 * A folder mounted over /usr/local/etc during the build (npm's global config there): the host's
 * registry, CA and proxy settings. Mounted, not copied: no layer of the image keeps it.
 */
function npmSettingsForBuild(): string {
	const dir = join(work, 'npm-etc')
	mkdirSync(dir)
	const lines = [`registry=${npmConfig('registry') ?? 'https://registry.npmjs.org/'}`]
	const cafile = npmConfig('cafile') ?? process.env.NODE_EXTRA_CA_CERTS
	if (cafile && existsSync(cafile)) {
		copyFileSync(cafile, join(dir, 'npm-ca.pem'))
		lines.push('cafile=/usr/local/etc/npm-ca.pem')
	}
	for (const key of ['proxy', 'https-proxy', 'noproxy', 'strict-ssl']) {
		const value = npmConfig(key)
		if (value && value !== '[""]') lines.push(`${key}=${value}`)
	}
	writeFileSync(join(dir, 'npmrc'), `${lines.join('\n')}\n`)
	return dir
}

// ---- the checks ----

/**
 * One request on a connection of its own, closed after the answer: no idle keep-alive connection
 * is left open when the test stops the container (the server waits 2 s more for one).
 */
function fetchText(url: string, timeoutMs = 30_000): Promise<{ status: number; type: string; body: string; bytes: number }> {
	return new Promise((done, fail) => {
		const request = get(url, { agent: false, timeout: timeoutMs, headers: { 'user-agent': 'Mozilla/5.0 (container test)' } }, (response) => {
			const chunks: Buffer[] = []
			response.on('data', (chunk: Buffer) => chunks.push(chunk))
			response.on('error', fail)
			response.on('end', () => {
				const buffer = Buffer.concat(chunks)
				done({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body: buffer.toString('utf8'), bytes: buffer.length })
			})
		})
		request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)))
		request.on('error', fail)
	})
}

const healthy = (url: string) => async () => (await fetchText(`${url}/healthz`, 2000).catch(() => undefined))?.status === 200

function inspect(format: string): string {
	return mustPodman(['inspect', '--format', format, name]).trim()
}

/** The marker row written inside the container, as its user, into the database on /data. */
function sqlite(statement: string): Run {
	const script = `const db = new (require('better-sqlite3'))(process.env.DATABASE_PATH); const r = db.prepare(${JSON.stringify(statement)}); console.log(JSON.stringify(r.reader ? r.all() : r.run()))`
	return podman(['exec', '--workdir', '/app', name, 'node', '-e', script])
}

/**
 * deploy/compose.yaml as Docker Compose reads it (Debian's docker-compose, the original Compose;
 * `config` needs no engine): valid, one image for both instances, no volume but PostgreSQL's.
 */
function checkCompose(checkout: string): void {
	const env = { ...process.env, SITE_URL: 'https://flowers.example', POSTGRES_PASSWORD: 'compose-check' }
	const config = run('docker-compose', ['--file', 'deploy/compose.yaml', 'config'], { cwd: checkout, env })
	check('docker-compose reads deploy/compose.yaml', config.status === 0, config.stderr.trim().split('\n').pop())
	if (config.status !== 0) return
	const toJson = 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'
	const parsed = JSON.parse(must('python3', ['-c', toJson], { input: config.stdout, stdio: ['pipe', 'pipe', 'pipe'] })) as {
		services: Record<string, { image?: string; build?: unknown; volumes?: unknown[] }>
		volumes?: Record<string, unknown>
	}
	const sites = Object.entries(parsed.services).filter(([service]) => service.startsWith('site-'))
	const images = [...new Set(sites.map(([, service]) => service.image))]
	check('compose.yaml: both site instances run one named image', sites.length === 2 && images.length === 1 && Boolean(images[0]), images.join(', '))
	const volumes = [...Object.keys(parsed.volumes ?? {}), ...sites.flatMap(([, service]) => service.volumes ?? [])]
	check("compose.yaml: no volume but PostgreSQL's", volumes.join() === 'postgres-data', volumes.join(', '))
}

async function main(): Promise<void> {
	if (process.getuid?.() !== 0) throw new Error('run as root: podman builds and runs the image here as root')

	// A clean checkout: the committed tree, not the work tree.
	const head = must('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).trim()
	if (must('git', ['status', '--porcelain'], { cwd: ROOT }).trim()) say(`the work tree has uncommitted changes; the image is built from HEAD (${head}) only`)
	const context = join(work, 'context')
	mkdirSync(context)
	const archive = join(work, 'head.tar')
	must('git', ['archive', '--format=tar', '-o', archive, 'HEAD'], { cwd: ROOT })
	must('tar', ['-xf', archive, '-C', context])

	checkCompose(context)
	const base = baseImage()
	keptBase = base
	const npmEtc = npmSettingsForBuild()

	say(`building ${IMAGE} from ${head} on ${base}`)
	const buildStarted = Date.now()
	const build = podman(
		[
			'build',
			// Docker's image format keeps the HEALTHCHECK (OCI's has no field for it).
			'--format',
			'docker',
			'--network',
			'host',
			'--build-arg',
			`NODE_IMAGE=${base}`,
			'--volume',
			`${npmEtc}:/usr/local/etc:ro`,
			'--tag',
			IMAGE,
			context,
		],
		{ show: true },
	)
	check('the image builds from a clean checkout', build.status === 0, `${seconds(buildStarted)}`)
	if (build.status !== 0) return

	// ---- what the image is ----
	const imageSize = Number(mustPodman(['image', 'inspect', '--format', '{{.Size}}', IMAGE]).trim())
	const baseSize = Number(mustPodman(['image', 'inspect', '--format', '{{.Size}}', base]).trim())
	const modulesKb = Number(mustPodman(['run', '--rm', '--entrypoint', 'du', IMAGE, '-sk', '/app/node_modules']).trim().split(/\s+/)[0])
	const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`
	say(`image ${mb(imageSize)}, base ${mb(baseSize)}, added ${mb(imageSize - baseSize)}; runtime node_modules ${mb(modulesKb * 1024)}`)
	check(`the image adds at most ${MAX_ADDED_MB} MB to its base`, imageSize - baseSize <= MAX_ADDED_MB * 1e6, mb(imageSize - baseSize))
	check('the image keeps its HEALTHCHECK', mustPodman(['image', 'inspect', '--format', '{{json .Config.Healthcheck}}', IMAGE]).includes('healthz'))
	const contents = podman([
		'run',
		'--rm',
		'--user',
		'root',
		'--entrypoint',
		'sh',
		IMAGE,
		'-c',
		[
			'test -e /app/node_modules/typescript && echo "typescript in node_modules"',
			'for tool in gcc g++ make python3; do command -v $tool >/dev/null && echo "$tool installed"; done',
			'test -e /usr/local/etc/npmrc -o -e /usr/local/etc/npm-ca.pem -o -e /root/.npmrc && echo "npm settings of the build kept"',
			'test -e /etc/fonts/fonts.conf || echo "no fontconfig configuration"',
			'true',
		].join('; '),
	])
	check(
		'the runtime has no TypeScript, no toolchain, no npm settings of the build, and a fontconfig configuration',
		contents.stdout.trim() === '',
		contents.stdout.trim().replace(/\n/g, ', '),
	)

	// ---- running as docs/deploy.md says ----
	const port = await freePort()
	const url = `http://127.0.0.1:${port}`
	mustPodman(['volume', 'create', volume])
	const environment = {
		SITE_URL: 'https://flowers.example',
		AFFILIATE_ID: '1234567890',
		...SECRETS,
		// Partner and crawl API on a closed local port: nothing leaves the machine, every fetch fails at once.
		PARTNER_BASE_URL: 'http://127.0.0.1:9',
		FLORISTONE_API_URL: 'http://127.0.0.1:9/api/rest',
		FIRECRAWL_API_URL: 'http://127.0.0.1:9',
	}
	const containerId = mustPodman([
		'run',
		'--detach',
		'--name',
		name,
		'--publish',
		`127.0.0.1:${port}:3000`,
		'--volume',
		`${volume}:/data`,
		...Object.entries(environment).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
		IMAGE,
	])
	say(`started ${containerId.trim().slice(0, 12)} on ${url}`)
	check('it answers /healthz after start', await waitFor('/healthz', 60_000, healthy(url)))

	check(
		'it runs as a non-root user',
		inspect('{{.Config.User}}') === 'node' && mustPodman(['exec', name, 'id', '-u']).trim() === '1000',
		`uid ${podman(['exec', name, 'id', '-u']).stdout.trim()}`,
	)

	const bodies: string[] = []
	for (const path of PAGES) {
		const answer = await fetchText(`${url}${path}`).catch((error: Error) => ({ status: 0, type: error.message, body: '', bytes: 0 }))
		bodies.push(answer.body)
		const expectedType = path.endsWith('.xml') ? /xml/ : path.endsWith('z') ? /json/ : /html/
		check(`GET ${path}`, answer.status === 200 && expectedType.test(answer.type), `${answer.status} ${answer.type}, ${answer.bytes} bytes`)
	}
	const picture = await fetchText(`${url}${SOCIAL_IMAGE}`).catch((error: Error) => ({ status: 0, type: error.message, body: '', bytes: 0 }))
	check(
		`GET ${SOCIAL_IMAGE}`,
		picture.status === 200 && picture.type === 'image/png' && picture.bytes > 1000,
		`${picture.status} ${picture.type}, ${picture.bytes} bytes`,
	)
	const leaks = Object.entries(SECRETS).filter(([, secret]) => bodies.some((body) => body.includes(secret)))
	check('no secret from the environment appears in a page', leaks.length === 0, leaks.map(([key]) => key).join(', '))

	// ---- the database on the volume, across a restart ----
	const mountpoint = mustPodman(['volume', 'inspect', '--format', '{{.Mountpoint}}', volume]).trim()
	check('the SQLite file is on the /data volume', existsSync(join(mountpoint, 'cache.sqlite')), join(mountpoint, 'cache.sqlite'))
	const marker = `restart-${Date.now()}`
	const wrote =
		sqlite(`CREATE TABLE IF NOT EXISTS container_test (marker TEXT)`).status === 0 && sqlite(`INSERT INTO container_test VALUES ('${marker}')`).status === 0
	const restartStarted = Date.now()
	mustPodman(['restart', '--time', '10', name])
	const back = await waitFor('/healthz after the restart', 60_000, healthy(url))
	say(`restarted in ${seconds(restartStarted)}`)
	const kept = sqlite(`SELECT marker FROM container_test`).stdout.includes(marker)
	check('data written before a restart is there after it', wrote && back && kept)
	const ready = await fetchText(`${url}/readyz`).catch(() => ({ status: 0 }))
	check('GET /readyz after the restart', ready.status === 200, String(ready.status))

	// ---- the HEALTHCHECK, and SIGTERM ----
	const health = podman(['healthcheck', 'run', name])
	check('podman healthcheck run passes', health.status === 0, `${health.stdout.trim()}${health.stderr.trim()}` || 'exit 0')
	const stopStarted = Date.now()
	podman(['stop', '--time', '10', name])
	const stopMs = Date.now() - stopStarted
	const exitCode = inspect('{{.State.ExitCode}}')
	check(
		`SIGTERM stops it with exit 0 within ${STOP_LIMIT_MS / 1000} s`,
		exitCode === '0' && stopMs <= STOP_LIMIT_MS,
		`exit ${exitCode} after ${(stopMs / 1000).toFixed(1)} s`,
	)
	say(`the server's own shutdown: ${shutdownSeconds(podman(['logs', name]).stdout, inspect('{{.State.FinishedAt}}'))}`)

	await checkBindMount()

	// ---- every line it wrote ----
	const logs = podman(['logs', name])
	const lines = [...logs.stdout.split('\n').map((line) => ['stdout', line]), ...logs.stderr.split('\n').map((line) => ['stderr', line])].filter(([, line]) =>
		line!.trim(),
	)
	const notJson = lines.filter(([, line]) => {
		try {
			return typeof JSON.parse(line!) !== 'object'
		} catch {
			return true
		}
	})
	check(
		'every line on stdout and stderr is JSON',
		lines.length > 0 && notJson.length === 0,
		`${lines.length} lines${
			notJson.length
				? `; not JSON: ${notJson
						.slice(0, 3)
						.map(([stream, line]) => `${stream}: ${line}`)
						.join(' | ')}`
				: ''
		}`,
	)
}

/** docs/deploy.md's bind mount: a host folder owned by uid 1000 works; one the server cannot write stops it at start-up. */
async function checkBindMount(): Promise<void> {
	const writable = join(work, 'data-1000')
	const readOnly = join(work, 'data-root')
	mkdirSync(writable)
	mkdirSync(readOnly)
	chownSync(writable, 1000, 1000)
	const bound = `${name}-bind`
	try {
		mustPodman(['run', '--detach', '--name', bound, '--volume', `${writable}:/data`, IMAGE])
		const up = await waitFor('the bind-mounted instance', 60_000, () => podman(['healthcheck', 'run', bound]).status === 0)
		check('a bind-mounted /data owned by uid 1000 holds the SQLite file', up && existsSync(join(writable, 'cache.sqlite')))
	} finally {
		podman(['rm', '--force', '--time', '0', bound])
	}
	const refused = podman(['run', '--rm', '--volume', `${readOnly}:/data`, IMAGE], { timeout: 60_000 })
	check(
		'a bind-mounted /data it cannot write stops it at start-up, naming DATABASE_PATH',
		refused.status !== 0 && refused.stderr.includes('DATABASE_PATH'),
		`exit ${refused.status}`,
	)
}

/** From the server's last line saying it received SIGTERM (its `signal` field) to the container's end, as podman recorded it. */
function shutdownSeconds(stdout: string, finishedAt: string): string {
	const signalled = stdout
		.split('\n')
		.filter((line) => line.includes('"signal":"SIGTERM"'))
		.map((line) => Date.parse((JSON.parse(line) as { time: string }).time))
		.pop()
	const finished = Date.parse(
		finishedAt
			.replace(/(\.\d{3})\d*/, '$1')
			.replace(/ \+0000 UTC$/, 'Z')
			.replace(' ', 'T'),
	)
	return signalled && finished ? `${((finished - signalled) / 1000).toFixed(1)} s from SIGTERM to exit` : 'not found in the log'
}

function cleanUp(): void {
	podman(['rm', '--force', '--time', '0', name])
	podman(['volume', 'rm', '--force', volume])
	// The image under test and its build stages (1.7 GB each) go; the base stand-in stays, as a cache.
	// Before the work folder goes: podman reads its containers.conf from there.
	try {
		const base = keptBase ? podman(['image', 'inspect', '--format', '{{.Id}}', keptBase]).stdout.trim() : ''
		const made = [...allImages()].filter((id) => !imagesBefore.has(id) && id !== base)
		if (made.length > 0) podman(['rmi', '--force', ...made])
		const left = [...allImages()].filter((id) => !imagesBefore.has(id) && id !== base)
		check(
			'the run leaves no image behind but the base stand-in',
			left.length === 0,
			left.length === 0 ? `${made.length} removed` : `${left.length} left: ${left.join(' ')}`,
		)
	} catch (error) {
		check('the run leaves no image behind but the base stand-in', false, error instanceof Error ? error.message : String(error))
	}
	rmSync(work, { recursive: true, force: true })
}

process.on('SIGINT', () => {
	cleanUp()
	process.exit(130)
})

try {
	await main()
} catch (error) {
	check('the container test ran to its end', false, error instanceof Error ? error.message : String(error))
} finally {
	cleanUp()
}
const failed = results.filter((result) => !result.ok)
say(`done: ${results.length - failed.length} passed, ${failed.length} failed`)
console.info(`${results.length - failed.length} passed, ${failed.length} failed`)
process.exit(failed.length === 0 ? 0 : 1)
