import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import type { Crumb } from '#app/domain/structured-data.ts'
import type { LegalSection } from '#app/words/legal-words.server.ts'

/** Over a translated policy: the one sentence saying the original governs, its middle part the link to it. */
type TranslationNote = { before: string; link: string; after: string; href: string }

/** A policy page: its title, its date (written out in the page's language), its sections, and on a translation the note that the original governs. */
export function LegalPage(props: {
	title: string
	crumbs: readonly Crumb[]
	updated: string
	sections: readonly LegalSection[]
	note: TranslationNote | null
}) {
	return (
		<>
			<Breadcrumbs crumbs={props.crumbs} />
			<article className="container-page max-w-3xl py-10">
				<h1 className="font-serif text-4xl font-semibold tracking-tight text-stone-900">{props.title}</h1>
				{props.note ? (
					<p className="mt-4 rounded-xl bg-white px-4 py-3 text-sm text-stone-700 ring-1 ring-stone-200">
						{props.note.before}
						<a href={props.note.href} hrefLang="en" className="underline hover:text-brand-700">
							{props.note.link}
						</a>
						{props.note.after}
					</p>
				) : null}
				<p className="mt-3 text-sm text-stone-600">{props.updated}</p>
				{props.sections.map((section) => (
					<section key={section.heading} className="mt-8">
						<h2 className="text-xl font-semibold text-stone-900">{section.heading}</h2>
						{section.paragraphs.map((paragraph) => (
							<p key={paragraph} className="mt-3 leading-7 text-stone-700">
								{paragraph}
							</p>
						))}
					</section>
				))}
			</article>
		</>
	)
}
