import { expect, test } from 'vitest'
import { buildContactMailto } from '#app/domain/contact.ts'

test('the mailto link carries the name, email and message, properly encoded', () => {
	const href = buildContactMailto('hello@example.com', {
		name: 'Ana & José',
		email: 'ana@example.org',
		message: 'Deliver to Room 12?\nThanks!',
	})
	const url = new URL(href)
	expect(url.protocol).toBe('mailto:')
	expect(url.pathname).toBe('hello@example.com')
	expect(url.searchParams.get('subject')).toBe('Flower delivery question from Ana & José')
	const body = decodeURIComponent(/body=([^&]*)/.exec(href)?.[1] ?? '')
	expect(body).toBe('Deliver to Room 12?\nThanks!\r\n\r\nName: Ana & José\r\nEmail: ana@example.org')
	expect(href).not.toContain(' ')
	expect(href).not.toContain('+')
})
