import { expect, test } from 'vitest'
import { flowersAndColoursIn, flowerWords, mentions } from '#app/domain/agent-words.ts'

test('the flowers senders name, in English and Spanish, singular or plural, are the partner’s words for them', () => {
	for (const [asked, stem] of [
		['iris', 'iris'],
		['irises', 'iris'],
		['alstroemerias', 'alstroemeria'],
		['astromelias', 'alstroemeria'],
		['chrysanthemums', 'chrysanthemum'],
		['crisantemos', 'chrysanthemum'],
		['calla', 'calla'],
		['alcatraces', 'calla'],
		['gladiolus', 'gladiol'],
		['gladiolas', 'gladiol'],
		['snapdragons', 'snapdragon'],
		['fresias', 'freesia'],
	] as const)
		expect(flowerWords(asked), asked).toContain(stem)
	// "Lirio" stays the lily; an iris is "iris" in both languages.
	expect(flowerWords('lirios')).toEqual(['lily', 'lilie'])
	expect(mentions('Purple Iris and Roses', flowerWords('iris') ?? [])).toBe(true)
	expect(mentions('Gladioli in a tall vase', flowerWords('gladiola') ?? [])).toBe(true)
})

test('a flower name never takes an occasion’s everyday words: "mum" and "poinsettia" stay the search’s occasions', () => {
	for (const words of ['mum', 'mom', 'poinsettia', 'nochebuena']) expect(flowersAndColoursIn(words), words).toBeUndefined()
	expect(flowersAndColoursIn('white iris')).toEqual({ colour: { said: 'white', stems: ['white'] }, flower: { said: 'iris', stems: ['iris'] } })
})
