import { fill } from '#app/domain/locale.ts'

export type ContactMessage = { name: string; email: string; message: string }

/**
 * The words of the prepared message in the page's language (the `mail` part of the contact
 * catalog): the subject with `{name}`, the name used when none is given, and the lines under the
 * text with `{name}` and `{email}`.
 */
export type ContactMailWords = { subject: string; visitor: string; nameLine: string; emailLine: string }

/**
 * A mailto: link with subject and body prefilled. Every part is
 * percent-encoded (spaces as %20, line breaks as %0D%0A per RFC 6068).
 */
export function buildContactMailto(to: string, { name, email, message }: ContactMessage, words: ContactMailWords): string {
	const subject = fill(words.subject, { name: name.trim() || words.visitor })
	const body = [message.trim(), '', fill(words.nameLine, { name: name.trim() }), fill(words.emailLine, { email: email.trim() })].join('\r\n')
	const encode = (value: string) => encodeURIComponent(value)
	return `mailto:${encodeURIComponent(to).replace(/%40/g, '@')}?subject=${encode(subject)}&body=${encode(body)}`
}
