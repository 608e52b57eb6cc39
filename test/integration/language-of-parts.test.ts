import { parse, type HTMLElement } from 'node-html-parser'
import { expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'
import { standInSettings } from '#mock-servers/partner.ts'

/**
 * The partner's names, descriptions, sizes and photo alt texts are English on every page. A
 * Spanish page says so where they stand (WCAG 3.1.2, language of parts), so a screen reader
 * speaks them as English; an English page has nothing to say. Pages as a crawler receives them,
 * with every grid and slider filled from the partner's REST stand-in, and warm, so the heroes show
 * their photos too.
 */
const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }), browser: false })
const GOOGLEBOT = { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }

/** Spanish pages with a slider, a grid and heroes, and their English twins. */
const TWINS = [
	{ es: '/es/', en: '/' },
	{ es: '/es/ciudades/nogales/', en: '/cities/nogales/' },
	{ es: '/es/ocasiones/pesame-y-funerales/', en: '/categories/sympathy-funeral/' },
	{ es: '/es/ocasiones/flores-de-cumpleanos/', en: '/categories/birthday-flowers/' },
]

/** The page warm: its products already cached, as most visitors get it. */
async function warmPage(path: string) {
	await fetch(`${site.server.url}${path}`, { headers: GOOGLEBOT })
	const response = await fetch(`${site.server.url}${path}`, { headers: GOOGLEBOT })
	expect(response.status, path).toBe(200)
	return parse(await response.text())
}

/** The language an element is in: its own lang, or its nearest ancestor's. */
const langOf = (element: HTMLElement | null): string | undefined => (element ? (element.getAttribute('lang') ?? langOf(element.parentNode)) : undefined)

/** Every passage of the partner's words a page shows: each card's name, size and description, and every photo named by a product. */
function partnerPassages(page: HTMLElement) {
	const cards = page.querySelectorAll('[data-product-card]')
	const titles = new Set(cards.map((card) => card.querySelector('h3')?.text.trim() ?? ''))
	const photos = page.querySelectorAll('img').filter((img) => titles.has(img.getAttribute('alt') ?? ''))
	const texts = cards.flatMap((card) => [
		...card.querySelectorAll('h3'),
		...card.querySelectorAll('p').filter((paragraph) => /bouquet of seasonal blooms/.test(paragraph.text)),
		...card.querySelectorAll('span').filter((span) => /^Approximately \d+" W x \d+" H$/.test(span.text)),
	])
	return { cards, titles, photos, texts }
}

test.each(TWINS)('on $es every passage of the partner’s English says it is English; on $en none needs to', async ({ es, en }) => {
	const spanish = partnerPassages(await warmPage(es))
	expect(spanish.cards.length, es).toBeGreaterThan(0)
	expect(spanish.texts.length, es).toBeGreaterThanOrEqual(spanish.cards.length * 3)
	for (const element of [...spanish.texts, ...spanish.photos]) expect(langOf(element), `${es}: ${element.toString()}`).toBe('en')
	// The Spanish around them stays Spanish: the size's label, the price line, the note that the link opens a new tab.
	for (const card of spanish.cards) {
		const size = card.querySelectorAll('p').find((paragraph) => paragraph.text.startsWith('Tamaño: '))
		if (size) expect(langOf(size), es).toBe('es-US')
		expect(langOf(card.querySelector('.sr-only')), es).toBe('es-US')
	}
	const english = await warmPage(en)
	const passages = partnerPassages(english)
	expect(passages.cards.length, en).toBeGreaterThan(0)
	for (const element of [...passages.texts, ...passages.photos]) expect(langOf(element), `${en}: ${element.toString()}`).toBe('en-US')
	expect(
		english.querySelectorAll('main [lang]').filter((element) => element.getAttribute('lang') === 'en'),
		en,
	).toEqual([])
})

test('the Spanish home and town heroes name their photos in the partner’s English, marked as English', async () => {
	for (const path of ['/es/', '/es/ciudades/nogales/']) {
		const page = await warmPage(path)
		const { titles, photos } = partnerPassages(page)
		const hero = photos.filter((img) => img.getAttribute('fetchpriority') === 'high')
		expect(hero.length, path).toBe(4)
		for (const img of hero) {
			expect(titles.has(img.getAttribute('alt') ?? ''), path).toBe(true)
			expect(img.getAttribute('lang'), path).toBe('en')
		}
	}
})

test('a card names its arrangement once: its photo is decorative, and its link is named by the title, the price and where it opens', async () => {
	for (const path of ['/es/ocasiones/flores-de-cumpleanos/', '/categories/birthday-flowers/']) {
		const page = await warmPage(path)
		for (const card of page.querySelectorAll('[data-product-card]')) {
			const title = card.querySelector('h3')?.text.trim() ?? ''
			expect(card.querySelector('img')?.getAttribute('alt'), path).toBe('')
			const label = (card.getAttribute('aria-labelledby') ?? '')
				.split(' ')
				.map((id) => page.getElementById(id)?.text.trim())
				.join(' ')
			expect(label.split(title).length - 1, `${path}: ${label}`).toBe(1)
			expect(label.startsWith(title), label).toBe(true)
			const description = (card.getAttribute('aria-describedby') ?? '')
				.split(' ')
				.map((id) => page.getElementById(id)?.text.trim())
				.join(' ')
			expect(description, path).toMatch(/Approximately \d+" W x \d+" H.*bouquet of seasonal blooms/)
		}
	}
})
