/**
 * `npm run dev:mocks`: `npm run dev` (the server from source, Vite in middleware mode) against the
 * partner stand-in of mock-servers/ instead of the real partner, so every page has products with
 * nothing but this machine: the stand-in's REST API fills every grid and slider ("Bright Bouquet
 * BD01", "Sunny Sunflowers BD02", …) and answers delivery dates and order totals, and its product
 * photos are served resized as the partner's are. With `-- --pages` the products come from the
 * stand-in's listing pages instead (the site's own reader of partner pages, no REST credentials).
 *
 * The stand-in listens on 127.0.0.1 at MOCK_PARTNER_PORT (3100; 0 takes any free port). The site
 * keeps what it reads from it in its own SQLite file, var/dev-mocks.sqlite unless DATABASE_PATH
 * names another, so the real partner's kept pages and the stand-in's never mix. Every other
 * setting is read from the environment as `npm run dev` reads it.
 *
 * Ctrl-C (or SIGTERM, or the terminal closing) stops the server, then the stand-in; a server that
 * stops of itself stops the stand-in too, and its exit code is this script's.
 */
import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import { parseArgs } from 'node:util'
import { standInSettings, startPartnerStandIn } from '#mock-servers/partner.ts'

const { values } = parseArgs({ options: { pages: { type: 'boolean', default: false } } })
const port = Number(process.env.MOCK_PARTNER_PORT || 3100)

const partner = await startPartnerStandIn({ port }).catch((error: NodeJS.ErrnoException) => {
	if (error.code !== 'EADDRINUSE') throw error
	console.error(`Port ${port} is taken: set MOCK_PARTNER_PORT to another port for the partner stand-in (0 takes any free one).`)
	process.exit(1)
})
const databasePath = process.env.DATABASE_PATH || 'var/dev-mocks.sqlite'
const env: NodeJS.ProcessEnv = {
	...process.env,
	NODE_ENV: 'development',
	DATABASE_PATH: databasePath,
	// The stand-in's products stay in their own SQLite file, never in a shared PostgreSQL.
	DATABASE_URL: '',
	// With --pages no product source outranks the listing pages (empty counts as unset).
	...(values.pages ? { FLORISTONE_API_KEY: '', FLORISTONE_API_PASSWORD: '', FIRECRAWL_API_KEY: '' } : {}),
	...standInSettings(partner, { rest: !values.pages }),
}
console.log(`Partner stand-in at ${partner.url} (products from its ${values.pages ? 'listing pages' : 'REST API'}); the site keeps them in ${databasePath}.`)

const server = spawn(process.execPath, ['server.ts'], { env, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
	// The server is stopped as Ctrl-C stops `npm run dev`, whoever sent the signal: SIGINT, and its
	// graceful shutdown. (Vite in the development server ends the process with 143 on a SIGTERM.)
	process.on(signal, () => {
		if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT')
	})
}
const code = await new Promise<number>((resolve) => {
	server.once('error', (error) => {
		console.error(error)
		resolve(1)
	})
	server.once('exit', (exitCode, signal) => resolve(exitCode ?? 128 + (signal ? constants.signals[signal] : 0)))
})
await partner.stop()
process.exitCode = code
