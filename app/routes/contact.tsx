import { Clock, Mail, MapPin } from 'lucide-react'
import type { Route } from './+types/contact'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { ContactForm } from '#app/components/contact-form.tsx'
import { pagePath } from '#app/domain/paths.ts'
import { contentPageMeta } from '#app/route-meta.ts'
import { rootDataFrom } from '#app/root-data.ts'

export function meta({ matches }: Route.MetaArgs) {
	return contentPageMeta(matches, {
		path: pagePath('/contact'),
		title: 'Contact Us',
		description:
			'Questions about sending flowers in Arizona? Contact us Monday to Friday, 8 AM to 6 PM Mountain Time. We serve cities statewide across Arizona.',
		crumb: 'Contact',
	})
}

export default function Contact({ matches }: Route.ComponentProps) {
	const email = rootDataFrom(matches)?.site.contactEmail ?? ''
	return (
		<>
			<Breadcrumbs
				crumbs={[
					{ name: 'Home', path: pagePath('/') },
					{ name: 'Contact', path: pagePath('/contact') },
				]}
			/>
			<section className="container-page py-10">
				<h1 className="font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">Contact us</h1>
				<p className="mt-4 max-w-2xl text-lg leading-8 text-stone-700">
					Questions about delivery in your city or about this site? Write to us. For an order you have already placed, contact the partner florist shown on your
					order confirmation.
				</p>
				<div className="mt-10 grid gap-10 lg:grid-cols-[2fr_1fr]">
					<ContactForm to={email} />
					<aside aria-labelledby="details-title" className="self-start rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
						<h2 id="details-title" className="text-lg font-semibold text-stone-900">
							Contact details
						</h2>
						<ul className="mt-4 space-y-4 text-sm text-stone-700">
							<li className="flex gap-3">
								<Mail aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
								<div>
									<p className="font-semibold text-stone-900">Email</p>
									<p>
										<a href={`mailto:${email}`} className="underline hover:text-brand-700">
											{email}
										</a>
									</p>
								</div>
							</li>
							<li className="flex gap-3">
								<MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
								<div>
									<p className="font-semibold text-stone-900">Service area</p>
									<p>Statewide across Arizona</p>
								</div>
							</li>
							<li className="flex gap-3">
								<Clock aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
								<div>
									<p className="font-semibold text-stone-900">Support hours</p>
									<p>Monday to Friday, 8 AM to 6 PM Mountain Time</p>
								</div>
							</li>
						</ul>
					</aside>
				</div>
			</section>
		</>
	)
}
