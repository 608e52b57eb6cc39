import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '#scripts/lib/server.ts'
import { waitUntil } from '#scripts/lib/wait.ts'

export const NGINX = process.env.NGINX ?? '/usr/sbin/nginx'

export type RunningProxy = { url: string; stop: () => Promise<void>; /** What nginx wrote to its error log. */ errors: () => string }

/**
 * Debian's nginx with the deployment's proxy configuration
 * (deploy/nginx.conf.template), in front of the given instances, on a free port.
 */
export async function startProxy(upstreams: readonly [string, string], options: { port?: number } = {}): Promise<RunningProxy> {
	if (!existsSync(NGINX)) throw new Error("nginx is needed for the proxy tests: apt-get install nginx (Debian's package)")
	const directory = mkdtempSync(join(tmpdir(), 'azproxy-'))
	// nginx's worker runs as an unprivileged user when started by root: it must reach its cache folder.
	chmodSync(directory, 0o777)
	mkdirSync(join(directory, 'cache'), { mode: 0o777 })
	const port = options.port ?? (await freePort())
	const values: Record<string, string> = {
		APP_1: upstreams[0].replace(/^https?:\/\//, ''),
		APP_2: upstreams[1].replace(/^https?:\/\//, ''),
		LISTEN: `127.0.0.1:${port}`,
		CACHE_DIR: join(directory, 'cache'),
	}
	const site = readFileSync('deploy/nginx.conf.template', 'utf8').replace(/\$\{(APP_1|APP_2|LISTEN|CACHE_DIR)\}/g, (_match, name: string) => values[name] ?? '')
	const config = join(directory, 'nginx.conf')
	writeFileSync(
		config,
		`worker_processes 1;
daemon off;
pid ${join(directory, 'nginx.pid')};
error_log stderr error;
events { worker_connections 4096; }
http {
	include /etc/nginx/mime.types;
	access_log off;
	client_body_temp_path ${join(directory, 'client')};
	proxy_temp_path ${join(directory, 'proxy')};
	fastcgi_temp_path ${join(directory, 'fastcgi')};
	uwsgi_temp_path ${join(directory, 'uwsgi')};
	scgi_temp_path ${join(directory, 'scgi')};
${site}
}
`,
	)
	const child: ChildProcess = spawn(NGINX, ['-c', config, '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'pipe'] })
	let errors = ''
	child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
	const url = `http://127.0.0.1:${port}`
	await waitUntil(
		async () => {
			if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`)
			return fetch(`${url}/healthz`).then(
				() => true,
				() => false,
			)
		},
		{ timeoutMs: 10_000, what: () => `nginx to start: ${errors}` },
	)
	return {
		url,
		errors: () => errors,
		async stop() {
			if (child.exitCode === null) {
				const exited = new Promise((resolve) => child.once('exit', resolve))
				child.kill('SIGQUIT')
				await exited
			}
			rmSync(directory, { recursive: true, force: true })
		},
	}
}
