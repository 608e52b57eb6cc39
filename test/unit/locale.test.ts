import { expect, test } from 'vitest'
import { fill, langOfPath, pagePathOf } from '#app/words/locale.ts'
import { formatSlot } from '#app/domain/delivery.ts'
import { delivery } from '#app/words/delivery-words.server.ts'

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
	expect(fill('Entregas de 9:00\u00a0a.\u00a0m. a {slot}.', { slot: '5:00\u00a0p.\u00a0m.' })).toBe('Entregas de 9:00\u00a0a.\u00a0m. a 5:00\u00a0p.\u00a0m.')
	expect(fill('Order by {slot}.', { slot: '5:00 PM' })).toBe('Order by 5:00 PM.')
})

test('Spanish hours as a Spanish reader writes them: one o’clock is singular, noon is del mediodía', () => {
	expect(fill('a más tardar a las {slot}', { slot: formatSlot(13, delivery.es) })).toBe('a más tardar a la 1:00\u00a0p.\u00a0m.')
	expect(fill('El horario de las {slot} ya pasó hoy.', { slot: formatSlot(13, delivery.es) })).toBe('El horario de la 1:00\u00a0p.\u00a0m. ya pasó hoy.')
	expect(fill('Las {slot} o más tarde', { slot: formatSlot(13, delivery.es) })).toBe('La 1:00\u00a0p.\u00a0m. o más tarde')
	// Eleven and ten o’clock stay plural.
	expect(fill('antes de las {a} o de las {b}', { a: formatSlot(11, delivery.es), b: formatSlot(22, delivery.es) })).toBe(
		'antes de las 11:00\u00a0a.\u00a0m. o de las 10:00\u00a0p.\u00a0m.',
	)
	expect(formatSlot(12, delivery.es)).toBe('12:00 del mediodía')
	expect(fill('a más tardar a las {slot}', { slot: formatSlot(12, delivery.es) })).toBe('a más tardar a las 12:00 del mediodía')
	expect([formatSlot(12, delivery.en), formatSlot(13, delivery.en)]).toEqual(['12:00 PM', '1:00 PM'])
})
