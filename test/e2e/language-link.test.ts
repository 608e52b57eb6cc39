import { expect, test } from 'vitest'
import { hydrated, useSite, usePage } from '#test/support/e2e.ts'

/**
 * A visitor who searched a place without a page of its own switches language: the twin page in
 * the other language still speaks for that place. In Chromium, after hydration, with no error in
 * the console (a link that differed from the server's would be a hydration mismatch).
 */
const site = useSite()
const opened = usePage(site, { viewport: { width: 1280, height: 900 } })

test('“Español” on a town page opened for a nearby place leads to the Spanish page for the same place, and back', async () => {
	const { page } = opened
	await page.goto(`${site.server.url}/cities/eagar/?near=st-johns`)
	await hydrated(page)
	await page.getByText('Saint Johns has no page of its own here').waitFor()
	const nav = page.getByRole('navigation', { name: 'Main' })
	expect(await nav.getByRole('link', { name: 'Español' }).getAttribute('href')).toBe('/es/ciudades/eagar/?near=st-johns')
	await nav.getByRole('link', { name: 'Español' }).click()
	await page.waitForURL(`${site.server.url}/es/ciudades/eagar/?near=st-johns`)
	await hydrated(page)
	expect(await page.locator('main').textContent()).toContain('Saint Johns')
	expect(await page.getByRole('link', { name: 'English' }).first().getAttribute('href')).toBe('/cities/eagar/?near=st-johns')
})

test('the language link of an occasion opened with a sort in its address leads to the plain Spanish occasion', async () => {
	const { page } = opened
	await page.goto(`${site.server.url}/categories/birthday-flowers/?sort=price-desc`)
	await hydrated(page)
	const spanish = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Español' })
	expect(await spanish.getAttribute('href')).toBe('/es/ocasiones/flores-de-cumpleanos/')
})
