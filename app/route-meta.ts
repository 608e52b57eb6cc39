import { siteMeta, type PageSite } from '#app/domain/seo.ts'
import { breadcrumbJsonLd, type Crumb } from '#app/domain/structured-data.ts'
import { rootDataFrom } from '#app/root-data.ts'

type Matches = Parameters<typeof rootDataFrom>[0]

/** The site as structured data names it, from the root loader's data (present on every page). */
export function siteFrom(matches: Matches): PageSite | undefined {
	const root = rootDataFrom(matches)
	if (!root) return undefined
	return {
		name: root.site.siteName,
		url: root.site.siteUrl,
		email: root.site.contactEmail,
		description: root.siteDescription,
		address: root.site.businessAddress,
		lang: root.lang,
		alternates: root.alternates,
		siteImageAlt: root.siteImageAlt,
	}
}

/** Meta for a plain content page: search signals, organisation, business and breadcrumb data, in the page's language (its loader's words). */
export function contentPageMeta(matches: Matches, page: { path: string; title: string; description: string; crumbs: readonly Crumb[] }) {
	const site = siteFrom(matches)
	if (!site) return []
	return siteMeta(site, {
		path: page.path,
		title: `${page.title} | ${site.name}`,
		description: page.description,
		jsonLd: [breadcrumbJsonLd(site.url, page.crumbs)],
	})
}
