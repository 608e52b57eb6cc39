import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, test } from 'vitest'
import { createExtractionWorker } from '#app/server/partner/extract-runner.server.ts'
import { extractProducts } from '#app/server/partner/extract.server.ts'

const BASE = 'https://www.floristone.com/birthday-flowers'
const fixture = (name: string) => readFileSync(`mock-servers/partner/pages/${name}`, 'utf8')

test('a listing page: product links with images, resolved, de-duplicated, noise skipped', () => {
	expect(extractProducts(fixture('listing-grid.html'), BASE)).toEqual([
		{
			title: 'Bright Birthday Bouquet',
			price: '$49.99',
			image: 'https://cdn.floristone.com/large/T12-1A.jpg',
			url: 'https://www.floristone.com/detail.cfm?dcode=T12-1A&occ=bd',
		},
		{
			title: 'Sunny Sunflowers',
			price: '$64.95',
			image: 'https://cdn.floristone.com/large/F6-213.jpg',
			url: 'https://www.floristone.com/detail.cfm?dcode=F6-213',
		},
		{
			title: 'Pink Rose Celebration',
			price: '$1,249.50',
			image: 'https://www.floristone.com/large/B24-4426.jpg',
			url: 'https://www.floristone.com/detail.cfm?dcode=B24-4426',
		},
		{
			title: 'Orchid Garden',
			image: 'https://www.floristone.com/large/orchid.jpg',
			url: 'https://www.floristone.com/plants/orchid-garden',
		},
	])
})

test('hostile markup: no javascript: or data: URLs survive, titles stay plain text', () => {
	const products = extractProducts(fixture('hostile.html'), BASE)
	expect(products.map((product) => product.url)).toEqual([
		'https://www.floristone.com/detail.cfm?dcode=XSS',
		'https://www.floristone.com/detail.cfm?dcode=SPACE',
	])
	expect(products[0]?.title).toBe("<script>alert('x')</script><img src=x onerror=alert(1)>")
	expect(products[0]?.price).toBe('$39.99')
	expect(products[1]?.title).toBe('Spaced out title')
	for (const product of products) {
		expect(product.url).toMatch(/^https:/)
		expect(product.image).toMatch(/^https:/)
	}
})

test('at most 50 products per page; a title defaults to "View Product"', () => {
	const cards = Array.from({ length: 80 }, (_, n) => `<div><a href="/detail.cfm?dcode=P${n}"><img src="/large/${n}.jpg"></a></div>`).join('')
	const products = extractProducts(`<html><body>${cards}</body></html>`, BASE)
	expect(products).toHaveLength(50)
	expect(products[0]?.title).toBe('View Product')
})

test('garbage and empty input give no products rather than an error', () => {
	expect(extractProducts('', BASE)).toEqual([])
	expect(extractProducts('\u0000\u0001<<<>>>&&&<a href=', BASE)).toEqual([])
	expect(extractProducts('{"json": true}', BASE)).toEqual([])
})

/** The worker threads this process runs now, as its diagnostic report lists them. */
const workerThreads = () => (process.report.getReport() as { workers: unknown[] }).workers.length

// Before the other worker tests, so no thread of theirs is still ending while this one counts.
test('close terminates the worker thread: a page waiting in line and any page after are refused', async () => {
	const extraction = createExtractionWorker()
	const before = workerThreads()
	extraction.prepare()
	const html = fixture('listing-grid.html')
	expect(await extraction.extract(html, BASE)).toEqual(extractProducts(html, BASE))
	expect(workerThreads()).toBe(before + 1)
	const nested = Array.from({ length: 12_000 }, (_, n) => `<div><a href="/detail.cfm?dcode=N${n}"><img src="/large/${n}.jpg">`).join('')
	// One page on the worker, one waiting in line.
	const pages = Promise.allSettled([extraction.extract(nested, BASE, 10_000), extraction.extract(html, BASE)])
	await extraction.close()
	expect(workerThreads()).toBe(before)
	const [running, waiting] = await pages
	expect(running).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining('Product extraction stopped') } })
	expect(waiting).toMatchObject({ status: 'rejected', reason: { message: 'Product extraction stopped: the server is shutting down' } })
	await expect(extraction.extract(html, BASE)).rejects.toThrow('Product extraction stopped: the server is shutting down')
	extraction.prepare()
	expect(workerThreads()).toBe(before)
})

