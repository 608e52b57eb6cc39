import { expect, test } from 'vitest'
import { useSite } from '#test/support/e2e.ts'

const site = useSite({ settings: { CONTACT_EMAIL: 'care@flowers.example' } })

test('the contact form prepares a mailto: message carrying the name, email and message; nothing is posted', async () => {
	const context = await site.browser.newContext()
	const page = await context.newPage()
	const posted: string[] = []
	page.on('request', (request) => {
		if (request.method() !== 'GET') posted.push(request.url())
	})
	await page.goto(`${site.server.url}/contact/`)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
	await page.getByLabel('Your name').fill('Ana & José')
	await page.getByLabel('Your email').fill('ana@example.org')
	await page.getByLabel('Message').fill('Can you deliver to Room 12?\nThanks')
	await page.getByRole('button', { name: 'Open in my email app' }).click()
	const link = page.getByRole('link', { name: 'open the prepared message' })
	await link.waitFor()
	const href = (await link.getAttribute('href')) ?? ''
	expect(href.startsWith('mailto:care@flowers.example?')).toBe(true)
	const params = new URLSearchParams(href.slice(href.indexOf('?') + 1))
	expect(params.get('subject')).toBe('Flower delivery question from Ana & José')
	expect(params.get('body')).toBe('Can you deliver to Room 12?\nThanks\r\n\r\nName: Ana & José\r\nEmail: ana@example.org')
	expect(posted).toEqual([])
	await context.close()
})
