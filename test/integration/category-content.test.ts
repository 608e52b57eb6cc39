import { readFileSync } from 'node:fs'
import { parse } from 'node-html-parser'
import { expect, test } from 'vitest'
import { auditPages, mainText, tokenize } from '#scripts/operations/content-audit.ts'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

/** The nine category pages as a crawler receives them, with full grids (the REST stand-in). */
const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }), browser: false })

type CategoryRow = { slug: string; name: string; guidance: { title: string }[] }
const categories = JSON.parse(readFileSync('data/categories.json', 'utf8')) as CategoryRow[]

test('every category page has guidance of its own (at least 150 words on no other category page), and no two show the identical grid', async () => {
	const readings = []
	for (const category of categories) {
		const response = await fetch(`${site.server.url}/categories/${category.slug}/`, { headers: { 'user-agent': 'Googlebot/2.1' } })
		expect(response.status, category.slug).toBe(200)
		const html = await response.text()
		for (const section of category.guidance) expect(html, category.slug).toContain(section.title)
		const { text, cards } = mainText(html)
		readings.push({ slug: category.slug, words: tokenize(text, { slug: category.slug, name: category.name, county: '' }, []), cards })
	}
	const result = auditPages(readings)
	console.info(result.figures.map((row) => `${row.slug.padEnd(18)} ${row.ownWords} own words, nearest ${row.nearest} ${row.similarity.toFixed(3)}`).join('\n'))
	expect(result.problems).toEqual([])
	for (const reading of readings) expect(reading.cards.length, reading.slug).toBeGreaterThanOrEqual(12)
	const graduation = readings.find((reading) => reading.slug === 'graduation')
	const justBecause = readings.find((reading) => reading.slug === 'just-because')
	expect(graduation?.cards).not.toEqual(justBecause?.cards)
}, 120_000)

test('Graduation and Just Because, the partner’s one all-occasion list, each say so beside their grid and link the other; other pages do not', async () => {
	const said = async (slug: string) => {
		const html = await (await fetch(`${site.server.url}/categories/${slug}/`)).text()
		const collection = parse(html).querySelector('#collection')
		const note = collection?.querySelectorAll('p').find((paragraph) => paragraph.text.includes('selection'))
		return {
			text: note?.text.replace(/\s+/g, ' ').trim(),
			links: note?.querySelectorAll('a').map((link) => link.getAttribute('href')) ?? [],
			grid: collection?.text ?? '',
		}
	}
	const justBecause = await said('just-because')
	expect(justBecause.text).toBe('These arrangements are Florist One’s all-occasion selection, the same selection as on our Graduation Flowers page.')
	expect(justBecause.links).toEqual(['/categories/graduation/'])
	const graduation = await said('graduation')
	expect(graduation.text).toBe('These arrangements are Florist One’s all-occasion selection, the same selection as on our Just Because Flowers page.')
	expect(graduation.links).toEqual(['/categories/just-because/'])
	for (const slug of ['birthday-flowers', 'anniversary', 'sympathy-funeral']) expect((await said(slug)).text, slug).toBeUndefined()
})
