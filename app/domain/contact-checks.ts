import { fill } from '#app/words/locale.ts'

export type ContactMessage = { name: string; email: string; message: string }

/** A field of the contact form that keeps the message from being prepared. */
export type ContactField = keyof ContactMessage

/** An email address as the browser's own check of an email field reads it (the HTML standard's "valid email address"). */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/**
 * What a message lacks before it can be prepared, in the form's order: a name and a message are
 * needed; the email may be left out, but one given must be an address. The same rules as the
 * form's own attributes (required, type="email"), which a browser without scripts applies.
 */
export function contactProblems({ name, email, message }: ContactMessage): ContactField[] {
	const problems: ContactField[] = []
	if (!name.trim()) problems.push('name')
	if (email.trim() && !EMAIL.test(email.trim())) problems.push('email')
	if (!message.trim()) problems.push('message')
	return problems
}

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
