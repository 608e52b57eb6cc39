import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { standInSettings, startPartnerStandIn, type PartnerStandIn } from '#mock-servers/partner.ts'
import { startServer, type RunningServer } from '#test/support/server.ts'

const CRAWLER = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }
const BROWSER_ACCEPT = { avif: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8', webp: 'image/webp,image/*,*/*;q=0.8', jpeg: 'image/*,*/*;q=0.8' }

let partner: PartnerStandIn
let server: RunningServer
beforeAll(async () => {
	partner = await startPartnerStandIn()
	server = await startServer(standInSettings(partner, { rest: true }))
})
afterAll(async () => {
	await server?.stop()
	await partner?.stop()
})

/** A page as a visitor after the first gets it: its products already cached. */
async function pageImages(path: string) {
	await (await fetch(`${server.url}${path}`, { headers: CRAWLER })).text()
	const body = await (await fetch(`${server.url}${path}`, { headers: CRAWLER })).text()
	const tags = body.match(/<img\b[^>]*>/g) ?? []
	return { body, tags }
}

const photoIds = (tags: string[]) => tags.flatMap((tag) => /src="\/photos\/([\w-]{22})\/\d+\.img"/.exec(tag)?.[1] ?? [])
const originalFetches = () => partner.hits.filter((hit) => /^\/(large|small)\//.test(hit)).length

test('pages reference only photos on our own origin, with srcset, sizes, width and height; nothing loads before it is near', async () => {
	for (const path of ['/categories/birthday-flowers/', '/cities/phoenix/', '/']) {
		const { body, tags } = await pageImages(path)
		const cards = tags.filter((tag) => tag.includes('loading="lazy"'))
		expect(cards.length, path).toBeGreaterThan(3)
		for (const tag of cards) {
			expect(tag, path).toMatch(/ src="\/photos\/[\w-]{22}\/320\.img"/)
			expect(tag).toMatch(/ srcSet="\/photos\/[\w-]{22}\/160\.img 160w, .*640\.img 640w"/)
			expect(tag).toMatch(/ sizes="[^"]+"/)
			expect(tag).toMatch(/ width="480" height="480"/)
		}
		// The hero's photos: wide screens take them from our origin at once; a phone takes an empty pixel.
		const hero = [...body.matchAll(/<picture><source media="\(min-width: 1024px\)" srcSet="([^"]+)"[^>]*\/><img ([^>]+)\/><\/picture>/g)]
		expect(hero, path).toHaveLength(4)
		for (const [, srcSet, img] of hero) {
			expect(srcSet).toMatch(/^\/photos\/[\w-]{22}\/160\.img 160w, /)
			expect(img).toMatch(/^src="data:image\/gif;base64,/)
			expect(img).toContain('fetchPriority="high"')
		}
		// Every image address on the page is ours (or the empty pixel): none is the partner's.
		const addresses = [...body.matchAll(/<(?:img|source)\b[^>]*?\b(?:src|srcSet)="([^"]+)"/g)].flatMap((match) =>
			(match[1] ?? '').split(', ').map((entry) => entry.split(' ')[0] ?? ''),
		)
		expect(addresses.every((address) => address.startsWith('/photos/') || address.startsWith('data:image/gif'))).toBe(true)
		// No partner image address anywhere in the page, not even in the data for hydration.
		expect(body).not.toMatch(/\/(large|small)\/[A-Z]{2}\d{2}_[dt]1\.jpg/)
	}
	const api = await (await fetch(`${server.url}/api/products?category=birthday-flowers`)).text()
	expect(api).not.toContain('/large/')
})

test('the photo endpoint: the format by Accept, the width asked for, immutable for a year, varying by Accept', async () => {
	const [id] = photoIds((await pageImages('/categories/anniversary/')).tags)
	for (const [format, accept] of Object.entries(BROWSER_ACCEPT)) {
		for (const width of [160, 480]) {
			const response = await fetch(`${server.url}/photos/${id}/${width}.img`, { headers: { accept } })
			expect(response.status).toBe(200)
			expect(response.headers.get('content-type')).toBe(`image/${format}`)
			expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
			expect(response.headers.get('vary')).toMatch(/Accept/)
			const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
			expect(meta.width).toBe(width)
		}
	}
})

test('a second request comes from the cache without a partner fetch; many concurrent first requests make one fetch', async () => {
	const ids = photoIds((await pageImages('/categories/get-well-soon/')).tags)
	const [first, second] = ids
	const fetches = originalFetches()
	await (await fetch(`${server.url}/photos/${first}/320.img`, { headers: { accept: BROWSER_ACCEPT.avif } })).arrayBuffer()
	expect(originalFetches()).toBe(fetches + 1)
	for (let round = 0; round < 5; round += 1) {
		await (await fetch(`${server.url}/photos/${first}/320.img`, { headers: { accept: BROWSER_ACCEPT.avif } })).arrayBuffer()
	}
	expect(originalFetches()).toBe(fetches + 1)

	const burst = await Promise.all(
		Array.from({ length: 60 }, (_, n) =>
			fetch(`${server.url}/photos/${second}/${[160, 320, 480][n % 3]}.img`, { headers: { accept: BROWSER_ACCEPT.webp } }).then(async (response) => {
				await response.arrayBuffer()
				return response.status
			}),
		),
	)
	expect(burst.every((status) => status === 200)).toBe(true)
	expect(originalFetches()).toBe(fetches + 2)
})

test('an id the site never showed, or a width no layout uses: a small neutral placeholder, kept briefly', async () => {
	for (const path of ['/photos/AAAAAAAAAAAAAAAAAAAAAA/320.img', '/photos/not-an-id/320.img', '/photos/AAAAAAAAAAAAAAAAAAAAAA/9999.img']) {
		const response = await fetch(`${server.url}${path}`)
		expect(response.status).toBe(404)
		expect(response.headers.get('content-type')).toBe('image/svg+xml')
		expect(response.headers.get('cache-control')).toBe('public, max-age=300')
		expect((await response.text()).length).toBeLessThan(300)
	}
})
