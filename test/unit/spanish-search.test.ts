import { expect, test } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { loader } from '#app/routes/search.tsx'
import { partnerContext } from '#app/context.ts'
import { createPartnerLinks } from '#app/domain/partner-links.ts'
import { getPartnerTemplates, occasionPath } from '#app/server/catalog-data.server.ts'
import { searchCity, spanishOccasionIn } from '#app/server/search/city-search.server.ts'
import { MUST_MATCH, MUST_NOT_MATCH, NAMES_NOTHING, NOT_A_FAR_TOWN, UNDERSTOOD } from '#test/support/search-table.ts'

/** Where the search from a page of `lang` leads, against the real catalog. */
const spanish = (text: string) => searchCity(text, 'es')

test.each([
	['flores en nogales', 'nogales'],
	['florería tucson', 'tucson'],
	['Florería Tucsón', 'tucson'],
	['floreria en yuma', 'yuma'],
	['Yuma, Arizona', 'yuma'],
	['flores a domicilio en Mesa', 'mesa'],
	['FLORES A DOMICILIO EN MESA', 'mesa'],
	['envío de flores a Flagstaff', 'flagstaff'],
	['entrega de flores el mismo día en Scottsdale, AZ', 'scottsdale'],
	['ramos para Prescott', 'prescott'],
	['Sedona flores', 'sedona'],
	['flores en El Mirage', 'el-mirage'],
	['flores en el condado de Pima', 'tucson'],
	['florería en Tuscon', 'tucson'],
])('a Spanish search for "%s" opens the town %s', (text, slug) => {
	expect(spanish(text)).toEqual({ kind: 'city', slug })
})

test.each([
	['cumpleaños', 'birthday-flowers', '/es/ocasiones/flores-de-cumpleanos/'],
	['Cumpleanos', 'birthday-flowers', '/es/ocasiones/flores-de-cumpleanos/'],
	['flores de cumpleaños', 'birthday-flowers', '/es/ocasiones/flores-de-cumpleanos/'],
	['funeral', 'sympathy-funeral', '/es/ocasiones/pesame-y-funerales/'],
	['flores para un funeral', 'sympathy-funeral', '/es/ocasiones/pesame-y-funerales/'],
	['pésame', 'sympathy-funeral', '/es/ocasiones/pesame-y-funerales/'],
	['aniversario', 'anniversary', '/es/ocasiones/aniversario/'],
	['10 de mayo', 'dia-de-las-madres', '/es/ocasiones/10-de-mayo/'],
	['día de las madres', 'dia-de-las-madres', '/es/ocasiones/10-de-mayo/'],
	['dia de las madres', 'dia-de-las-madres', '/es/ocasiones/10-de-mayo/'],
	['Día de las Madres', 'dia-de-las-madres', '/es/ocasiones/10-de-mayo/'],
	['Día de las Madres EE. UU.', 'mothers-day', '/es/ocasiones/dia-de-las-madres-eeuu/'],
	['San Valentín', 'valentines-day', '/es/ocasiones/dia-de-san-valentin/'],
])('a Spanish search for "%s" opens the occasion %s at %s', (text, slug, path) => {
	expect(spanish(text)).toEqual({ kind: 'occasion', slug })
	expect(occasionPath('es', slug)).toBe(path)
})

test('a Spanish search keeps the ZIP it was found by, and an Arizona place without a page opens the nearest town', () => {
	expect(spanish('Tombstone, AZ 85638')).toMatchObject({ kind: 'city', zip: '85638' })
	expect(spanish('85638')).toMatchObject({ kind: 'city', zip: '85638' })
	expect(spanish('90210')).toEqual({ kind: 'outside', zip: '90210' })
	expect(spanish('St. Johns')).toEqual({ kind: 'place', slug: 'eagar', place: 'st-johns' })
	expect(spanish('flores en St. Johns')).toEqual({ kind: 'place', slug: 'eagar', place: 'st-johns' })
})

