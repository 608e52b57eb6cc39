import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useLocation,
	useMatches,
	useRouteLoaderData,
	type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { useEffect } from 'react'
import type { Route } from './+types/root'
import appCss from '#app/app.css?url'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { NotFound } from '#app/components/page-not-found.tsx'
import { ToastProvider } from '#app/components/toaster.tsx'
import { useClickBeacon } from '#app/components/click-beacon.ts'
import { arizonaNow } from '#app/domain/delivery.ts'
import { fill, langOfPath, LOCALE } from '#app/words/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import { buildPageMeta } from '#app/domain/seo.ts'
import { staticPageCaching } from '#app/domain/cache-policy.ts'
import { headerNoteFrom, rootDataFrom, type RootData } from '#app/root-data.ts'
import { partnerContext, settingsContext } from '#app/context.ts'
import { getAllCities } from '#app/server/catalog-data.server.ts'
import { publicSettings } from '#app/server/settings.server.ts'
import { rootMessages } from '#app/server/messages.server.ts'
import { social } from '#app/words/social-words.server.ts'
import { structuredData } from '#app/words/structured-data-words.server.ts'
import { alternatesFor } from '#app/server/twins.server.ts'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.png', type: 'image/png' }]

/** A page without partner data; routes that show products state their own caching. */
export function headers() {
	return staticPageCaching
}

export function loader({ context, request }: Route.LoaderArgs): RootData {
	const site = publicSettings(context.get(settingsContext))
	const { links } = context.get(partnerContext)
	const { pathname } = new URL(request.url)
	const lang = langOfPath(pathname)
	return {
		lang,
		alternates: alternatesFor(pathname),
		messages: rootMessages(lang),
		siteImageAlt: social[lang].site.title,
		siteDescription: structuredData[lang].organization,
		site,
		cities: getAllCities().map(({ name, slug }) => ({ name, slug })),
		year: arizonaNow(new Date()).today.year,
		partner: {
			arizona: links.arizona(),
			orderNow: links.orderNow(),
			sameDay: links.sameDay(),
		},
	}
}

/** The language, the twin and the words change with the page: the root's data is asked again on every navigation. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate
}

export function meta({ error, matches, location }: Route.MetaArgs) {
	const root = rootDataFrom(matches)
	if (!error || !root) return []
	const notFound = isRouteErrorResponse(error) && error.status === 404
	const words = root.messages.chrome
	return buildPageMeta({
		siteName: root.site.siteName,
		siteUrl: root.site.siteUrl,
		lang: root.lang,
		alternates: null,
		siteImageAlt: root.siteImageAlt,
		path: location.pathname,
		title: fill(notFound ? words.notFound.pageTitle : words.error.pageTitle, { site: root.site.siteName }),
		description: words.notFound.description,
		noindex: true,
	})
}

export function Layout({ children }: { children: React.ReactNode }) {
	const root = useRouteLoaderData<RootData>('root')
	const headerNote = headerNoteFrom(useMatches())
	// Marks the document once React has hydrated, so tests (and styles) can tell.
	useEffect(() => {
		document.documentElement.dataset.hydrated = 'true'
	}, [])
	useClickBeacon()
	return (
		<html lang={LOCALE[root?.lang ?? langOfPath(useLocation().pathname)]}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#a8123d" />
				{/* The one render-blocking request; the scripts are asked for once the page has painted (app/server/hydration-scripts.server.ts). */}
				<link rel="stylesheet" href={appCss} />
				<Meta />
				{/* Stylesheets and icons of our own origin need no nonce (style-src 'self'); without one, the
				    development server's critical-CSS link hydrates as the server rendered it (browsers hide a nonce from scripts). */}
				<Links nonce="" />
			</head>
			<body className="flex min-h-screen flex-col">
				<a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
					{root?.messages.chrome.skipToContent ?? ''}
				</a>
				{root ? <SiteHeader root={root} deliveryNote={headerNote} /> : null}
				<ToastProvider dismiss={root?.messages.chrome.dismissNotice ?? ''}>
					<main id="main" className="flex-1 pt-[6.5rem] md:pt-16 lg:pt-[6.25rem]">
						{children}
					</main>
				</ToastProvider>
				{root ? <SiteFooter root={root} /> : null}
				<ScrollRestoration />
				<Scripts />
			</body>
		</html>
	)
}

export default function App() {
	return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const root = useRouteLoaderData<RootData>('root')
	const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : error instanceof Error ? error.message : undefined
	// Without the root's data there are no words in the page's language: the error alone, and the way home.
	if (!root) {
		return (
			<section className="container-page py-20 text-center">
				<h1 className="section-title">{detail ?? '500'}</h1>
				<a href="/" className="btn-primary mt-8">
					/
				</a>
			</section>
		)
	}
	if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
	const words = root.messages.chrome.error
	return (
		<section className="container-page py-20 text-center">
			<h1 className="section-title">{words.title}</h1>
			<p className="mt-4 text-lg text-stone-600">{detail ?? words.unknown}</p>
			<a href={localPath(root.lang, '/')} className="btn-primary mt-8">
				{words.home}
			</a>
		</section>
	)
}
