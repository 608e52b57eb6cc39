import type { Alternates, Lang } from '#app/words/locale.ts'
import type { rootMessages } from '#app/server/messages.server.ts'
import type { PublicSettings } from '#app/server/settings.server.ts'

export type CityLink = { name: string; slug: string }

/** What the root loader gives every page: its language, its twin, the words of its language, public settings, the city index for search, the year. */
export type RootData = {
	lang: Lang
	/** The page's path in both languages, where it has a twin. */
	alternates: Alternates | null
	/** The words of every page (header, footer, search box); a page's loader sends the rest (`pageMessages`). */
	messages: ReturnType<typeof rootMessages>
	/** What the site's own picture says, in the page's language (the alt text of a page without its own). */
	siteImageAlt: string
	/** What the site is, in the page's language: the description of its Organization record. */
	siteDescription: string
	site: PublicSettings
	cities: CityLink[]
	year: number
	partner: { arizona: string; orderNow: string; sameDay: string }
}

type MatchLike = { id: string; loaderData?: unknown } | undefined

function isRootData(value: unknown): value is RootData {
	return typeof value === 'object' && value !== null && 'site' in value && 'cities' in value
}

/** The root loader's data from a route's meta matches (present on every page). */
export function rootDataFrom(matches: readonly MatchLike[]): RootData | undefined {
	const data = matches.find((match) => match?.id === 'root')?.loaderData
	return isRootData(data) ? data : undefined
}

/** What a route may tell the layout about its page: the header's delivery note, where the site-wide one is not true. */
export type PageHandle<Data> = { headerNote?: (data: Data) => string }

type HandleMatch = { handle?: unknown; loaderData?: unknown }

/** The deepest page's own header note, if it has one and its data loaded. */
export function headerNoteFrom(matches: readonly HandleMatch[]): string | undefined {
	for (const match of [...matches].reverse()) {
		const note = (match.handle as PageHandle<unknown> | undefined)?.headerNote
		if (note && match.loaderData !== undefined) return note(match.loaderData)
	}
	return undefined
}
