import { Clock, Flower2, MapPin } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { localPath } from '#app/domain/paths.ts'
import { searchedPlaceQuery } from '#app/domain/searched-place.ts'
import { LOCALE, type Lang } from '#app/words/locale.ts'
import type { RootData } from '#app/root-data.ts'
import { CitySearchForm } from '#app/components/city-search-form.tsx'
import { PartnerLink } from '#app/components/partner-link.tsx'

type NavItem = { label: string; href: string; lang?: string }

function navItems(root: RootData, search: string): NavItem[] {
	const { lang, alternates, messages } = root
	const words = messages.chrome
	const items: NavItem[] = [
		{ label: words.nav.categories, href: `${localPath(lang, '/')}#categories` },
		{ label: words.nav.cities, href: localPath(lang, '/cities') },
		{ label: words.nav.about, href: localPath(lang, '/about') },
		{ label: words.nav.contact, href: localPath(lang, '/contact') },
	]
	const other: Lang = lang === 'en' ? 'es' : 'en'
	// The same page in the other language, named in that language; only where the page has a twin.
	// A town page opened for a ZIP or a place nearby (?zip=, ?near=) leads to its twin for the same place.
	if (alternates) items.push({ label: words.otherLanguage, href: `${alternates[other]}${searchedPlaceQuery(search)}`, lang: LOCALE[other] })
	return items
}

function NavLink({ item, className }: { item: NavItem; className: string }) {
	return (
		<a href={item.href} className={className} {...(item.lang ? { lang: item.lang, hrefLang: item.lang } : {})}>
			{item.label}
		</a>
	)
}

/** `deliveryNote`: the page's own line where the site-wide 'Same Day Delivery Available' is not true (a remote town). */
export function SiteHeader({ root, deliveryNote }: { root: RootData; deliveryNote?: string | undefined }) {
	const words = root.messages.chrome
	const nav = navItems(root, useLocation().search)
	return (
		<header className="fixed inset-x-0 top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
			<div className="hidden bg-sage-800 text-sage-50 lg:block">
				<div className="container-page flex h-9 items-center justify-center gap-8 text-xs font-medium">
					<p className="flex items-center gap-1.5">
						<Clock aria-hidden="true" className="size-3.5" /> {deliveryNote ?? words.sameDayAvailable}
					</p>
					<p className="flex items-center gap-1.5">
						<MapPin aria-hidden="true" className="size-3.5" /> {words.servingArizona}
					</p>
				</div>
			</div>
			<div className="container-page flex h-16 items-center justify-between gap-4">
				<Link
					to={localPath(root.lang, '/')}
					className="flex min-w-0 items-center gap-2 font-serif text-base leading-tight font-semibold text-stone-900 sm:text-lg"
				>
					<Flower2 aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
					<span>{root.site.siteName}</span>
				</Link>
				<nav aria-label={words.mainNav} className="hidden md:block">
					<ul className="flex items-center gap-6 text-sm font-medium">
						{nav.map((item) => (
							<li key={item.href}>
								<NavLink item={item} className="text-stone-700 hover:text-brand-700" />
							</li>
						))}
					</ul>
				</nav>
				<div className="flex items-center gap-3">
					<div className="hidden lg:block">
						<CitySearchForm variant="header" cities={root.cities} partnerUrl={root.partner.arizona} siteName={root.site.siteName} />
					</div>
					<PartnerLink href={root.partner.orderNow} className="btn-primary px-4 whitespace-nowrap" showIcon={false}>
						{words.orderNow}
					</PartnerLink>
				</div>
			</div>
			<nav aria-label={words.mainNavMobile} className="border-t border-stone-100 md:hidden">
				<ul className="container-page flex h-10 items-center justify-between text-sm font-medium">
					{nav.map((item) => (
						<li key={item.href}>
							<NavLink item={item} className="px-1 py-2 text-stone-700 hover:text-brand-700" />
						</li>
					))}
				</ul>
			</nav>
		</header>
	)
}
