export type ContactMessage = { name: string; email: string; message: string }

/**
 * A mailto: link with subject and body prefilled. Every part is
 * percent-encoded (spaces as %20, line breaks as %0D%0A per RFC 6068).
 */
export function buildContactMailto(to: string, { name, email, message }: ContactMessage): string {
	const subject = `Flower delivery question from ${name.trim() || 'a visitor'}`
	const body = [message.trim(), '', `Name: ${name.trim()}`, `Email: ${email.trim()}`].join('\r\n')
	const encode = (value: string) => encodeURIComponent(value)
	return `mailto:${encodeURIComponent(to).replace(/%40/g, '@')}?subject=${encode(subject)}&body=${encode(body)}`
}
