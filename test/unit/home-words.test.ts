import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { homeCities } from '#app/words/home-words.server.ts'

type City = { slug: string; region: string; description?: string; features?: string[] }
const file = JSON.parse(readFileSync('data/cities.json', 'utf8')) as { home: string[]; cities: City[] }

test.each(file.home)('the home page’s card of %s has its Spanish region, sentence and points, as many as the English', (slug) => {
	const english = file.cities.find((city) => city.slug === slug)
	const spanish = homeCities[slug]
	expect(spanish, slug).toBeDefined()
	expect(spanish?.region).not.toBe(english?.region)
	expect(spanish?.description).not.toBe(english?.description)
	expect(spanish?.description.length).toBeGreaterThan(40)
	expect(spanish?.features).toHaveLength(english?.features?.length ?? -1)
	for (const feature of spanish?.features ?? []) expect(english?.features).not.toContain(feature)
})

test('the Spanish cards are for the home page’s cities only', () => {
	expect(Object.keys(homeCities).sort()).toEqual([...file.home].sort())
})
