import { pagePath } from '#app/domain/paths.ts'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import type { LegalSection } from '#app/content/legal.ts'

export function LegalPage(props: { title: string; path: string; updated: string; sections: readonly LegalSection[] }) {
	return (
		<>
			<Breadcrumbs
				crumbs={[
					{ name: 'Home', path: pagePath('/') },
					{ name: props.title, path: props.path },
				]}
			/>
			<article className="container-page max-w-3xl py-10">
				<h1 className="font-serif text-4xl font-semibold tracking-tight text-stone-900">{props.title}</h1>
				<p className="mt-3 text-sm text-stone-600">Last updated {props.updated}</p>
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
