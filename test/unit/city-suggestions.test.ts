import { describe, expect, test } from 'vitest'
import { listShows, nextActive, submitChoice, suggestionPath, suggestionsFor, type Suggestion } from '#app/domain/city-suggestions.ts'
import type { ZipAnswer } from '#app/domain/zip-search.ts'
import { search } from '#app/words/search-box-words.server.ts'

/** The search boxes' list of suggestions: what it suggests, when it shows, how keys move through it, and where a choice goes. */

const tempe = { slug: 'tempe', name: 'Tempe' }
const tucson = { slug: 'tucson', name: 'Tucson' }
const answer = { path: '/cities/tuba-city/?near=second-mesa', name: 'Second Mesa', detail: '62 mi from Tuba City' }

describe('what the list suggests', () => {
	test.each<[string, boolean, { cities: { slug: string; name: string }[]; answer?: typeof answer }, ZipAnswer | undefined, Suggestion[]]>([
		['the cities the text names, in their order', false, { cities: [tempe, tucson] }, undefined, [tempe, tucson]],
		['no city named', false, { cities: [] }, undefined, []],
		[
			'no city named: what the server’s search answers, the page Enter opens',
			false,
			{ cities: [], answer },
			undefined,
			[{ slug: '', name: 'Second Mesa', detail: '62 mi from Tuba City', path: '/cities/tuba-city/?near=second-mesa' }],
		],
		['a ZIP code not answered yet', true, { cities: [] }, undefined, []],
		[
			'a ZIP code a city lists',
			true,
			{ cities: [] },
			{ kind: 'listed', zip: '85281', city: tempe },
			[{ slug: 'tempe', name: 'Tempe', detail: 'ZIP 85281', zip: undefined }],
		],
		[
			'another Arizona ZIP: the city that serves it, asked for the ZIP',
			true,
			{ cities: [] },
			{ kind: 'nearest', zip: '85641', place: 'Vail', city: tucson },
			[{ slug: 'tucson', name: 'Tucson', detail: 'serves 85641 (Vail)', zip: '85641' }],
		],
		['a ZIP outside Arizona', true, { cities: [] }, { kind: 'outside', zip: '90210' }, []],
		['a ZIP code ignores what the text would name', true, { cities: [tempe], answer }, { kind: 'outside', zip: '90210' }, []],
	])('%s', (_name, zipQuery, named, zip, expected) => {
		expect(suggestionsFor(zipQuery, named, zip, search.en.suggestion)).toEqual(expected)
	})
})

describe('when the list shows', () => {
	const typing = { open: true, text: 'tem', zipQuery: false, zipAnswered: false, matches: 1, pending: false }
	test.each([
		['text with matches', typing, true],
		['closed', { ...typing, open: false }, false],
		['nothing typed', { ...typing, text: '' }, false],
		['no match, nothing pending: it says so', { ...typing, matches: 0 }, true],
		['no match yet, the server or the typo match still to answer', { ...typing, matches: 0, pending: true }, false],
		['matches while more is pending', { ...typing, pending: true }, true],
		['a ZIP code the server has not answered', { ...typing, text: '85281', zipQuery: true, matches: 0 }, false],
		['a ZIP code answered, even outside Arizona', { ...typing, text: '90210', zipQuery: true, zipAnswered: true, matches: 0 }, true],
	])('%s', (_name, state, expected) => {
		expect(listShows(state)).toBe(expected)
	})
})

describe('the option an arrow key makes active', () => {
	test.each([
		['down from none: the first', -1, 'ArrowDown', 3, 0],
		['down', 0, 'ArrowDown', 3, 1],
		['down from the last: the first', 2, 'ArrowDown', 3, 0],
		['up from none: the last', -1, 'ArrowUp', 3, 1],
		['up', 2, 'ArrowUp', 3, 1],
		['up from the first: the last', 0, 'ArrowUp', 3, 2],
		['one option', 0, 'ArrowDown', 1, 0],
	] as const)('%s', (_name, current, key, count, expected) => {
		expect(nextActive(current, key, count)).toBe(expected)
	})
})

describe('what Enter opens', () => {
	const matches: Suggestion[] = [tempe, tucson]
	test.each([
		['the active option', matches, 1, false, tucson],
		['none active: the first match', matches, -1, false, tempe],
		['no match: the form goes to /search/', [], -1, false, undefined],
		['a ZIP code with no option chosen: the form goes to /search/', matches, -1, true, undefined],
		['a ZIP code with its option chosen', matches, 0, true, tempe],
	])('%s', (_name, list, active, zipQuery, expected) => {
		expect(submitChoice(list, active, zipQuery)).toEqual(expected)
	})
})

describe('the page a choice opens', () => {
	test.each([
		['a city', tempe, '/cities/tempe/'],
		['a city for a ZIP it serves', { ...tucson, zip: '85641' }, '/cities/tucson/?zip=85641'],
		['a town for a place without a page', { slug: 'tuba-city', name: 'Second Mesa', near: 'second-mesa' }, '/cities/tuba-city/?near=second-mesa'],
	])('%s', (_name, choice, expected) => {
		expect(suggestionPath(choice, 'en')).toBe(expected)
	})
})

describe('in Spanish', () => {
	test('a choice opens the Spanish city page, asked the same', () => {
		expect(suggestionPath(tempe, 'es')).toBe('/es/ciudades/tempe/')
		expect(suggestionPath({ ...tucson, zip: '85641' }, 'es')).toBe('/es/ciudades/tucson/?zip=85641')
		expect(suggestionPath({ slug: 'tuba-city', name: 'Second Mesa', near: 'second-mesa' }, 'es')).toBe('/es/ciudades/tuba-city/?near=second-mesa')
		expect(suggestionPath({ slug: '', name: 'Flores para quinceañera', path: '/es/buscar/?q=quincea%C3%B1era' }, 'es')).toBe('/es/buscar/?q=quincea%C3%B1era')
	})

	test('the details beside a suggestion are in Spanish, with the same figures', () => {
		const words = search.es.suggestion
		expect(suggestionsFor(true, { cities: [] }, { kind: 'listed', zip: '85281', city: tempe }, words)[0]?.detail).toBe('código postal 85281')
		expect(suggestionsFor(true, { cities: [] }, { kind: 'nearest', zip: '85641', place: 'Vail', city: tucson }, words)[0]?.detail).toBe(
			'atiende el 85641 (Vail)',
		)
	})
})
