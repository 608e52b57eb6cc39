/**
 * Readers of a Spanish page as its visitors and a crawler receive it: the page's own blocks of text
 * (the partner's product names and descriptions, which stay as the partner sends them, left out),
 * the language of each block, the words a Spanish spelling dictionary does not know, the numbers it
 * states, and the English words of the site's own catalogs that must never reach it.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { franc } from 'franc-min'
import { parse } from 'node-html-parser'
import { uiMessages } from '#app/server/messages.server.ts'
import { categoryPage } from '#app/words/category-page-words.server.ts'
import { cityPage } from '#app/words/city-page-words.server.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { social } from '#app/words/social-words.server.ts'
import { structuredData } from '#app/words/structured-data-words.server.ts'

/**
 * The document with what is not the page's own Spanish taken out: scripts, hidden parts, the
 * partner's words, names marked translate="no" (a hospital, a landmark) and anything marked as
 * another language (the "English" link). Elements are kept
 * apart by a space, so a label and the field after it read as two phrases.
 */
function readable(html: string, selector: string): string[] {
	const root = parse(html.replace(/</g, ' <'))
	const parts = root.querySelectorAll(selector)
	for (const part of parts) {
		for (const element of part.querySelectorAll('script, style, template, [hidden], [data-partner-text], [translate="no"], [lang]:not([lang^="es"])'))
			element.remove()
	}
	return parts
		.flatMap((part) => part.structuredText.split('\n'))
		.map((line) => line.replace(/\s+/g, ' ').trim())
		.filter(Boolean)
}

/** The page's own text, a line per block: <main> less scripts, hidden parts and the partner's words. */
export function ownBlocks(html: string): string[] {
	return readable(html, 'main')
}

/** The title, the description, the shared picture's alt text and the header and footer a visitor reads around <main>. */
export function frameText(html: string): string[] {
	const root = parse(html)
	const title = root.querySelector('title')?.text ?? ''
	const description = root.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''
	const imageAlt = root.querySelector('meta[property="og:image:alt"]')?.getAttribute('content') ?? ''
	return [title, description, imageAlt, ...readable(html, 'header, footer')].map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean)
}

/** Letters only, names and figures aside: what a language guesser should weigh. */
function letters(text: string): string {
	return text.replace(/[^\p{L}\s]/gu, ' ').replace(/\s+/g, ' ')
}

/**
 * A block's language between Spanish and English ('spa' or 'eng'), or undefined when it is too
 * short to tell. The words of `names` (places, brands) are left out first: a Spanish question about
 * "The Ritz-Carlton, Dove Mountain" is still Spanish.
 */
export function languageOf(block: string, names: ReadonlySet<string> = new Set()): 'spa' | 'eng' | undefined {
	const text = letters(
		wordsOf(block)
			.filter((word) => !names.has(word))
			.join(' '),
	)
	if (text.replace(/\s/g, '').length < 40) return undefined
	const found = franc(text, { only: ['spa', 'eng'], minLength: 40 })
	return found === 'spa' || found === 'eng' ? found : undefined
}

/**
 * Words of a text as a spelling dictionary reads them: addresses (e-mail, web) left out, and single
 * letters too, which are the parts of abbreviations and units ('p. m.', '°F').
 */
export function wordsOf(text: string): string[] {
	const plain = text.replace(/\S+@\S+|https?:\/\/\S+/g, ' ')
	return (plain.match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? []).filter((word) => word.length > 1)
}

/** The words hunspell's es_US dictionary (Debian's hunspell-es) does not know, each once. */
export function unknownSpanishWords(words: readonly string[]): string[] {
	const unique = [...new Set(words)]
	if (unique.length === 0) return []
	const output = execFileSync('hunspell', ['-d', 'es_US', '-l'], { input: unique.join('\n'), encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
	return [...new Set(output.split('\n').filter(Boolean))]
}

/** The project's word list for names a dictionary cannot know, beyond those the data lists: places, brands, words of the trade. */
function projectWords(): string[] {
	const lines = readFileSync('test/fixtures/spanish-words.txt', 'utf8').split('\n')
	return lines.map((line) => line.trim()).filter((line) => line && !line.startsWith('#'))
}

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown

/**
 * Every word of a name the site's data lists (towns, counties, the places of the city files' lists,
 * the places without pages), the site's own name, and the project's word list: words a Spanish
 * dictionary cannot know and a language guesser should not weigh.
 */
export function knownNames(siteName: string): Set<string> {
	const names = new Set<string>([...wordsOf(siteName), ...projectWords()])
	const add = (text: string) => wordsOf(text).forEach((word) => names.add(word))
	const cities = (json('data/cities.json') as { cities: { name: string; county: string }[] }).cities
	for (const city of cities) [city.name, city.county].forEach(add)
	for (const file of readdirSync('data/cities')) {
		const facts = (json(`data/cities/${file}`) as { facts?: Record<string, unknown> }).facts
		for (const list of ['hospitals', 'neighborhoods', 'landmarks', 'cemeteries', 'colleges', 'seniorCommunities', 'militaryBases']) {
			for (const entry of (facts?.[list] as (string | { name: string })[] | undefined) ?? []) add(typeof entry === 'string' ? entry : entry.name)
		}
	}
	for (const place of (json('data/places.json') as { places: { name: string }[] }).places) add(place.name)
	return names
}

/**
 * The numbers a text states, as digits: '3,829' and '3829' alike, an hour on the hour as its
 * number ('2 PM' and '2:00 p. m.' alike), '2:30' as written. The English and Spanish pages of a
 * town give the same facts, so the same numbers.
 */
export function numbersOf(text: string): Set<string> {
	const numbers = text.match(/\d[\d,]*(?::\d\d)?/g) ?? []
	return new Set(
		numbers.map((number) =>
			number
				.replace(/,(?=\d{3}\b)/g, '')
				.replace(/,$/, '')
				.replace(/:00$/, ''),
		),
	)
}

type Leaf = { path: string; text: string }

function leaves(value: unknown, path = ''): Leaf[] {
	if (typeof value === 'string') return [{ path, text: value }]
	if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}.${index}`))
	if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key))
	return []
}

/**
 * The English phrases of the site's own catalogs, three words or more between placeholders, that
 * their Spanish twins do not share (a name reads the same in both): none may reach a Spanish page.
 */
export function englishPhrases(): string[] {
	const english = [uiMessages('en'), cityPage.en, categoryPage.en, delivery.en, structuredData.en, social.en].flatMap((catalog) => leaves(catalog))
	const spanish = [uiMessages('es'), cityPage.es, categoryPage.es, delivery.es, structuredData.es, social.es]
		.flatMap((catalog) => leaves(catalog))
		.map((leaf) => leaf.text)
	const phrases = english.flatMap(({ text }) => text.split(/\{\w+\}/)).map((part) => part.replace(/^[\s,.;:()|·–—-]+|[\s,.;:()|·–—-]+$/g, ''))
	return [...new Set(phrases)].filter(
		(phrase) => phrase.split(/\s+/).length >= 3 && /\b[a-z]{4,}\b/.test(phrase) && !spanish.some((text) => text.includes(phrase)),
	)
}
