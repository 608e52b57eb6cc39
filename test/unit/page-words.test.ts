import { expect, test } from 'vitest'
import { legalPageWords, populationSource, populationText } from '#app/server/page-words.server.ts'
import { fillEvery } from '#app/words/locale.ts'

test('the policies’ date is written out in the page’s language', () => {
	expect(legalPageWords('en', 'privacy').updated).toBe('Last updated January 20, 2025')
	expect(legalPageWords('es', 'terms').updated).toBe('Última actualización: 20 de enero de 2025')
})

test('a Spanish policy opens with the note that the English text governs, linking the English page; an English one has no note', () => {
	expect(legalPageWords('en', 'terms').note).toBeNull()
	expect(legalPageWords('es', 'privacy').note?.href).toBe('/privacy-policy/')
	expect(legalPageWords('es', 'terms').note?.href).toBe('/terms/')
	expect(legalPageWords('es', 'terms').path).toBe('/es/terminos/')
	expect(legalPageWords('es', 'terms').crumbs.map((crumb) => crumb.path)).toEqual(['/es/', '/es/terminos/'])
})

test('the populations’ source is named in the page’s language', () => {
	expect(populationSource('en')).toBe('2020 U.S. Census')
	expect(populationSource('es')).toBe('Censo de EE. UU. de 2020')
	expect(populationText(1608139, 'en')).toBe('1,608,139 (2020 U.S. Census)')
	expect(populationText(1608139, 'es')).toBe('1,608,139 (Censo de EE. UU. de 2020)')
})

test('the figures are filled into every message; other placeholders are left for the page', () => {
	expect(fillEvery({ a: '{cities} towns', b: ['{sameDay} of {cities}', 'Flowers in {name}'] }, { cities: 70, sameDay: 59 })).toEqual({
		a: '70 towns',
		b: ['59 of 70', 'Flowers in {name}'],
	})
})