test('a town named in a Spanish search wins over an occasion; words alone name nothing', () => {
	expect(spanish('flores de cumpleaños en Mesa')).toEqual({ kind: 'city', slug: 'mesa' })
	expect(spanish('funeral en Casa Grande, AZ')).toEqual({ kind: 'city', slug: 'casa-grande' })
	expect(spanish('cumpleaños de')).toEqual({ kind: 'occasion', slug: 'birthday-flowers' })
	for (const text of ['flores', 'florería', 'flores a domicilio', 'entrega el mismo día', '']) expect(spanish(text), text).toEqual({ kind: 'none' })
	expect(spanishOccasionIn('mesa')).toBeUndefined()
	expect(spanishOccasionIn('Flores de cumpleaños en Mesa')).toEqual({ slug: 'birthday-flowers', rest: 'mesa' })
})

test.each(MUST_MATCH)('"%s" opens %s in English, and in Spanish too', (text, slug) => {
	expect(searchCity(text)).toEqual({ kind: 'city', slug })
	expect(spanish(text)).toEqual({ kind: 'city', slug })
})

test('text that names no city is never turned into a town or a place, in either language', () => {
	for (const text of MUST_NOT_MATCH)
		for (const lang of ['en', 'es'] as const) expect(['none', 'occasion', 'arrangements'], `${lang}: ${text}`).toContain(searchCity(text, lang).kind)
})

/** Where /search/ or /es/buscar/ sends a visitor, as the route answers. */
async function location(path: string) {
	const context = new RouterContextProvider()
	const links = createPartnerLinks(getPartnerTemplates(), { partnerBaseUrl: 'https://partner.example', affiliateId: 'TEST' } as never)
	context.set(partnerContext, { links } as never)
	const request = new Request(`https://flowers.example${path}`)
	const answer = (await loader({ request, context, params: {} } as never)) as unknown
	return answer instanceof Response ? answer.headers.get('location') : null
}

test('a search from /es/buscar/ lands on the Spanish pages, keeping ?zip= and ?near=; from /search/ on the English ones', async () => {
	expect(await location('/es/buscar/?q=flores%20en%20nogales')).toBe('/es/ciudades/nogales/')
	expect(await location('/es/buscar/?q=Tombstone%2C%20AZ%2085638')).toMatch(/^\/es\/ciudades\/[a-z-]+\/\?zip=85638$/)
	expect(await location('/es/buscar/?q=St.%20Johns')).toBe('/es/ciudades/eagar/?near=st-johns')
	expect(await location('/es/buscar/?q=d%C3%ADa%20de%20las%20madres')).toBe('/es/ocasiones/10-de-mayo/')
	expect(await location('/es/buscar/?q=funeral')).toBe('/es/ocasiones/pesame-y-funerales/')
	expect(await location('/search/?q=Yuma%2C%20Arizona')).toBe('/cities/yuma/')
	expect(await location('/search/?q=St.%20Johns')).toBe('/cities/eagar/?near=st-johns')
	expect(await location('/search/?q=funeral')).toBe('/categories/sympathy-funeral/')
	expect(await location('/search/?q=new%20york')).toMatch(/^https:\/\/partner\.example\//)
})

test.each(UNDERSTOOD)('a search for "$text" from the $lang pages is understood', async ({ text, lang, path, heading }) => {
	const answer = searchCity(text, lang)
	if (path) expect(await location(`${lang === 'es' ? '/es/buscar/' : '/search/'}?q=${encodeURIComponent(text)}`)).toBe(path)
	else expect(['occasion', 'arrangements', 'border'], `${text} (${heading})`).toContain(answer.kind)
})

test.each(NOT_A_FAR_TOWN)('"%s" never opens %s', (text, far) => {
	for (const lang of ['en', 'es'] as const) expect(JSON.stringify(searchCity(text, lang))).not.toContain(`"${far}"`)
})

test('text that names nothing the site knows is nothing, in either language', () => {
	for (const text of NAMES_NOTHING) for (const lang of ['en', 'es'] as const) expect(searchCity(text, lang), `${lang}: ${text}`).toEqual({ kind: 'none' })
})
