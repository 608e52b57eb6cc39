import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer, type RunningServer } from '../support/server.ts'

const SECRETS = {
	FIRECRAWL_API_KEY: 'fc-secret-crawl-key-7f3a9',
	FLORISTONE_API_KEY: 'fo-secret-api-key-51c2e',
	FLORISTONE_API_PASSWORD: 'fo-secret-password-99d1b',
}

let server: RunningServer
beforeAll(async () => {
	server = await startServer(SECRETS)
})
afterAll(async () => {
	await server.stop()
})

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
	)
}

test('no secret setting appears in any rendered page or feed', async () => {
	for (const path of ['/', '/cities/', '/cities/phoenix/', '/categories/birthday-flowers/', '/about/', '/contact/', '/terms/', '/no-such-page/', '/sitemap.xml', '/rss.xml', '/robots.txt']) {
		const body = await (await fetch(`${server.url}${path}`)).text()
		expect(body.length, path).toBeGreaterThan(50)
		for (const secret of Object.values(SECRETS)) expect(body, `${path} leaks a secret`).not.toContain(secret)
	}
})

test('no secret name or value is in any file of the client build', () => {
	const files = filesUnder(join(process.cwd(), 'build/client'))
	expect(files.some((file) => file.endsWith('.js'))).toBe(true)
	for (const file of files) {
		const text = readFileSync(file, 'latin1')
		for (const secret of Object.values(SECRETS)) expect(text, file).not.toContain(secret)
		for (const name of Object.keys(SECRETS)) expect(text, file).not.toContain(name)
		expect(text, file).not.toContain('DATABASE_PATH')
	}
})
