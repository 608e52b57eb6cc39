import { Flower2 } from 'lucide-react'
import { pagePath } from '#app/domain/paths.ts'
import type { RootData } from '#app/root-data.ts'
import { AffiliateDisclosure } from '#app/components/partner-link.tsx'

const links = [
	{ label: 'All Arizona cities', href: pagePath('/cities') },
	{ label: 'About us', href: pagePath('/about') },
	{ label: 'Contact', href: pagePath('/contact') },
	{ label: 'Privacy policy', href: pagePath('/privacy-policy') },
	{ label: 'Terms of service', href: pagePath('/terms') },
	{ label: 'Sitemap', href: pagePath('/sitemap.xml') },
]

const popular = [
	{ label: 'Phoenix', href: pagePath('/cities/:slug', { slug: 'phoenix' }) },
	{ label: 'Tucson', href: pagePath('/cities/:slug', { slug: 'tucson' }) },
	{ label: 'Mesa', href: pagePath('/cities/:slug', { slug: 'mesa' }) },
	{ label: 'Scottsdale', href: pagePath('/cities/:slug', { slug: 'scottsdale' }) },
	{ label: 'Flagstaff', href: pagePath('/cities/:slug', { slug: 'flagstaff' }) },
]

export function SiteFooter({ root }: { root: RootData }) {
	return (
		<footer className="mt-16 bg-stone-900 text-stone-300">
			<div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
				<div className="lg:col-span-2">
					<p className="flex items-center gap-2 font-serif text-lg font-semibold text-white">
						<Flower2 aria-hidden="true" className="size-6 text-brand-200" /> {root.site.siteName}
					</p>
					<p className="mt-3 max-w-md text-sm leading-6">
						A directory for sending flowers anywhere in Arizona. Orders, payment and delivery are handled by our partner florist network. We have affiliate
						partnerships with florists.
					</p>
					<AffiliateDisclosure className="mt-3" onDark />
				</div>
				<nav aria-label="Site">
					<h2 className="text-sm font-semibold text-white">Site</h2>
					<ul className="mt-3 space-y-2 text-sm">
						{links.map((link) => (
							<li key={link.href}>
								<a href={link.href} className="hover:text-white">
									{link.label}
								</a>
							</li>
						))}
					</ul>
				</nav>
				<nav aria-label="Popular cities">
					<h2 className="text-sm font-semibold text-white">Popular cities</h2>
					<ul className="mt-3 space-y-2 text-sm">
						{popular.map((link) => (
							<li key={link.href}>
								<a href={link.href} className="hover:text-white">
									Flower delivery in {link.label}
								</a>
							</li>
						))}
					</ul>
				</nav>
			</div>
			<div className="border-t border-stone-800">
				<p className="container-page py-5 text-xs text-stone-400">
					{`© ${root.year} ${root.site.siteName}. All rights reserved. Questions: `}
					<a href={`mailto:${root.site.contactEmail}`} className="underline hover:text-white">
						{root.site.contactEmail}
					</a>
				</p>
			</div>
		</footer>
	)
}