describe('extraction in a worker thread', () => {
	const extraction = createExtractionWorker()
	afterAll(() => extraction.close())
	const extractInWorker = extraction.extract
	test('returns the same products as in-process extraction', async () => {
		const html = fixture('listing-grid.html')
		expect(await extractInWorker(html, BASE)).toEqual(extractProducts(html, BASE))
	})

	test("the limit measures each page's extraction, not the worker's start or the wait in line", async () => {
		const html = fixture('listing-grid.html')
		const expected = extractProducts(html, BASE)
		// Thirty pages at once, each allowed 250 ms: together they take longer than that, but none is abandoned.
		const results = await Promise.all(Array.from({ length: 30 }, () => extractInWorker(html, BASE, 250)))
		expect(results).toHaveLength(30)
		for (const products of results) expect(products).toEqual(expected)
	})

	test('after a page is abandoned, the next page gets a fresh worker and succeeds', async () => {
		const nested = Array.from({ length: 12_000 }, (_, n) => `<div><a href="/detail.cfm?dcode=N${n}"><img src="/large/${n}.jpg">`).join('')
		const html = fixture('listing-grid.html')
		const [abandoned, next] = await Promise.allSettled([extractInWorker(nested, BASE, 200), extractInWorker(html, BASE, 1_000)])
		expect(abandoned.status).toBe('rejected')
		expect(next).toEqual({ status: 'fulfilled', value: extractProducts(html, BASE) })
	})

	test('a pathological page is abandoned at the time limit while the main thread stays free', async () => {
		// 12,000 unclosed nested cards: several seconds of parsing in-process.
		const nested = Array.from({ length: 12_000 }, (_, n) => `<div><a href="/detail.cfm?dcode=N${n}"><img src="/large/${n}.jpg">`).join('')
		let ticks = 0
		const timer = setInterval(() => (ticks += 1), 10)
		const started = performance.now()
		await expect(extractInWorker(nested, BASE, 300)).rejects.toThrow('Product extraction exceeded 300 ms; page abandoned')
		clearInterval(timer)
		expect(performance.now() - started).toBeLessThan(5_000)
		expect(ticks).toBeGreaterThan(5)
	})
})

test('lazy images: a data: or blank-gif src gives way to data-src, data-srcset or srcset (the largest)', () => {
	const card = (img: string, code: string) => `<div class="item"><a href="/detail.cfm?dcode=${code}">${img}</a><span class="price">$45.00</span></div>`
	const html = [
		card('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/large/L1_d1.jpg" alt="Lazy One">', 'L1'),
		card('<img src="/images/blank.gif" data-srcset="/small/L2_t1.jpg 200w, /large/L2_d1.jpg 500w" alt="Lazy Two">', 'L2'),
		card(
			'<img src="https://www.floristone.com/img/spacer.gif" srcset="https://cdn.floristone.com/large/L3_d1.jpg 2x, https://cdn.floristone.com/small/L3_t1.jpg 1x" alt="Lazy Three">',
			'L3',
		),
		card('<img src="data:image/png;base64,AAAA" alt="Nothing real">', 'L4'),
		card('<img src="https://cdn.floristone.com/large/L5_d1.jpg" data-src="/large/other.jpg" alt="Plain">', 'L5'),
	].join('')
	expect(extractProducts(html, BASE).map(({ title, image }) => [title, image])).toEqual([
		['Lazy One', 'https://www.floristone.com/large/L1_d1.jpg'],
		['Lazy Two', 'https://www.floristone.com/large/L2_d1.jpg'],
		['Lazy Three', 'https://cdn.floristone.com/large/L3_d1.jpg'],
		['Plain', 'https://cdn.floristone.com/large/L5_d1.jpg'],
	])
})
