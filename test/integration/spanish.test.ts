import { parse } from 'node-html-parser'
import { beforeAll, expect, test } from 'vitest'
import { auditPages, listedCities, report, tokenize, type PageReading } from '#scripts/operations/content-audit.ts'
import { mainText } from '#scripts/ci/content-rules.ts'
import { jsonLdBlocks, linkHref } from '#test/support/html.ts'
import { useSite } from '#test/support/e2e.ts'
import { englishPhrases, frameText, knownNames, languageOf, numbersOf, ownBlocks, unknownSpanishWords, wordsOf } from '#test/support/spanish.ts'
import { standInSettings } from '#mock-servers/partner.ts'

/**
 * Every Spanish page the sitemap lists, as a crawler receives it with products in every grid and
 * slider (the partner's REST stand-in), read against its English twin: its language, paragraph by
 * paragraph; its spelling; the numbers it states; its language links, in the page and in the
 * sitemap; and, among the town pages, words of their own.
 */
const site = useSite({ partner: true, settings: (partner) => standInSettings(partner, { rest: true }), browser: false })
const GOOGLEBOT = { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }

type Entry = { path: string; links: Record<string, string> }
/** The sitemap's Spanish pages, each with its language links there; their pages; their English twins' pages. */
const entries: Entry[] = []
const spanish = new Map<string, string>()
const english = new Map<string, string>()

const relative = (url: string) => new URL(url).pathname

async function page(path: string): Promise<string> {
	const response = await fetch(`${site.server.url}${path}`, { headers: GOOGLEBOT, redirect: 'manual' })
	expect(response.status, path).toBe(200)
	return response.text()
}

beforeAll(async () => {
	const sitemap = await (await fetch(`${site.server.url}/sitemap.xml`)).text()
	for (const [, body = ''] of sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
		const path = relative(/<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? '')
		if (!path.startsWith('/es/')) continue
		const links = Object.fromEntries([...body.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang = '', href = '']) => [lang, relative(href)]))
		entries.push({ path, links })
	}
	for (const { path, links } of entries) {
		spanish.set(path, await page(path))
		if (links['en-US']) english.set(path, await page(links['en-US']))
	}
}, 300_000)

const names = knownNames('Arizona Flower Delivery')
const cities = listedCities()

test('the sitemap lists a Spanish twin for every town, every occasion and the 10 de mayo page', () => {
	const paths = entries.map((entry) => entry.path)
	console.info(`${entries.length} Spanish pages in the sitemap, ${english.size} of them with an English twin`)
	for (const city of cities) expect(paths).toContain(`/es/ciudades/${city.slug}/`)
	expect(paths).toContain('/es/ocasiones/10-de-mayo/')
	expect(paths.filter((path) => path.startsWith('/es/ocasiones/'))).toHaveLength(10)
})

test('every Spanish page declares its language: html lang, og:locale, canonical to itself, inLanguage, a shared picture in Spanish', async () => {
	const pictures = new Set<string>()
	for (const [path, html] of spanish) {
		const picture = relative(parse(html).querySelector('meta[property="og:image"]')?.getAttribute('content') ?? '')
		expect(picture, path).toMatch(/^\/social\/es\/.+\.png$/)
		pictures.add(picture)
		expect(/<html lang="([^"]+)"/.exec(html)?.[1], path).toBe('es-US')
		expect(relative(linkHref(html, 'canonical') ?? ''), path).toBe(path)
		expect(html, path).toContain('<meta property="og:locale" content="es_US"/>')
		const webPage = jsonLdBlocks(html).find((block) => block['@type'] === 'WebPage')
		expect(webPage?.inLanguage, path).toBe('es-US')
	}
	for (const picture of ['/social/es/home.png', '/social/es/cities/nogales.png', '/social/es/categories/dia-de-las-madres.png', '/social/es/site.png']) {
		expect(pictures.has(picture) || picture === '/social/es/site.png', picture).toBe(true)
		const response = await fetch(`${site.server.url}${picture}`)
		expect(response.status, picture).toBe(200)
		expect(response.headers.get('content-type'), picture).toBe('image/png')
	}
})

test('the language links are reciprocal: a page and its twin name the same three, and so does the sitemap', () => {
	const pageLinks = (html: string) =>
		Object.fromEntries(
			parse(html)
				.querySelectorAll('link[rel="alternate"][hreflang]')
				.map((link) => [link.getAttribute('hreflang') ?? '', relative(link.getAttribute('href') ?? '')]),
		)
	for (const { path, links } of entries) {
		const html = spanish.get(path) ?? ''
		const twin = english.get(path)
		if (!twin) {
			// A page of the Spanish site alone names only itself.
			expect(links, path).toEqual({})
			expect(pageLinks(html), path).toEqual({ 'es-US': path })
			continue
		}
		expect(pageLinks(html), path).toEqual(links)
		expect(links['es-US'], path).toBe(path)
		expect(links['x-default'], path).toBe(links['en-US'])
		expect(pageLinks(twin), path).toEqual(links)
		// The plain link each way: "English" on the Spanish page, "Español" on the English one.
		expect(parse(html).querySelector('header a[hreflang="en-US"]')?.getAttribute('href'), path).toBe(links['en-US'])
		expect(parse(twin).querySelector('header a[hreflang="es-US"]')?.getAttribute('href'), path).toBe(path)
	}
})

test('every paragraph long enough to tell is Spanish', () => {
	let told = 0
	const english: string[] = []
	for (const [path, html] of spanish) {
		for (const block of [...ownBlocks(html), ...frameText(html)]) {
			const language = languageOf(block, names)
			if (language) told += 1
			if (language === 'eng') english.push(`${path}: ${block}`)
		}
	}
	console.info(`${told} paragraphs long enough to tell, on ${spanish.size} Spanish pages`)
	expect(told).toBeGreaterThan(1000)
	expect(english).toEqual([])
})

