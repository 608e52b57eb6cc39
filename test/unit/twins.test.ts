import { expect, test } from 'vitest'
import { alternatesFor } from '#app/server/twins.server.ts'

const PAIRS = [
	['/', '/es/'],
	['/cities/', '/es/ciudades/'],
	['/about/', '/es/acerca-de/'],
	['/contact/', '/es/contacto/'],
	['/privacy-policy/', '/es/privacidad/'],
	['/terms/', '/es/terminos/'],
	['/cities/yuma/', '/es/ciudades/yuma/'],
] as const

test.each(PAIRS)('%s and %s name each other, from either side and without the last slash', (en, es) => {
	for (const path of [en, es, en.slice(0, -1), es.slice(0, -1)]) expect(alternatesFor(path), path).toEqual({ en, es })
})

test('a duplicate address, a town that does not exist and a page without a twin have none', () => {
	// /terms-of-service/ serves the terms under their canonical /terms/; it is no page of its own to pair.
	expect(alternatesFor('/terms-of-service/')).toBeNull()
	expect(alternatesFor('/cities/atlantis/')).toBeNull()
	expect(alternatesFor('/es/ciudades/atlantis/')).toBeNull()
	expect(alternatesFor('/search/')).toBeNull()
	expect(alternatesFor('/es/buscar/')).toBeNull()
})
