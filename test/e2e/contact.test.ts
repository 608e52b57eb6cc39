import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { afterEach, expect, test } from 'vitest'
import { axeViolations } from '#test/support/axe.ts'
import { useSite } from '#test/support/e2e.ts'

const site = useSite({ settings: { CONTACT_EMAIL: 'care@flowers.example' } })

type Visit = { context: BrowserContext; page: Page; mailApp: string[]; problems: string[] }
let visit: Visit | undefined

afterEach(async () => {
	await visit?.context.close()
	expect(visit?.problems ?? []).toEqual([])
	visit = undefined
})

/**
 * The contact page in a fresh browser, with or without JavaScript; `mailApp` collects every
 * mailto: address the page asked the browser to open (what opens the visitor's email app), and
 * the test fails on any error the page logs or throws.
 */
async function openContact(path: string, javaScriptEnabled = true): Promise<Visit> {
	const context = await site.browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } })
	const page = await context.newPage()
	const cdp: CDPSession = await context.newCDPSession(page)
	await cdp.send('Page.enable')
	const mailApp: string[] = []
	cdp.on('Page.frameRequestedNavigation', ({ url }) => {
		if (url.startsWith('mailto:')) mailApp.push(url)
	})
	const problems: string[] = []
	page.on('pageerror', (error) => problems.push(error.message))
	page.on('console', (message) => {
		if (message.type() === 'error') problems.push(message.text())
	})
	visit = { context, page, mailApp, problems }
	await page.goto(`${site.server.url}${path}`)
	if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	return visit
}

/** A field as assistive technology gets it: whether it is marked invalid, and its description. */
async function fieldState(page: Page, label: string) {
	const field = page.getByLabel(label, { exact: true })
	return {
		invalid: await field.getAttribute('aria-invalid'),
		description: await field.evaluate((element) => {
			const problem = document.getElementById(element.getAttribute('aria-describedby') ?? '')
			const shown = problem ? getComputedStyle(problem, '::after').content : 'none'
			// The words are the line's text (with scripts) or the stylesheet's (without).
			return `${problem?.textContent ?? ''}${shown === 'none' ? '' : shown.replace(/^"|"$/g, '')}`
		}),
	}
}

test('the contact form prepares a mailto: message carrying the name, email and message; nothing is posted', async () => {
	const { page, mailApp } = await openContact('/contact/')
	const posted: string[] = []
	page.on('request', (request) => {
		if (request.method() !== 'GET') posted.push(request.url())
	})
	await page.getByLabel('Your name').fill('Ana & José')
	await page.getByLabel('Your email').fill('ana@example.org')
	await page.getByLabel('Message').fill('Can you deliver to Room 12?\nThanks')
	await page.getByRole('button', { name: 'Open in my email app' }).click()
	const link = page.getByRole('link', { name: 'open the prepared message' })
	await link.waitFor()
	const href = (await link.getAttribute('href')) ?? ''
	expect(href.startsWith('mailto:care@flowers.example?')).toBe(true)
	const params = new URLSearchParams(href.slice(href.indexOf('?') + 1))
	expect(params.get('subject')).toBe('Message from Ana & José: flower delivery question')
	expect(params.get('body')).toBe('Can you deliver to Room 12?\nThanks\r\n\r\nName: Ana & José\r\nEmail: ana@example.org')
	expect(mailApp).toEqual([href])
	expect(posted).toEqual([])
})

test('an empty message opens no email app: each field says what it lacks, is marked invalid, and the refusal is announced', async () => {
	const { page, mailApp } = await openContact('/contact/')
	await page.getByRole('button', { name: 'Open in my email app' }).click()
	const alert = page.getByRole('alert').filter({ hasText: 'Your email app was not opened.' })
	await alert.waitFor()
	expect(await alert.textContent()).toBe('Your email app was not opened. Please enter your name. Please write your message.')
	expect(await fieldState(page, 'Your name')).toEqual({ invalid: 'true', description: 'Please enter your name.' })
	expect(await fieldState(page, 'Message')).toEqual({ invalid: 'true', description: 'Please write your message.' })
	expect(await fieldState(page, 'Your email')).toEqual({ invalid: null, description: '' })
	expect(await page.getByText('Please enter your name.', { exact: true }).isVisible()).toBe(true)
	// The first field to put right has the focus.
	expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name')
	expect(mailApp).toEqual([])
	expect(await axeViolations(page, 'form[aria-label="Contact form"]')).toEqual([])
	// A name alone is not enough; a wrong email is refused too, and says so.
	await page.getByLabel('Your name').fill('Ana')
	await page.getByLabel('Your email').fill('ana@')
	await page.getByRole('button', { name: 'Open in my email app' }).click()
	await page.getByRole('alert').filter({ hasText: 'Please enter an email address such as name@example.com, or leave it empty.' }).waitFor()
	expect(await fieldState(page, 'Your name')).toEqual({ invalid: null, description: '' })
	expect(await fieldState(page, 'Your email')).toEqual({
		invalid: 'true',
		description: 'Please enter an email address such as name@example.com, or leave it empty.',
	})
	expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-email')
	expect(mailApp).toEqual([])
	// Put right, the message goes to the email app, and the errors are gone.
	await page.getByLabel('Your email').fill('')
	await page.getByLabel('Message').fill('Hello')
	await page.getByRole('button', { name: 'Open in my email app' }).click()
	await page.getByRole('link', { name: 'open the prepared message' }).waitFor()
	expect(await page.getByRole('alert').filter({ hasText: 'Your email app was not opened.' }).count()).toBe(0)
	expect(mailApp).toHaveLength(1)
})

