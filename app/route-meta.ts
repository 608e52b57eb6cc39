import { DEFAULT_GEO } from '~/domain/geo.ts'
import { buildPageMeta } from '~/domain/seo.ts'
import { breadcrumbJsonLd, localBusinessJsonLd, organizationJsonLd } from '~/domain/structured-data.ts'
import { rootDataFrom } from '~/root-data.ts'

type Matches = Parameters<typeof rootDataFrom>[0]

/** Meta for a plain content page: search signals, organisation, business and breadcrumb data. */
export function contentPageMeta(
	matches: Matches,
	page: { path: string; title: string; description: string; crumb: string },
) {
	const root = rootDataFrom(matches)
	if (!root) return []
	const site = { name: root.site.siteName, url: root.site.siteUrl, email: root.site.contactEmail, address: root.site.businessAddress }
	return buildPageMeta({
		siteName: site.name,
		siteUrl: site.url,
		path: page.path,
		title: `${page.title} | ${site.name}`,
		description: page.description,
		jsonLd: [
			organizationJsonLd(site),
			localBusinessJsonLd(site, { name: 'Arizona', geo: DEFAULT_GEO }),
			breadcrumbJsonLd(site.url, [
				{ name: 'Home', path: '/' },
				{ name: page.crumb, path: page.path },
			]),
		],
	})
}
