import { createServer } from 'node:http'
import { expect, test } from 'vitest'
import { startProxy } from '#scripts/lib/proxy.ts'

/**
 * The deployment's nginx configuration against an instance that takes as long as the site may
 * take for a page: the stream timeout (10 s) and its second for flushing, less a little.
 */
test('a cold page whose render takes as long as the site allows reaches the instances once, however many wait for it', async () => {
	let renders = 0
	const slow = createServer((request, response) => {
		if (request.url === '/healthz') return void response.end('ok')
		renders += 1
		setTimeout(() => {
			response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'public, max-age=0, s-maxage=300' })
			response.end('<!doctype html><title>Slow page</title>')
		}, 10_500)
	})
	await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
	const address = slow.address()
	const upstream = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
	const proxy = await startProxy([upstream, upstream])
	try {
		const answers = await Promise.all(
			Array.from({ length: 20 }, () =>
				fetch(`${proxy.url}/categories/anniversary/`).then(async (response) => [response.status, await response.text()] as const),
			),
		)
		expect(answers.every(([status, body]) => status === 200 && body.includes('Slow page'))).toBe(true)
		expect(renders).toBe(1)
	} finally {
		await proxy.stop()
		slow.close()
	}
}, 60_000)
