import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { cityImageText } from '#app/server/social-images.server.ts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { metaContent } from '#test/support/html.ts'
import { startServer, type RunningServer } from '#test/support/server.ts'

let server: RunningServer
beforeAll(async () => {
	server = await startServer()
})
afterAll(async () => {
	await server?.stop()
})

/** Every page type, as a link preview reads it. */
const PAGES = [
	'/',
	'/cities/',
	'/cities/flagstaff/',
	'/categories/sympathy-funeral/',
	'/categories/birthday-flowers/',
	'/about/',
	'/contact/',
	'/privacy-policy/',
	'/terms/',
	'/search/?q=10001',
	'/no-such-page/',
	'/categories/spring-tulips/',
]

async function imageOf(path: string) {
	const body = await (await fetch(`${server.url}${path}`)).text()
	const og = metaContent(body, 'og:image') ?? ''
	expect(metaContent(body, 'twitter:image'), path).toBe(og)
	expect(metaContent(body, 'twitter:card'), path).toBe('summary_large_image')
	expect(metaContent(body, 'og:image:width'), path).toBe('1200')
	expect(metaContent(body, 'og:image:height'), path).toBe('630')
	expect(metaContent(body, 'og:image:alt'), path).toBeTruthy()
	return og
}

test('every page type names a 1200×630 PNG that loads, on the site’s own origin', async () => {
	for (const path of PAGES) {
		const og = await imageOf(path)
		expect(og, path).toMatch(/^https?:\/\/[^/]+\/social\/[a-z/-]+\.png$/)
		const response = await fetch(new URL(new URL(og).pathname, server.url))
		expect(response.status, og).toBe(200)
		expect(response.headers.get('content-type')).toBe('image/png')
		expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/)
		const { width, height, format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
		expect({ width, height, format }, og).toEqual({ width: 1200, height: 630, format: 'png' })
	}
})

test('the home page, a city and a category each have a picture of their own; other pages share the site’s', async () => {
	const [home, city, category, about, contact] = await Promise.all(
		['/', '/cities/flagstaff/', '/categories/sympathy-funeral/', '/about/', '/contact/'].map(imageOf),
	)
	expect(new Set([home, city, category, about]).size).toBe(4)
	expect(about).toBe(contact)
	expect(new URL(city ?? '').pathname).toBe('/social/cities/flagstaff.png')
	const pixels = await Promise.all(
		[home, city, category].map(async (url) =>
			(await fetch(new URL(new URL(url ?? '').pathname, server.url))).arrayBuffer().then((bytes) => Buffer.from(bytes).toString('base64')),
		),
	)
	expect(new Set(pixels).size).toBe(3)
})

test('no picture is made for an address the site does not have', async () => {
	for (const path of [
		'/social/cities/atlantis.png',
		'/social/categories/spring-tulips.png',
		'/social/cities/%3Cscript%3E.png',
		'/social/anything.png',
		'/social/cities/flagstaff.jpg',
	]) {
		const response = await fetch(`${server.url}${path}`)
		await response.arrayBuffer()
		expect(response.status, path).toBe(404)
		expect(response.headers.get('content-type'), path).not.toContain('image')
	}
})

test('a town’s picture says who delivers there as its page does: local florists only where one is based in town', async () => {
	const alt = async (slug: string) => metaContent(await (await fetch(`${server.url}/cities/${slug}/`)).text(), 'og:image:alt') ?? ''
	expect(await alt('phoenix')).toBe('Flower Delivery in Phoenix, AZ. Maricopa County, Arizona · local florists')
	// A florist drives in from a nearby town.
	expect(await alt('anthem')).toBe('Flower Delivery in Anthem, AZ. Maricopa County, Arizona · florists from nearby towns')
	// A remote town: the florist makes the trip out.
	expect(await alt('ajo')).toBe('Flower Delivery in Ajo, AZ. Pima County, Arizona · a florist drives out, order a day ahead')
	const home = metaContent(await (await fetch(`${server.url}/`)).text(), 'og:image:alt') ?? ''
	expect(home).not.toMatch(/local florist/i)
})

/** Whether the picture's right-hand margin (the last 60 px, from the title's foot down) holds any of its light text. */
async function textReachesTheEdge(png: ArrayBuffer): Promise<boolean> {
	const { data, info } = await sharp(Buffer.from(png)).removeAlpha().raw().toBuffer({ resolveWithObject: true })
	for (let y = 470; y < info.height; y++)
		for (let x = info.width - 60; x < info.width; x++) {
			const at = (y * info.width + x) * info.channels
			if ((data[at] ?? 0) > 200 && (data[at + 1] ?? 0) > 170 && (data[at + 2] ?? 0) > 180) return true
		}
	return false
}

test('every town’s picture, in both languages, keeps its whole line under the title inside the picture', async () => {
	const slugs = (JSON.parse(readFileSync('data/cities.json', 'utf8')) as { cities: { slug: string }[] }).cities.map((city) => city.slug)
	expect(slugs.length).toBeGreaterThan(60)
	// The line under the title is one of a few (a county and who delivers, in a language): each is drawn and
	// looked at once, on the town of that line with the longest title.
	const lines = new Map<string, { path: string; title: string }>()
	for (const slug of slugs)
		for (const [root, lang] of [
			['/social', 'en'],
			['/social/es', 'es'],
		] as const) {
			const text = cityImageText(slug, lang)
			expect(text, slug).toBeDefined()
			const kept = lines.get(`${lang} ${text?.subtitle}`)
			if (!kept || (text?.title.length ?? 0) > kept.title.length)
				lines.set(`${lang} ${text?.subtitle}`, { path: `${root}/cities/${slug}.png`, title: text?.title ?? '' })
		}
	const cut: string[] = []
	for (const { path } of lines.values()) {
		const response = await fetch(`${server.url}${path}`)
		expect(response.status, path).toBe(200)
		if (await textReachesTheEdge(await response.arrayBuffer())) cut.push(path)
	}
	expect(lines.size).toBeGreaterThan(10)
	expect(cut).toEqual([])
}, 120_000)
