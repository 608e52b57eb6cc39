import { expect, test } from 'vitest'
import { uiMessages } from '#app/messages/catalog.server.ts'
import { cityPage } from '#app/messages/city-page.server.ts'
import { delivery } from '#app/messages/delivery.server.ts'
import { home } from '#app/messages/home.server.ts'
import { legal } from '#app/messages/legal.server.ts'
import { pages } from '#app/messages/pages.server.ts'

type Leaf = { path: string; text: string }

/** Every string of a catalog with its path: `chrome.footer.links.about`. */
function leaves(value: unknown, path = ''): Leaf[] {
	if (typeof value === 'string') return [{ path, text: value }]
	if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}.${index}`))
	if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key))
	return []
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

const catalogs = {
	ui: { en: uiMessages('en'), es: uiMessages('es') },
	cityPage,
	delivery,
	home,
	pages,
	legal,
}

test.each(Object.entries(catalogs))('the %s catalog has every message in both languages, with the same placeholders', (_name, { en, es }) => {
	const english = leaves(en)
	const spanish = new Map(leaves(es).map((leaf) => [leaf.path, leaf.text]))
	expect(english.length).toBeGreaterThan(10)
	expect([...spanish.keys()].sort()).toEqual(english.map((leaf) => leaf.path).sort())
	for (const { path, text } of english) {
		const translated = spanish.get(path) ?? ''
		if (text.trim() !== '') expect(translated.trim(), path).not.toBe('')
		// A word the English says needs its twin in the Spanish: {Who} and {who} name different values.
		expect(
			placeholders(translated).filter((name) => !placeholders(text).includes(name ?? '')),
			path,
		).toEqual([])
	}
})

test.each(Object.entries(catalogs))('no Spanish message of the %s catalog is its English one left untranslated', (_name, { en, es }) => {
	const spanish = new Map(leaves(es).map((leaf) => [leaf.path, leaf.text]))
	const same = leaves(en)
		// Names, figures and units read the same in both ('{miles} mi', '{hour}:00 {half}').
		.filter(({ path, text }) => spanish.get(path) === text && /[a-z]{4,}/i.test(text.replace(/\{\w+\}/g, '')))
		.map(({ path, text }) => `${path}: ${text}`)
	expect(same).toEqual([])
})
