import { Flower } from 'lucide-react'
import { pagePath } from '#app/domain/paths.ts'

export function NotFound() {
	return (
		<section className="container-page py-24 text-center">
			<Flower aria-hidden="true" className="mx-auto size-12 text-brand-700" />
			<h1 className="section-title mt-6">Oops! Page not found</h1>
			<p className="mt-4 text-lg text-stone-600">The page you were looking for doesn’t exist or has moved.</p>
			<div className="mt-8 flex flex-wrap justify-center gap-3">
				<a href={pagePath('/')} className="btn-primary">
					Go back home
				</a>
				<a href={pagePath('/cities')} className="btn-secondary">
					Browse Arizona cities
				</a>
			</div>
		</section>
	)
}
