import { Flower } from 'lucide-react'
import { localPath } from '#app/domain/paths.ts'
import { useLang, useMessages } from '#app/components/use-messages.ts'

export function NotFound() {
	const words = useMessages().chrome.notFound
	const lang = useLang()
	return (
		<section className="container-page py-24 text-center">
			<Flower aria-hidden="true" className="mx-auto size-12 text-brand-700" />
			<h1 className="section-title mt-6">{words.title}</h1>
			<p className="mt-4 text-lg text-stone-600">{words.text}</p>
			<div className="mt-8 flex flex-wrap justify-center gap-3">
				<a href={localPath(lang, '/')} className="btn-primary">
					{words.home}
				</a>
				<a href={localPath(lang, '/cities')} className="btn-secondary">
					{words.cities}
				</a>
			</div>
		</section>
	)
}
