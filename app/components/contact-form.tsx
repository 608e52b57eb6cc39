import { Send } from 'lucide-react'
import { useState } from 'react'
import { buildContactMailto } from '#app/domain/contact.ts'
import { fill } from '#app/domain/locale.ts'
import { useMessages } from '#app/components/use-messages.ts'

/**
 * Opens the visitor's mail client with the message prefilled; nothing is sent
 * to our server. Without JavaScript the browser builds the mailto: link from
 * the subject and body fields itself.
 */
export function ContactForm({ to }: { to: string }) {
	const words = useMessages().contact
	const [mailto, setMailto] = useState<string | null>(null)
	function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const form = new FormData(event.currentTarget)
		const field = (name: string) => String(form.get(name) ?? '')
		const href = buildContactMailto(to, { name: field('name'), email: field('email'), message: field('body') }, words.mail)
		setMailto(href)
		window.location.href = href
	}
	const input = 'mt-1 block w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base'
	return (
		<form action={`mailto:${to}`} method="get" onSubmit={handleSubmit} className="space-y-5" aria-label={words.form}>
			<input type="hidden" name="subject" value={words.subject} />
			<div>
				<label htmlFor="contact-name" className="text-sm font-semibold text-stone-900">
					{words.name}
				</label>
				<input id="contact-name" name="name" type="text" autoComplete="name" className={input} />
			</div>
			<div>
				<label htmlFor="contact-email" className="text-sm font-semibold text-stone-900">
					{words.email}
				</label>
				<input id="contact-email" name="email" type="email" autoComplete="email" className={input} />
			</div>
			<div>
				<label htmlFor="contact-message" className="text-sm font-semibold text-stone-900">
					{words.message}
				</label>
				<textarea id="contact-message" name="body" rows={6} className={input} />
			</div>
			<button type="submit" className="btn-primary">
				<Send aria-hidden="true" className="size-4" /> {words.send}
			</button>
			<p className="text-sm text-stone-600">{words.note}</p>
			<p aria-live="polite" className="text-sm text-stone-700">
				{mailto ? (
					<>
						{words.notOpened}
						<a href={mailto} className="font-semibold text-brand-700 underline">
							{words.openPrepared}
						</a>
						{fill(words.writeTo, { email: to })}
					</>
				) : null}
			</p>
		</form>
	)
}
