import { describe, expect, test } from 'vitest'
import { uiMessages } from '#app/server/messages.server.ts'
import { cityPage } from '#app/words/city-page-words.server.ts'
import { categoryPage } from '#app/words/category-page-words.server.ts'
import { social } from '#app/words/social-words.server.ts'
import { structuredData } from '#app/words/structured-data-words.server.ts'
import { home } from '#app/words/home-words.server.ts'
import { legal } from '#app/words/legal-words.server.ts'
import { pages } from '#app/words/pages-words.server.ts'

/**
 * The message catalogs the pages' components read: each Spanish message answers an English one, with
 * the same shape at every depth, words wherever the English has words, and the same placeholders.
 */

type Pair = { path: string; en: unknown; es: unknown }

/** Every pair of values at the same place in both trees, the leaves and the branches alike. */
function pairs(en: unknown, es: unknown, path: string): Pair[] {
	const here = { path, en, es }
	if (typeof en !== 'object' || en === null || typeof es !== 'object' || es === null) return [here]
	const keys = [...new Set([...Object.keys(en), ...Object.keys(es)])]
	return [here, ...keys.flatMap((key) => pairs((en as Record<string, unknown>)[key], (es as Record<string, unknown>)[key], `${path}.${key}`))]
}

/** Placeholders a language's grammar alone needs: English's 'a' or 'an' before a town's name. */
const GRAMMAR = new Set(['a'])
/** One value in the case a language's sentence needs: an occasion's title, lower-cased inside a Spanish phrase. */
const SAME_VALUE: Record<string, string> = { lowerTitle: 'title' }
/** Labels a Spanish page leaves out: a town's landmarks are listed by name alone, under a heading that says what they are. */
const LEFT_OUT_IN_SPANISH = new Set(['cityPage.sections.landmark'])
const placeholders = (text: string) =>
	[...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => SAME_VALUE[match[1] ?? ''] ?? match[1] ?? ''))].filter((name) => !GRAMMAR.has(name)).sort()

// The catalogs the root sends to every page, and those the server builds pages with.
const en = {
	...uiMessages('en'),
	cityPage: cityPage.en,
	categoryPage: categoryPage.en,
	home: home.en,
	pages: pages.en,
	legal: legal.en,
	structuredData: structuredData.en,
	social: social.en,
}
const es = {
	...uiMessages('es'),
	cityPage: cityPage.es,
	categoryPage: categoryPage.es,
	home: home.es,
	pages: pages.es,
	legal: legal.es,
	structuredData: structuredData.es,
	social: social.es,
}

test('both languages have the same catalogs', () => {
	expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort())
	expect(Object.keys(en).length).toBeGreaterThan(1)
})

describe.each(Object.keys(en))('the %s catalog', (name) => {
	const all = pairs(en[name as keyof typeof en], es[name as keyof typeof es], name)

	test('has the same keys at every depth, and values of the same kind', () => {
		const kind = (value: unknown) => (Array.isArray(value) ? `array of ${value.length}` : typeof value)
		const mismatched = all.filter(({ en, es }) => kind(en) !== kind(es)).map(({ path, en, es }) => `${path}: ${kind(en)} / ${kind(es)}`)
		expect(mismatched).toEqual([])
	})

	test('has words in Spanish wherever the English has words', () => {
		const empty = all.filter(
			({ path, en, es }) => typeof en === 'string' && en.trim() !== '' && (typeof es !== 'string' || (es.trim() === '' && !LEFT_OUT_IN_SPANISH.has(path))),
		)
		expect(empty.map(({ path }) => path)).toEqual([])
	})

	test('has the same placeholders in each pair of messages', () => {
		const strings = all.filter((pair): pair is { path: string; en: string; es: string } => typeof pair.en === 'string' && typeof pair.es === 'string')
		expect(strings.length).toBeGreaterThan(0)
		const differing = strings
			.filter(({ en, es }) => placeholders(en).join() !== placeholders(es).join())
			.map(({ path, en, es }) => `${path}: ${placeholders(en).join()} / ${placeholders(es).join()}`)
		expect(differing).toEqual([])
	})
})

test('no Spanish message is its English one left untranslated', () => {
	const same = Object.keys(en).flatMap((name) =>
		pairs(en[name as keyof typeof en], es[name as keyof typeof es], name)
			// Names, figures and units read the same in both ('{miles} mi', '{hour}:00 {half}').
			.filter(({ en, es }) => typeof en === 'string' && en === es && /\b[a-z]{4,}\b/.test(en.replace(/\{\w+\}/g, '')))
			.map(({ path }) => path),
	)
	expect(same).toEqual([])
})

test('the checks find what they look for', () => {
	expect(pairs({ a: { b: 'x' } }, { a: {} }, 'c').map(({ path, es }) => [path, es])).toEqual([
		['c', { a: {} }],
		['c.a', {}],
		['c.a.b', undefined],
	])
	expect(placeholders('{count} of {total}: {view}')).toEqual(['count', 'total', 'view'])
})
