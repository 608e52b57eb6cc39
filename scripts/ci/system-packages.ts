/**
 * The Debian packages the test suite runs for real: Chromium (browser tests), PostgreSQL (a
 * throw-away server for the shared-store tests), nginx with its brotli_static module (the caching
 * proxy and bench:load), a Java runtime (the W3C Nu HTML checker), DejaVu's fonts (the
 * shared-link pictures), hunspell with its Spanish dictionaries (the Spanish pages' spelling), libfaketime (the server's clock on a chosen day) and xmllint (the sitemap against its schema). With the argument `container`, those `npm run test:container` needs
 * instead: podman with the runc runtime (builds and runs the image) and debootstrap (a local
 * stand-in for the base image where it cannot be pulled) and Docker Compose (the original, v1,
 * which reads deploy/compose.yaml as Compose does). Run before `npm test` (and before
 * `npm run test:container`): as root on Debian it installs whatever is missing; otherwise it stops
 * at once with the one command that installs them.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { delimiter, join } from 'node:path'

function onPath(command: string): boolean {
	return (process.env.PATH ?? '').split(delimiter).some((folder) => folder && existsSync(join(folder, command)))
}

function hasPostgres(): boolean {
	const root = '/usr/lib/postgresql'
	return existsSync(root) && readdirSync(root).some((version) => existsSync(join(root, version, 'bin', 'initdb')))
}

const testNeeds: [string, () => boolean][] = [
	['chromium', () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')],
	['postgresql', hasPostgres],
	['nginx', () => existsSync(process.env.NGINX ?? '/usr/sbin/nginx')],
	['libnginx-mod-http-brotli-static', () => existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so')],
	['default-jre-headless', () => onPath('java')],
	// The shared-link pictures' fonts (the server renders them, as in the container).
	['fonts-dejavu-core', () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf')],
	// The spelling check of the Spanish pages: hunspell with its es_US dictionary.
	['hunspell', () => onPath('hunspell')],
	['hunspell-es', () => existsSync('/usr/share/hunspell/es_US.dic')],
	// The sitemap's check against the sitemaps.org schema (xmllint).
	['libxml2-utils', () => onPath('xmllint')],
	// The calendar's tests run the real server with its clock on a chosen day (libfaketime).
	['faketime', () => readdirSync('/usr/lib').some((folder) => existsSync(join('/usr/lib', folder, 'faketime', 'libfaketime.so.1')))],
]

const containerNeeds: [string, () => boolean][] = [
	['podman', () => onPath('podman')],
	// crun, podman's default, refuses some machines' cgroup set-up; the container test runs runc.
	['runc', () => onPath('runc')],
	['debootstrap', () => onPath('debootstrap')],
	['docker-compose', () => onPath('docker-compose')],
]
// Docker Compose recommends Docker's engine, which the test never runs: podman builds and runs the image.
const withoutRecommends = new Set(['docker-compose'])

const needs = process.argv[2] === 'container' ? containerNeeds : testNeeds
const missing = needs.filter(([, present]) => !present()).map(([name]) => name)
if (missing.length === 0) process.exit(0)

const plain = missing.filter((name) => !withoutRecommends.has(name))
const bare = missing.filter((name) => withoutRecommends.has(name))
const installs = [...(plain.length ? [['install', '-y', ...plain]] : []), ...(bare.length ? [['install', '-y', '--no-install-recommends', ...bare]] : [])]
const command = ['apt-get update', ...installs.map((args) => `apt-get ${args.join(' ')}`)].join(' && ')
const root = process.getuid?.() === 0
if (!root || !onPath('apt-get')) {
	console.error(`The tests need Debian's ${missing.join(', ')}. Install them first (as root):\n\n  ${command}\n`)
	process.exit(1)
}
console.info(`Installing Debian's ${missing.join(', ')} for the tests`)
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
// Another install on the machine (a second checkout's tests, the system's own updates) holds dpkg's lock
// for a while: wait up to ten minutes for it rather than fail at once.
for (const [verb, ...rest] of [['update'], ...installs]) {
	const args = [verb!, '-qq', '-o', 'DPkg::Lock::Timeout=600', ...rest]
	const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env })
	if (result.status !== 0) {
		console.error(`apt-get ${args[0]} failed (exit ${result.status}). Install the packages by hand (as root):\n\n  ${command}\n`)
		process.exit(1)
	}
}
const still = needs.filter(([, present]) => !present()).map(([name]) => name)
if (still.length > 0) {
	console.error(`Still missing after apt-get: ${still.join(', ')}`)
	process.exit(1)
}
