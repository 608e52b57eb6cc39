import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { getCategory, getCityContent, getLocalCityContent, getSpanishCategory } from '#app/server/catalog-data.server.ts'

const folders = ['data', 'data/es', 'data/cities', 'data/es/cities']

test('no town or occasion file writes the cut-off hour itself: it says {cutoffTime} or {cutoffHour}', () => {
	const written = folders.flatMap((folder) =>
		readdirSync(folder)
			.filter((name) => name.endsWith('.json'))
			.flatMap((name) => (/\b2:00\s?(PM|p\.\s?m\.)/i.test(readFileSync(join(folder, name), 'utf8')) ? [join(folder, name)] : [])),
	)
	expect(written).toEqual([])
})

test('the towns’ prose reaches the pages with the cut-off written in, in each language', () => {
	const english = getCityContent('tucson')
	const spanish = getLocalCityContent('tucson', 'es')
	expect(english.seoDescription).toBe(
		'Fresh hand-delivered flowers in Tucson, AZ, arranged by local partner florists. Order before 2:00 PM Arizona time for same-day delivery in most areas.',
	)
	expect(spanish.seoDescription).toBe(
		'Flores entregadas en mano en Tucson, AZ, por florerías locales asociadas. Mismo día en casi toda la ciudad si pide antes de las 2:00\u00a0p.\u00a0m., hora de Arizona.',
	)
	expect(JSON.stringify([english, spanish])).not.toMatch(/\{cutoff(Time|Hour)\}/)
})

test('the occasions’ prose reaches the pages with the cut-off written in, in each language', () => {
	const birthday = JSON.stringify(getCategory('birthday-flowers'))
	const cumpleanos = JSON.stringify(getSpanishCategory('birthday-flowers'))
	const may10 = JSON.stringify(getSpanishCategory('dia-de-las-madres'))
	expect(birthday).toContain('order before 2:00 PM Arizona time for same-day delivery')
	expect(cumpleanos).toContain('pida antes de las 2:00\u00a0p.\u00a0m., hora de Arizona, para que la entrega sea el mismo día')
	expect(may10).toContain('un pedido hecho antes de las 2:00\u00a0p.\u00a0m., hora de Arizona, puede llegar ese mismo día')
	expect([birthday, cumpleanos, may10].join()).not.toMatch(/\{cutoff(Time|Hour)\}/)
})
