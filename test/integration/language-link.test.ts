import { parse } from 'node-html-parser'
import { expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'

/**
 * The header's language link leads to the same page in the other language, and a town page opened
 * for a ZIP code or a place without a page of its own (?zip=, ?near=) leads to its twin for the same
 * place: those two, as the town page reads them, and nothing else of the address.
 */
const site = useSite({ browser: false })

/** The header's links to the page in the other language (the wide and the phone menus), by their hreflang. */
async function languageLinks(path: string) {
	const response = await fetch(`${site.server.url}${path}`)
	expect(response.status, path).toBe(200)
	const root = parse(await response.text())
	return {
		links: root.querySelectorAll('header a[hreflang]').map((link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`),
		text: root.querySelector('main')?.text ?? '',
	}
}

test('a town page opened for a ZIP code or a nearby place keeps it in its language link, both ways', async () => {
	for (const [path, twin] of [
		['/cities/sierra-vista/?zip=85638', 'es-US /es/ciudades/sierra-vista/?zip=85638'],
		['/es/ciudades/sierra-vista/?zip=85638', 'en-US /cities/sierra-vista/?zip=85638'],
		['/cities/eagar/?near=st-johns', 'es-US /es/ciudades/eagar/?near=st-johns'],
		['/es/ciudades/tuba-city/?near=moenkopi', 'en-US /cities/tuba-city/?near=moenkopi'],
		// The page reads a ZIP with spaces around it as the ZIP, and its twin gets it plain.
		['/cities/sierra-vista/?zip=%2085638%20', 'es-US /es/ciudades/sierra-vista/?zip=85638'],
	] as const) {
		const { links } = await languageLinks(path)
		expect(links, path).toEqual([twin, twin])
	}
})

test('the twin speaks for the same place: the Spanish page of a ZIP’s town names the ZIP as the English one does', async () => {
	const english = await languageLinks('/cities/eagar/?near=st-johns')
	expect(english.text).toMatch(/Saint Johns has no page of its own here/)
	const [, href = ''] = english.links[0]?.split(' ') ?? []
	const spanish = await languageLinks(href)
	expect(spanish.text).toMatch(/Saint Johns/)
	expect(spanish.links[0]).toBe('en-US /cities/eagar/?near=st-johns')
})

test('nothing else of the address goes with the language link: other parameters, and a ZIP or place the page would not read', async () => {
	for (const [path, twin] of [
		['/cities/sierra-vista/?zip=85638&utm_source=mail&q=x', 'es-US /es/ciudades/sierra-vista/?zip=85638'],
		['/cities/sierra-vista/?zip=8563&near=%3Cscript%3E', 'es-US /es/ciudades/sierra-vista/'],
		['/cities/eagar/?near=St-Johns', 'es-US /es/ciudades/eagar/'],
		['/categories/birthday-flowers/?sort=price-desc&band=60-80', 'es-US /es/ocasiones/flores-de-cumpleanos/'],
		['/es/?utm_campaign=x', 'en-US /'],
	] as const) {
		const { links } = await languageLinks(path)
		expect(links, path).toEqual([twin, twin])
	}
})
