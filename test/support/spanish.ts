/**
 * Readers of a Spanish page as its visitors and a crawler receive it: the page's own blocks of text
 * (the partner's product names and descriptions, which stay as the partner sends them, left out),
 * the language of each block, the words a Spanish spelling dictionary does not know, the numbers it
 * states, and the English words of the site's own catalogs that must never reach it.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { franc } from 'franc-min'
import { parse } from 'node-html-parser'
import { uiMessages } from '#app/messages/catalog.server.ts'
import { categoryPage } from '#app/messages/category-page.server.ts'
import { cityPage } from '#app/messages/city-page.server.ts'
import { delivery } from '#app/messages/delivery.server.ts'

/** The page's own text, a line per block: <main> less navigation, scripts, hidden parts and the partner's words. */
export function ownBlocks(html: string): string[] {
	const root = parse(html)
	const main = root.querySelector('main')
	if (!main) return []
	for (const element of main.querySelectorAll('script, style, template, [hidden], [data-partner-text]')) element.remove()
	return main.structuredText
		.split('\n')
		.map((line) => line.replace(/\s+/g, ' ').trim())
		.filter(Boolean)
}

/** The title, the description and the header and footer a visitor reads around <main>. */
export function frameText(html: string): string[] {
	const root = parse(html)
	const title = root.querySelector('title')?.text ?? ''
	const description = root.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''
	const frame = ['header', 'footer'].flatMap((tag) => root.querySelector(tag)?.structuredText.split('\n') ?? [])
	return [title, description, ...frame].map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean)
}

/** Letters only, names and figures aside: what a language guesser should weigh. */
function letters(text: string): string {
	return text.replace(/[^\p{L}\s]/gu, ' ').replace(/\s+/g, ' ')
}

/** A block's language between Spanish and English ('spa' or 'eng'), or undefined when it is too short to tell. */
export function languageOf(block: string): 'spa' | 'eng' | undefined {
	const text = letters(block)
	if (text.replace(/\s/g, '').length < 40) return undefined
	const found = franc(text, { only: ['spa', 'eng'], minLength: 40 })
	return found === 'spa' || found === 'eng' ? found : undefined
}

/** Words of a text as a spelling dictionary reads them. */
export function wordsOf(text: string): string[] {
	return text.match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? []
}

/** The words hunspell's es_US dictionary (Debian's hunspell-es) does not know, each once. */
export function unknownSpanishWords(words: readonly string[]): string[] {
	const unique = [...new Set(words)]
	if (unique.length === 0) return []
	const output = execFileSync('hunspell', ['-d', 'es_US', '-l'], { input: unique.join('\n'), encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
	return [...new Set(output.split('\n').filter(Boolean))]
}

/** The project's word list for names a dictionary cannot know: places, products, brands. */
export function projectWords(): Set<string> {
	const lines = readFileSync('test/fixtures/spanish-words.txt', 'utf8').split('\n')
	return new Set(lines.map((line) => line.trim()).filter((line) => line && !line.startsWith('#')))
}

/**
 * The numbers a text states, as digits: '3,829' and '3829' alike, '2:00' as written. The English
 * and Spanish pages of a town give the same facts, so the same numbers.
 */
export function numbersOf(text: string): Set<string> {
	return new Set((text.match(/\d[\d,]*(?::\d\d)?/g) ?? []).map((number) => number.replace(/,(?=\d{3}\b)/g, '').replace(/,$/, '')))
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
	const english = [uiMessages('en'), cityPage.en, categoryPage.en, delivery.en].flatMap((catalog) => leaves(catalog))
	const spanish = [uiMessages('es'), cityPage.es, categoryPage.es, delivery.es].flatMap((catalog) => leaves(catalog)).map((leaf) => leaf.text)
	const phrases = english.flatMap(({ text }) => text.split(/\{\w+\}/)).map((part) => part.replace(/^[\s,.;:()|·–—-]+|[\s,.;:()|·–—-]+$/g, ''))
	return [...new Set(phrases)].filter(
		(phrase) => phrase.split(/\s+/).length >= 3 && /\b[a-z]{4,}\b/.test(phrase) && !spanish.some((text) => text.includes(phrase)),
	)
}
