import { Clock, Mail, MapPin } from 'lucide-react'
import { pageMessages } from '#app/server/messages.server.ts'
import type { Route } from './+types/contact'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { ContactForm } from '#app/components/contact-form.tsx'
import { langOfPath } from '#app/words/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import { contentPageMeta } from '#app/route-meta.ts'
import { rootDataFrom } from '#app/root-data.ts'
import { pages } from '#app/words/pages-words.server.ts'
import { pageCrumbs } from '#app/server/page-words.server.ts'

export function loader({ request }: Route.LoaderArgs) {
	const lang = langOfPath(new URL(request.url).pathname)
	const words = pages[lang].contact
	const path = localPath(lang, '/contact')
	return { path, words, crumbs: pageCrumbs(lang, { name: words.crumb, path }), messages: pageMessages(lang, ['contact']) }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
	if (!loaderData) return []
	const { path, words, crumbs } = loaderData
	return contentPageMeta(matches, { path, title: words.title, description: words.description, crumbs })
}

/** One way to reach us, with its icon. */
function Detail({ icon: Icon, title, children }: { icon: typeof Mail; title: string; children: React.ReactNode }) {
	return (
		<li className="flex gap-3">
			<Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
			<div>
				<p className="font-semibold text-stone-900">{title}</p>
				<p>{children}</p>
			</div>
		</li>
	)
}

export default function Contact({ loaderData, matches }: Route.ComponentProps) {
	const { words, crumbs } = loaderData
	const email = rootDataFrom(matches)?.site.contactEmail ?? ''
	return (
		<>
			<Breadcrumbs crumbs={crumbs} />
			<section className="container-page py-10">
				<h1 className="font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">{words.heading}</h1>
				<p className="mt-4 max-w-2xl text-lg leading-8 text-stone-700">{words.intro}</p>
				<div className="mt-10 grid gap-10 lg:grid-cols-[2fr_1fr]">
					<ContactForm to={email} />
					<aside aria-labelledby="details-title" className="self-start rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
						<h2 id="details-title" className="text-lg font-semibold text-stone-900">
							{words.details}
						</h2>
						<ul className="mt-4 space-y-4 text-sm text-stone-700">
							<Detail icon={Mail} title={words.email}>
								<a href={`mailto:${email}`} className="underline hover:text-brand-700">
									{email}
								</a>
							</Detail>
							<Detail icon={MapPin} title={words.area}>
								{words.areaText}
							</Detail>
							<Detail icon={Clock} title={words.hours}>
								{words.hoursText}
							</Detail>
						</ul>
					</aside>
				</div>
			</section>
		</>
	)
}
