import { Flower2 } from 'lucide-react'
import { fill } from '#app/words/locale.ts'
import { localPath, pagePath } from '#app/domain/paths.ts'
import type { RootData } from '#app/root-data.ts'
import { AffiliateDisclosure } from '#app/components/partner-link.tsx'

const POPULAR = [
	['Phoenix', 'phoenix'],
	['Tucson', 'tucson'],
	['Mesa', 'mesa'],
	['Scottsdale', 'scottsdale'],
	['Flagstaff', 'flagstaff'],
] as const

export function SiteFooter({ root }: { root: RootData }) {
	const { lang } = root
	const words = root.messages.chrome.footer
	const links = [
		{ label: words.links.cities, href: localPath(lang, '/cities') },
		{ label: words.links.about, href: localPath(lang, '/about') },
		{ label: words.links.contact, href: localPath(lang, '/contact') },
		{ label: words.links.privacy, href: localPath(lang, '/privacy-policy') },
		{ label: words.links.terms, href: localPath(lang, '/terms') },
		{ label: words.links.sitemap, href: pagePath('/sitemap.xml') },
	]
	const popular = POPULAR.map(([name, slug]) => ({ label: fill(words.popularCity, { city: name }), href: localPath(lang, '/cities/:slug', { slug }) }))
	return (
		<footer className="mt-16 bg-stone-900 text-stone-300">
			<div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
				<div className="lg:col-span-2">
					<p className="flex items-center gap-2 font-serif text-lg font-semibold text-white">
						<Flower2 aria-hidden="true" className="size-6 text-brand-200" /> {root.site.siteName}
					</p>
					<p className="mt-3 max-w-md text-sm leading-6">{words.about}</p>
					<AffiliateDisclosure className="mt-3" onDark />
				</div>
				<nav aria-label={words.site}>
					<h2 className="text-sm font-semibold text-white">{words.site}</h2>
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
				<nav aria-label={words.popular}>
					<h2 className="text-sm font-semibold text-white">{words.popular}</h2>
					<ul className="mt-3 space-y-2 text-sm">
						{popular.map((link) => (
							<li key={link.href}>
								<a href={link.href} className="hover:text-white">
									{link.label}
								</a>
							</li>
						))}
					</ul>
				</nav>
			</div>
			<div className="border-t border-stone-800">
				<p className="container-page py-5 text-xs text-stone-400">
					{fill(words.rights, { year: root.year, site: root.site.siteName })}
					<a href={`mailto:${root.site.contactEmail}`} className="underline hover:text-white">
						{root.site.contactEmail}
					</a>
				</p>
			</div>
		</footer>
	)
}
