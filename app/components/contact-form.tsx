import { Send } from 'lucide-react'
import { useState } from 'react'
import { buildContactMailto } from '#app/domain/contact.ts'

/**
 * Opens the visitor's mail client with the message prefilled; nothing is sent
 * to our server. Without JavaScript the browser builds the mailto: link from
 * the subject and body fields itself.
 */
export function ContactForm({ to }: { to: string }) {
	const [mailto, setMailto] = useState<string | null>(null)
	function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const form = new FormData(event.currentTarget)
		const field = (name: string) => String(form.get(name) ?? '')
		const href = buildContactMailto(to, { name: field('name'), email: field('email'), message: field('body') })
		setMailto(href)
		window.location.href = href
	}
	const input = 'mt-1 block w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base'
	return (
		<form action={`mailto:${to}`} method="get" onSubmit={handleSubmit} className="space-y-5" aria-label="Contact form">
			<input type="hidden" name="subject" value="Flower delivery question" />
			<div>
				<label htmlFor="contact-name" className="text-sm font-semibold text-stone-900">
					Your name
				</label>
				<input id="contact-name" name="name" type="text" autoComplete="name" className={input} />
			</div>
			<div>
				<label htmlFor="contact-email" className="text-sm font-semibold text-stone-900">
					Your email
				</label>
				<input id="contact-email" name="email" type="email" autoComplete="email" className={input} />
			</div>
			<div>
				<label htmlFor="contact-message" className="text-sm font-semibold text-stone-900">
					Message
				</label>
				<textarea id="contact-message" name="body" rows={6} className={input} />
			</div>
			<button type="submit" className="btn-primary">
				<Send aria-hidden="true" className="size-4" /> Open in my email app
			</button>
			<p className="text-sm text-stone-600">Your email app opens with this message ready to send. Nothing is sent from this site.</p>
			<p aria-live="polite" className="text-sm text-stone-700">
				{mailto ? (
					<>
						{'If your email app did not open, '}
						<a href={mailto} className="font-semibold text-brand-700 underline">
							open the prepared message
						</a>
						{` or write to ${to}.`}
					</>
				) : null}
			</p>
		</form>
	)
}
