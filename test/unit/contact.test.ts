import { expect, test } from 'vitest'
import { buildContactMailto, contactProblems } from '#app/domain/contact-checks.ts'
import { contact } from '#app/words/contact-words.server.ts'

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
	expect(url.searchParams.get('subject')).toBe('Message from Ana & José: flower delivery question')
	const body = decodeURIComponent(/body=([^&]*)/.exec(href)?.[1] ?? '')
	expect(body).toBe('Deliver to Room 12?\nThanks!\r\n\r\nName: Ana & José\r\nEmail: ana@example.org')
	expect(href).not.toContain(' ')
	expect(href).not.toContain('+')
})

test('on a Spanish page the prepared message is worded in Spanish, the visitor’s own text as typed', () => {
	const href = buildContactMailto('hello@example.com', { name: '', email: 'ana@example.org', message: '¿Entregan en Yuma?' }, contact.es.mail)
	expect(new URL(href).searchParams.get('subject')).toBe('Mensaje de un visitante: pregunta sobre flores a domicilio')
	const body = decodeURIComponent(/body=([^&]*)/.exec(href)?.[1] ?? '')
	expect(body).toBe('¿Entregan en Yuma?\r\n\r\nNombre: \r\nCorreo electrónico: ana@example.org')
})

test('the subject names the sender as the one whose message it is, in both languages', () => {
	const message = { name: 'María López', email: '', message: '¿Entregan en Yuma?' }
	const subject = (words: typeof contact.en.mail) => new URL(buildContactMailto('hello@example.com', message, words)).searchParams.get('subject')
	expect(subject(contact.es.mail)).toBe('Mensaje de María López: pregunta sobre flores a domicilio')
	expect(subject(contact.en.mail)).toBe('Message from María López: flower delivery question')
})

test('a message needs a name and a text; an email may be left out, but one given must be an address', () => {
	expect(contactProblems({ name: 'Ana', email: '', message: 'Hola' })).toEqual([])
	expect(contactProblems({ name: 'Ana', email: ' ana@example.org ', message: 'Hola' })).toEqual([])
	expect(contactProblems({ name: '', email: '', message: '' })).toEqual(['name', 'message'])
	expect(contactProblems({ name: '  ', email: 'ana@', message: '\n' })).toEqual(['name', 'email', 'message'])
	for (const email of ['ana', 'ana@example.org x', 'ana@@example.org', '@example.org', 'ana@-example.org'])
		expect(contactProblems({ name: 'Ana', email, message: 'Hola' }), email).toEqual(['email'])
})
