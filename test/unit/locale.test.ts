import { expect, test } from 'vitest'
import { fill, langOfPath, pagePathOf } from '#app/domain/locale.ts'

test('the address alone says the language: Spanish under /es/, English everywhere else', () => {
	expect(langOfPath('/es/')).toBe('es')
	expect(langOfPath('/es')).toBe('es')
	expect(langOfPath('/es/ciudades/yuma/')).toBe('es')
	expect(langOfPath('/')).toBe('en')
	expect(langOfPath('/cities/yuma/')).toBe('en')
	expect(langOfPath('/escondido/')).toBe('en')
	// A navigation's data request speaks its page's language.
	expect(langOfPath('/es.data')).toBe('es')
	expect(langOfPath('/es/_root.data')).toBe('es')
	expect(langOfPath('/es/ciudades/yuma.data')).toBe('es')
	expect(langOfPath('/_root.data')).toBe('en')
	expect(pagePathOf('/es/ciudades/yuma.data')).toBe('/es/ciudades/yuma/')
	expect(pagePathOf('/_root.data')).toBe('/')
	expect(pagePathOf('/es.data')).toBe('/es/')
	expect(pagePathOf('/es/ciudades/nogales/_.data')).toBe('/es/ciudades/nogales/')
	expect(langOfPath('/es/_.data')).toBe('es')
})

test('a message is filled by name; a missing value shows, and a sentence ending on "p. m." keeps one period', () => {
	expect(fill('Flowers in {town}, {town}!', { town: 'Yuma' })).toBe('Flowers in Yuma, Yuma!')
	expect(fill('In {town} by {hour}', { town: 'Yuma' })).toBe('In Yuma by {hour}')
	expect(fill('Entregas de 9:00 a. m. a {slot}.', { slot: '5:00 p. m.' })).toBe('Entregas de 9:00 a. m. a 5:00 p. m.')
	expect(fill('Order by {slot}.', { slot: '5:00 PM' })).toBe('Order by 5:00 PM.')
})
