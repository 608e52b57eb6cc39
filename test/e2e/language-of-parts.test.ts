import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { hydrated, useSite, usePage } from '#test/support/e2e.ts'
import { startPartnerStandIn, standInSettings } from '#mock-servers/partner.ts'
import { startServer } from '#test/support/server.ts'
import { chrome } from '#app/words/chrome-words.server.ts'

/**
 * The partner's English in the browser, as a visitor's Chromium renders it: the cards the server
 * sent, the cards React renders once the products stream in, and the carousel's cards all mark the
 * partner's words as English on a Spanish page, and each card's link names its arrangement once.
 * A hydration mismatch would fail the page (an error in its console).
 */
const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }) })
const opened = usePage(site, {
	viewport: { width: 1280, height: 900 },
	// A visitor's browser, not a crawler: the page streams as visitors receive it.
	userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
})

/** What a card's link says last: that it opens the partner's site in a new tab, in the page's language. */
const NEW_TAB = { es: chrome.es.partnerNewTab.trim(), en: chrome.en.partnerNewTab.trim() }

/** Each card's partner words (name, size, description) and the language the browser reads each in, as 'text: lang'. */
function partnerLanguages(page: Page, within: string) {
	return page
		.locator(`${within} [data-product-card]`)
		.evaluateAll((cards) =>
			cards.flatMap((card) =>
				[card.querySelector('h3'), card.querySelector('p[data-partner-text] span'), card.querySelector('p[data-partner-text]:last-of-type')]
					.filter((element) => element !== null)
					.map((element) => `${element.textContent ?? ''}: ${element.closest('[lang]')?.getAttribute('lang') ?? ''}`),
			),
		)
}

/** Each product card's title and its link's name, as assistive technology gets it. */
async function cardNames(page: Page, within: string) {
	return Promise.all(
		(await page.locator(`${within} [data-product-card]`).all()).map(async (card) => ({
			title: (await card.locator('h3').textContent()) ?? '',
			name: /^- link "([^"]+)"/.exec(await card.ariaSnapshot())?.[1] ?? '',
		})),
	)
}

/** The link's name says its arrangement's title once, first, and ends saying where it opens. */
function expectNamedOnce(cards: { title: string; name: string }[], newTab: string) {
	expect(cards.length).toBeGreaterThan(0)
	for (const { title, name } of cards) {
		expect(title.length).toBeGreaterThan(0)
		expect(name.startsWith(`${title} `), name).toBe(true)
		expect(name.split(title), name).toHaveLength(2)
		expect(name.endsWith(newTab), name).toBe(true)
	}
}

test('products that stream into a Spanish page are marked English as the server marks them, and each link names its arrangement once', async () => {
	const { page } = opened
	// A partner of its own that holds its listing until the page shows its placeholders.
	const slowPartner = await startPartnerStandIn()
	slowPartner.setMode('gated')
	const coldServer = await startServer({ PARTNER_BASE_URL: slowPartner.url })
	try {
		await page.goto(`${coldServer.url}/es/ocasiones/pronta-recuperacion/`, { waitUntil: 'commit' })
		await page.locator('#collection [data-state="loading"]').waitFor()
		slowPartner.release()
		await page.locator('#collection [data-state="loaded"]').waitFor({ timeout: 15_000 })
		await hydrated(page)
		const languages = await partnerLanguages(page, '#collection')
		expect(languages.length).toBeGreaterThan(0)
		for (const language of languages) expect(language).toMatch(/.+: en$/)
		const cards = await cardNames(page, '#collection')
		expectNamedOnce(cards, NEW_TAB.es)
		const title = cards[0]?.title ?? ''
		expect(await page.getByRole('link', { name: title }).count()).toBe(1)
		// The card's photo is decorative beside its title.
		expect(await page.getByRole('link', { name: title }).getByRole('img').count()).toBe(0)
	} finally {
		await coldServer.stop()
		await slowPartner.stop()
	}
})

test('a Spanish grid’s size and description describe the link in the partner’s English, the size’s label in Spanish', async () => {
	const { page } = opened
	site.partner.setMode('ok')
	await page.goto(`${site.server.url}/es/ocasiones/flores-de-cumpleanos/`)
	await page.locator('#collection [data-state="loaded"]').waitFor()
	await hydrated(page)
	for (const language of await partnerLanguages(page, '#collection')) expect(language).toMatch(/.+: en$/)
	const size = page.locator('#collection [data-product-card] p', { hasText: 'Tamaño:' }).first()
	expect(await size.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).toBe('es-US')
	const cards = await cardNames(page, '#collection')
	expectNamedOnce(cards, NEW_TAB.es)
	const link = page.getByRole('link', { name: cards[0]?.title ?? '' })
	const description = await link.evaluate((element) =>
		(element.getAttribute('aria-describedby') ?? '')
			.split(' ')
			.map((id) => document.getElementById(id)?.textContent)
			.join(' '),
	)
	expect(description).toMatch(/^Tamaño: Approximately \d+" W x \d+" H A hand-arranged \w+ bouquet of seasonal blooms & greenery\.$/)
})

test('the Spanish home’s hero photos and the carousel’s cards, rendered in the browser, are marked English too', async () => {
	const { page } = opened
	site.partner.setMode('ok')
	// Once for the products to be cached, so the hero shows its photos; then as a visitor.
	await page.goto(`${site.server.url}/es/`)
	await hydrated(page)
	await page.goto(`${site.server.url}/es/`)
	await hydrated(page)
	const hero = page.locator('img[fetchpriority="high"]')
	expect(await hero.count()).toBe(4)
	for (const img of await hero.all()) {
		expect(await img.getAttribute('lang')).toBe('en')
		expect(await img.getAttribute('alt')).toMatch(/^(\w+ )+[A-Z]{2}\d\d$/)
	}
	await page.locator('#slider-featured').scrollIntoViewIfNeeded()
	await page.locator('[data-carousel="ready"]').waitFor()
	const languages = await partnerLanguages(page, '[data-carousel="ready"]')
	expect(languages.length).toBeGreaterThan(0)
	for (const language of languages) expect(language).toMatch(/.+: en$/)
	expectNamedOnce(await cardNames(page, '[data-carousel="ready"]'), NEW_TAB.es)
})

test('on an English page the partner’s words carry no language of their own, and a card’s link still names its arrangement once', async () => {
	const { page } = opened
	site.partner.setMode('ok')
	await page.goto(`${site.server.url}/categories/birthday-flowers/`)
	await page.locator('#collection [data-state="loaded"]').waitFor()
	await hydrated(page)
	for (const language of await partnerLanguages(page, '#collection')) expect(language).toMatch(/.+: en-US$/)
	expectNamedOnce(await cardNames(page, '#collection'), NEW_TAB.en)
})
