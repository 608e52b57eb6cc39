import { Clock, Flower2, MapPin } from 'lucide-react'
import { Link } from 'react-router'
import { pagePath } from '#app/domain/paths.ts'
import type { RootData } from '#app/root-data.ts'
import { CitySearchForm } from '#app/components/city-search-form.tsx'
import { PartnerLink } from '#app/components/partner-link.tsx'

const nav = [
	{ label: 'Categories', href: `${pagePath('/')}#categories` },
	{ label: 'Cities', href: pagePath('/cities') },
	{ label: 'About', href: pagePath('/about') },
	{ label: 'Contact', href: pagePath('/contact') },
]

/** `deliveryNote`: the page's own line where the site-wide 'Same Day Delivery Available' is not true (a remote town). */
export function SiteHeader({ root, deliveryNote = 'Same Day Delivery Available' }: { root: RootData; deliveryNote?: string | undefined }) {
	return (
		<header className="fixed inset-x-0 top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
			<div className="hidden bg-sage-800 text-sage-50 lg:block">
				<div className="container-page flex h-9 items-center justify-center gap-8 text-xs font-medium">
					<p className="flex items-center gap-1.5">
						<Clock aria-hidden="true" className="size-3.5" /> {deliveryNote}
					</p>
					<p className="flex items-center gap-1.5">
						<MapPin aria-hidden="true" className="size-3.5" /> Serving Arizona Communities
					</p>
				</div>
			</div>
			<div className="container-page flex h-16 items-center justify-between gap-4">
				<Link to={pagePath('/')} className="flex min-w-0 items-center gap-2 font-serif text-base leading-tight font-semibold text-stone-900 sm:text-lg">
					<Flower2 aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
					<span>{root.site.siteName}</span>
				</Link>
				<nav aria-label="Main" className="hidden md:block">
					<ul className="flex items-center gap-6 text-sm font-medium">
						{nav.map((item) => (
							<li key={item.href}>
								<a href={item.href} className="text-stone-700 hover:text-brand-700">
									{item.label}
								</a>
							</li>
						))}
					</ul>
				</nav>
				<div className="flex items-center gap-3">
					<div className="hidden lg:block">
						<CitySearchForm variant="header" cities={root.cities} partnerUrl={root.partner.arizona} siteName={root.site.siteName} />
					</div>
					<PartnerLink href={root.partner.orderNow} className="btn-primary px-4 whitespace-nowrap" showIcon={false}>
						Order Now
					</PartnerLink>
				</div>
			</div>
			<nav aria-label="Main (mobile)" className="border-t border-stone-100 md:hidden">
				<ul className="container-page flex h-10 items-center justify-between text-sm font-medium">
					{nav.map((item) => (
						<li key={item.href}>
							<a href={item.href} className="px-1 py-2 text-stone-700 hover:text-brand-700">
								{item.label}
							</a>
						</li>
					))}
				</ul>
			</nav>
		</header>
	)
}
