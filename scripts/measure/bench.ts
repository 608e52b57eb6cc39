/**
 * Product pipeline benchmark (prints figures; never a pass/fail test):
 * extraction time per fixture page, warm-cache lookup p50/p99, photo encode
 * time and size per width and format with the encoder's memory, and the
 * server render time of a category page with a warm cache.
 * Run after `npm run build`: `npm run bench`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { openMigratedDatabase } from '#app/server/store/migrator.server.ts'
import type { DatabaseSchema } from '#app/server/store/db.server.ts'
import { createExtractionWorker, extractProducts, createPageCache, encodePhoto } from '#app/server/offers/partner-tools.server.ts'
import { productPhoto, startPartnerStandIn } from '#mock-servers/partner.ts'
import { PHOTO_WIDTHS } from '#app/domain/photo-urls.ts'
import { startServer } from '#scripts/lib/server.ts'

const BASE = 'https://www.floristone.com/birthday-flowers'

function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

function summary(samples: number[]) {
	const sorted = [...samples].sort((a, b) => a - b)
	return `p50 ${percentile(sorted, 50).toFixed(3)} ms  p99 ${percentile(sorted, 99).toFixed(3)} ms  (n=${samples.length})`
}

async function time<T>(run: () => Promise<T> | T): Promise<number> {
	const started = performance.now()
	await run()
	return performance.now() - started
}

const pages: [string, string][] = readdirSync('mock-servers/partner/pages').map((file) => [
	file,
	readFileSync(join('mock-servers/partner/pages', file), 'utf8'),
])
pages.push([
	'generated: 50 product cards',
	Array.from(
		{ length: 50 },
		(_, n) =>
			`<div class="card"><a href="/detail.cfm?dcode=P${n}"><img src="/large/${n}.jpg" alt="Bouquet ${n}"></a><span class="price">$${40 + n}.99</span></div>`,
	).join(''),
])
pages.push(['generated: 4,000 unclosed nested tags', '<div><span><b>'.repeat(4_000)])

console.log('Extraction per page (in-process median of 20; in a worker thread, once):')
const extraction = createExtractionWorker()
for (const [name, html] of pages) {
	const runs: number[] = []
	for (let index = 0; index < 20; index += 1) runs.push(await time(() => extractProducts(html, BASE)))
	const worker = await time(() => extraction.extract(html, BASE, 10_000))
	const median = [...runs].sort((a, b) => a - b)[10] ?? 0
	console.log(`  ${name.padEnd(40)} ${String(html.length).padStart(9)} B  ${median.toFixed(2).padStart(8)} ms  worker ${worker.toFixed(1).padStart(7)} ms`)
}
await extraction.close()

const { db } = await openMigratedDatabase<DatabaseSchema>(':memory:')
const products = extractProducts(pages[0]?.[1] ?? '', BASE)
const cache = createPageCache({ db, load: async () => ({ html: '', products }) })
await cache.get(BASE)
const lookups: number[] = []
for (let index = 0; index < 5_000; index += 1) lookups.push(await time(() => cache.get(BASE)))
console.log(`Warm-cache lookup (memory + SQLite read, hit logged): ${summary(lookups)}`)

// Photo encoding: the stand-in's partner-weight photo (500 px JPEG, about 110 kB) at every layout width and format.
{
	const original = await productPhoto('bench', 500)
	const rssBefore = process.memoryUsage().rss
	let peak = rssBefore
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5)
	console.log(`Photo encoding, ${(original.length / 1024).toFixed(0)} kB 500 px JPEG original (median of 5; bytes of the result):`)
	for (const format of ['avif', 'webp', 'jpeg'] as const) {
		const cells: string[] = []
		for (const width of PHOTO_WIDTHS) {
			const runs: number[] = []
			let bytes = 0
			for (let index = 0; index < 5; index += 1) runs.push(await time(async () => (bytes = (await encodePhoto(original, width, format)).length)))
			const median = [...runs].sort((a, b) => a - b)[2] ?? 0
			cells.push(`${width}w ${median.toFixed(0).padStart(3)} ms ${(bytes / 1024).toFixed(1).padStart(5)} kB`)
		}
		console.log(`  ${format.padEnd(5)} ${cells.join('  ')}`)
	}
	clearInterval(sampler)
	console.log(
		`  encoder memory: RSS ${(rssBefore / 1048576).toFixed(0)} MB before, peak ${(peak / 1048576).toFixed(0)} MB while encoding (+${((peak - rssBefore) / 1048576).toFixed(0)} MB)`,
	)
}

const partner = await startPartnerStandIn()
try {
	for (const [label, env] of [
		['rendered each time (RENDER_CACHE_MAX_MB=0)', { RENDER_CACHE_MAX_MB: '0' }],
		['from the rendered-page cache', {}],
	] as const) {
		const server = await startServer({ PARTNER_BASE_URL: partner.url, ...env })
		try {
			const url = `${server.url}/categories/birthday-flowers/`
			for (let index = 0; index < 3; index += 1) await (await fetch(url)).text()
			const renders: number[] = []
			for (let index = 0; index < 300; index += 1) renders.push(await time(async () => (await fetch(url)).text()))
			console.log(`Category page, warm product cache, ${label}, full response over loopback: ${summary(renders)}`)
		} finally {
			await server.stop()
		}
	}
} finally {
	await partner.stop()
}