test('no English phrase of the site’s catalogs reaches a Spanish page, in its text, its attributes or its data', () => {
	const phrases = englishPhrases()
	expect(phrases.length).toBeGreaterThan(100)
	const found = [...spanish].flatMap(([path, html]) => phrases.filter((phrase) => html.includes(phrase)).map((phrase) => `${path}: ${phrase}`))
	expect(found).toEqual([])
})

test('every word is spelt as hunspell’s es_US dictionary knows it, or is a name of the data or of the word list', () => {
	const words = [...spanish.values()].flatMap((html) => [...ownBlocks(html), ...frameText(html)].flatMap(wordsOf))
	const unknown = unknownSpanishWords(words).filter((word) => !names.has(word))
	console.info(`${words.length} words read, ${new Set(words).size} distinct; unknown outside the word list: ${unknown.length}`)
	expect(unknown).toEqual([])
})

/** Numbers a Spanish page states that its English twin does not: written in words there, or of the Spanish site alone. */
const WRITTEN_OUT: Record<string, readonly string[]> = {
	// "Fourth of July" in English, "4 de julio" in Spanish.
	'/es/ciudades/prescott/': ['4'],
	// The card of the 10 de mayo, an occasion of the Spanish pages alone, and the US Mother's Day page's pointer to it.
	'/es/': ['10'],
	'/es/ocasiones/dia-de-las-madres-eeuu/': ['10'],
	// "The single digits" and "the teens" of a winter night, in °F figures in Spanish.
	'/es/ciudades/eagar/': ['0', '9'],
	'/es/ciudades/holbrook/': ['10', '19'],
	'/es/ciudades/show-low/': ['10', '19'],
}

/** A Spanish temperature's °C beside its °F ('(36–37 °C)', '(entre 8 y 11 grados Celsius)'): the English twin gives °F alone. */
const CELSIUS = /\s*\([^()]*(?:°C|grados Celsius)\)/g
/** The °F figures of a Spanish text ('entre 97 y 99 °F'), which its English twin may say as a decade ('the upper 90s'): the decades of `decadesOf`. */
function fahrenheit(text: string): Set<string> {
	return new Set([...text.matchAll(/(\d+)(?:(?:–| y | a )(\d+))?\s°F/g)].flatMap((match) => match.slice(1).filter((figure) => figure !== undefined)))
}
const decade = (figure: string) => String(Math.floor(Number(figure) / 10) * 10)
const decadesOf = (text: string) => new Set([...text.matchAll(/(\d+)s\b/g)].map((match) => match[1]))

test('each Spanish page states the same numbers as its English twin', () => {
	const differences = [...english].flatMap(([path, twin]) => {
		const text = ownBlocks(spanish.get(path) ?? '')
			.join('\n')
			.replace(CELSIUS, '')
		const es = numbersOf(text)
		const englishText = ownBlocks(twin).join('\n')
		const en = numbersOf(englishText)
		for (const number of WRITTEN_OUT[path] ?? []) en.add(number)
		const degrees = fahrenheit(text)
		const decades = decadesOf(englishText)
		const onlySpanish = [...es].filter((number) => !en.has(number) && !(degrees.has(number) && decades.has(decade(number))))
		const onlyEnglish = [...en].filter((number) => !es.has(number) && !(decades.has(number) && [...degrees].some((figure) => decade(figure) === number)))
		return onlySpanish.length + onlyEnglish.length > 0 ? [`${path}: only Spanish ${onlySpanish.join(' ')}; only English ${onlyEnglish.join(' ')}`] : []
	})
	expect(english.size).toBeGreaterThan(70)
	expect(differences).toEqual([])
})

test('the Spanish town pages each have 150 words of their own, and no two are 0.40 alike', () => {
	const readings: PageReading[] = cities.map((city) => {
		const { text, cards } = mainText(spanish.get(`/es/ciudades/${city.slug}/`) ?? '')
		return { slug: city.slug, words: tokenize(text, city, cities), cards }
	})
	const result = auditPages(readings)
	console.info(report(result))
	expect(result.figures).toHaveLength(cities.length)
	expect(result.problems).toEqual([])
})

test('the address alone says the language: Accept-Language never redirects', async () => {
	for (const path of ['/', '/cities/yuma/', '/es/ciudades/yuma/']) {
		const response = await fetch(`${site.server.url}${path}`, { headers: { 'accept-language': 'es-MX,es;q=0.9' }, redirect: 'manual' })
		expect(response.status, path).toBe(200)
		expect(/<html lang="([^"]+)"/.exec(await response.text())?.[1], path).toBe(path.startsWith('/es/') ? 'es-US' : 'en-US')
	}
	const english = await fetch(`${site.server.url}/es/ciudades/yuma/`, { headers: { 'accept-language': 'en-US' }, redirect: 'manual' })
	expect(/<html lang="([^"]+)"/.exec(await english.text())?.[1]).toBe('es-US')
})

test('an unknown Spanish address is a Spanish 404 that leads to the Spanish pages', async () => {
	const response = await fetch(`${site.server.url}/es/ciudades/atlantis/`)
	expect(response.status).toBe(404)
	const html = await response.text()
	expect(/<html lang="([^"]+)"/.exec(html)?.[1]).toBe('es-US')
	expect(html).toContain('no encontramos esta página')
	expect(html).toContain('href="/es/ciudades/"')
	expect(html).toContain('<meta name="robots" content="noindex, follow"/>')
})
