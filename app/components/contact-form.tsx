import { Send } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { buildContactMailto, contactProblems, type ContactField, type ContactMessage } from '#app/domain/contact-checks.ts'
import { fill } from '#app/words/locale.ts'
import { useMessages } from '#app/components/use-messages.ts'

/** Each field's input, by its id; its problem is written under it, at `${id}-problem`. */
const FIELDS: Record<ContactField, string> = { name: 'contact-name', email: 'contact-email', message: 'contact-message' }

function messageOf(form: HTMLFormElement): ContactMessage {
	const data = new FormData(form)
	const field = (name: string) => String(data.get(name) ?? '')
	return { name: field('name'), email: field('email'), message: field('body') }
}

/** What the field gives its control: its id, its state and description, its look. */
type ControlProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string; className: string }

type FieldProps = { field: ContactField; label: string; problem: string; shown: boolean; children: (props: ControlProps) => React.ReactNode }

/**
 * A label, its control, and the line under it that says what the field lacks, which is the
 * control's description. The scripts write that line when a check fails; without them, the
 * browser's own check marks the control and the stylesheet shows the same words (`data-problem`).
 */
function Field({ field, label, problem, shown, children }: FieldProps) {
	const id = FIELDS[field]
	return (
		<div>
			<label htmlFor={id} className="text-sm font-semibold text-stone-900">
				{label}
			</label>
			{children({
				id,
				'aria-invalid': shown || undefined,
				'aria-describedby': `${id}-problem`,
				className:
					'mt-1 block w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base user-invalid:border-red-700 aria-[invalid=true]:border-red-700',
			})}
			<p id={`${id}-problem`} data-problem={problem} className="contact-problem mt-1 text-sm font-medium text-red-700">
				{shown ? problem : null}
			</p>
		</div>
	)
}

/**
 * Opens the visitor's mail client with the message prefilled; nothing is sent
 * to our server. A message without a name or text, or with an email that is
 * not an address, opens nothing: each field says what it lacks, and the form
 * says why no email app opened. Without JavaScript the browser checks the
 * same rules (required, type="email") and builds the mailto: link from the
 * subject and body fields itself.
 */
export function ContactForm({ to }: { to: string }) {
	const words = useMessages().contact
	const [mailto, setMailto] = useState<string | null>(null)
	const [problems, setProblems] = useState<readonly ContactField[]>([])
	const [attempts, setAttempts] = useState(0)
	// The browser's own check gives way to ours once the scripts run; until then it is the only one.
	const [scripted, setScripted] = useState(false)
	const form = useRef<HTMLFormElement>(null)
	useEffect(() => setScripted(true), [])
	function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const message = messageOf(event.currentTarget)
		const found = contactProblems(message)
		setProblems(found)
		setAttempts((count) => count + 1)
		const [first] = found
		if (first) {
			setMailto(null)
			document.getElementById(FIELDS[first])?.focus()
			return
		}
		const href = buildContactMailto(to, message, words.mail)
		setMailto(href)
		window.location.href = href
	}
	// Once a check has failed, each change says at once whether the field is right now.
	function handleChange() {
		if (problems.length > 0 && form.current) setProblems(contactProblems(messageOf(form.current)))
	}
	const field = (name: ContactField) => ({ field: name, problem: words.problems[name], shown: problems.includes(name) })
	return (
		<form
			ref={form}
			action={`mailto:${to}`}
			method="get"
			noValidate={scripted}
			onSubmit={handleSubmit}
			onChange={handleChange}
			className="space-y-5"
			aria-label={words.form}
		>
			<input type="hidden" name="subject" value={words.subject} />
			<p className="text-sm text-stone-600">{words.needed}</p>
			<Field label={words.name} {...field('name')}>
				{(props) => <input {...props} name="name" type="text" autoComplete="name" required pattern=".*\S.*" />}
			</Field>
			<Field label={words.email} {...field('email')}>
				{(props) => <input {...props} name="email" type="email" autoComplete="email" />}
			</Field>
			<Field label={words.message} {...field('message')}>
				{(props) => <textarea {...props} name="body" rows={6} required />}
			</Field>
			{problems.length > 0 ? (
				// A new alert at each refused attempt, so a screen reader says it again.
				<p key={attempts} role="alert" className="text-sm font-medium text-red-700">
					{[words.notPrepared, ...problems.map((name) => words.problems[name])].join(' ')}
				</p>
			) : null}
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