test('on the Spanish page the refusal is in Spanish, and the subject names the sender', async () => {
	const { page, mailApp } = await openContact('/es/contacto/')
	await page.getByRole('button', { name: 'Abrir en mi aplicación de correo' }).click()
	await page.getByRole('alert').filter({ hasText: 'No se abrió su aplicación de correo. Escriba su nombre. Escriba su mensaje.' }).waitFor()
	expect(await fieldState(page, 'Su nombre')).toEqual({ invalid: 'true', description: 'Escriba su nombre.' })
	expect(await fieldState(page, 'Mensaje')).toEqual({ invalid: 'true', description: 'Escriba su mensaje.' })
	expect(mailApp).toEqual([])
	await page.getByLabel('Su nombre').fill('María López')
	await page.getByLabel('Su correo electrónico').fill('maria@')
	await page.getByLabel('Mensaje').fill('¿Entregan en Yuma?')
	await page.getByRole('button', { name: 'Abrir en mi aplicación de correo' }).click()
	await page.getByRole('alert').filter({ hasText: 'Escriba un correo electrónico como nombre@ejemplo.com, o déjelo en blanco.' }).waitFor()
	expect(mailApp).toEqual([])
	await page.getByLabel('Su correo electrónico').fill('maria@example.org')
	await page.getByRole('button', { name: 'Abrir en mi aplicación de correo' }).click()
	await page.getByRole('link', { name: 'abra el mensaje preparado' }).waitFor()
	expect(mailApp).toHaveLength(1)
	expect(new URL(mailApp[0] ?? '').searchParams.get('subject')).toBe('Mensaje de María López: pregunta sobre flores a domicilio')
})

test.each([
	{
		path: '/contact/',
		send: 'Open in my email app',
		name: 'Your name',
		email: 'Your email',
		message: 'Message',
		words: ['Please enter your name.', 'Please write your message.'],
	},
	{
		path: '/es/contacto/',
		send: 'Abrir en mi aplicación de correo',
		name: 'Su nombre',
		email: 'Su correo electrónico',
		message: 'Mensaje',
		words: ['Escriba su nombre.', 'Escriba su mensaje.'],
	},
])('without JavaScript, $path refuses an empty message in its own language and opens no email app', async ({ path, send, name, email, message, words }) => {
	const { page, mailApp } = await openContact(path, false)
	await page.getByRole('button', { name: send }).click()
	expect(await fieldState(page, name)).toEqual({ invalid: null, description: words[0] })
	expect(await fieldState(page, message)).toEqual({ invalid: null, description: words[1] })
	expect(await fieldState(page, email)).toEqual({ invalid: null, description: '' })
	expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name')
	expect(mailApp).toEqual([])
	// The browser checks an email address as the scripts do.
	await page.getByLabel(name, { exact: true }).fill('Ana')
	await page.getByLabel(email, { exact: true }).fill('ana@')
	await page.getByLabel(message, { exact: true }).fill('Hola')
	await page.getByRole('button', { name: send }).click()
	expect((await fieldState(page, email)).description).toMatch(/(name|nombre)@(example|ejemplo)\.com/)
	expect(mailApp).toEqual([])
	await page.getByLabel(email, { exact: true }).fill('')
	await page.getByRole('button', { name: send }).click()
	await expect.poll(() => mailApp.length).toBe(1)
	expect(mailApp[0]).toMatch(/^mailto:care@flowers\.example\?subject=/)
})
