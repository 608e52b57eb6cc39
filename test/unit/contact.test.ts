import { expect, test } from 'vitest'
import { buildContactMailto } from '#app/domain/contact.ts'
import { contact } from '#app/messages/contact.server.ts'

test('the mailto link carries the name, email and message, properly encoded', () => {
	const href = buildContactMailto(
		'hello@example.com',
		{
			name: 'Ana & José',
			email: 'ana@example.org',
			message: 'Deliver to Room 12?\nThanks!',
		},
		contact.en.mail,
	)
	const url = new URL(href)
	expect(url.protocol).toBe('mailto:')
	expect(url.pathname).toBe('hello@example.com')
	expect(url.searchParams.get('subject')).toBe('Flower delivery question from Ana & José')
	const body = decodeURIComponent(/body=([^&]*)/.exec(href)?.[1] ?? '')
	expect(body).toBe('Deliver to Room 12?\nThanks!\r\n\r\nName: Ana & José\r\nEmail: ana@example.org')
	expect(href).not.toContain(' ')
	expect(href).not.toContain('+')
})

test('on a Spanish page the prepared message is worded in Spanish, the visitor’s own text as typed', () => {
	const href = buildContactMailto('hello@example.com', { name: '', email: 'ana@example.org', message: '¿Entregan en Yuma?' }, contact.es.mail)
	expect(new URL(href).searchParams.get('subject')).toBe('Pregunta sobre flores a domicilio de un visitante')
	const body = decodeURIComponent(/body=([^&]*)/.exec(href)?.[1] ?? '')
	expect(body).toBe('¿Entregan en Yuma?\r\n\r\nNombre: \r\nCorreo electrónico: ana@example.org')
})
