import { Award, Handshake, MapPinned, ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import type { Route } from './+types/about'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { pagePath } from '#app/domain/paths.ts'
import { contentPageMeta } from '#app/route-meta.ts'
import { rootDataFrom } from '#app/root-data.ts'

export function meta({ matches }: Route.MetaArgs) {
	return contentPageMeta(matches, {
		path: pagePath('/about'),
		title: 'About Us',
		description:
			'We help people send flowers anywhere in Arizona by connecting them with local florists in a network of over 10,000 shops, with same-day delivery in most cities.',
		crumb: 'About',
	})
}

const values = (cityCount: number) => [
	{ icon: Award, title: 'Quality First', text: 'Arrangements are made by hand by professional florists, never shipped in a box.' },
	{ icon: MapPinned, title: 'Local Focus', text: 'Every order goes to a florist in the network who delivers to the recipient’s town.' },
	{ icon: ShieldCheck, title: 'Wide Coverage', text: `Pages for ${cityCount} Arizona cities and towns, from the Valley to the high country.` },
	{ icon: Handshake, title: 'Trusted Partners', text: 'Orders, payment and delivery are handled by an established florist network.' },
]

export default function About({ matches }: Route.ComponentProps) {
	const root = rootDataFrom(matches)
	return (
		<>
			<Breadcrumbs
				crumbs={[
					{ name: 'Home', path: pagePath('/') },
					{ name: 'About', path: pagePath('/about') },
				]}
			/>
			<section className="container-page py-10">
				<h1 className="font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">About us</h1>
				<div className="mt-6 grid max-w-3xl gap-4 text-lg leading-8 text-stone-700">
					<p>
						Sending flowers to someone in Arizona should be simple, even when you live far away. We built this site to answer the questions that matter when
						time is short: can flowers still arrive today, who delivers in that town, and what can I send?
					</p>
					<p>
						We are a directory, not a flower shop. We connect you with independent local florists through our partner network, and they arrange and deliver
						every order by hand. When you order through our links, the partner pays us a commission.
					</p>
				</div>
				<p className="mt-10 inline-block rounded-2xl bg-brand-50 px-6 py-5 font-serif text-2xl font-semibold text-brand-800 ring-1 ring-brand-100">
					10,000+ local florists in our network
				</p>
			</section>
			<section aria-labelledby="values-title" className="container-page py-10">
				<h2 id="values-title" className="section-title">
					What we care about
				</h2>
				<ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
					{values(root?.cities.length ?? 0).map(({ icon: Icon, title, text }) => (
						<li key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
							<Icon aria-hidden="true" className="size-7 text-brand-700" />
							<h3 className="mt-3 font-semibold text-stone-900">{title}</h3>
							<p className="mt-2 text-sm leading-6 text-stone-700">{text}</p>
						</li>
					))}
				</ul>
				<div className="mt-10 flex flex-wrap gap-3">
					<a href={`${pagePath('/')}#categories`} className="btn-primary">
						Browse occasions
					</a>
					<Link to={pagePath('/cities')} className="btn-secondary">
						Find your city
					</Link>
				</div>
			</section>
		</>
	)
}
