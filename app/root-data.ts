import type { PublicSettings } from '~/server/settings.server.ts'

export type CityLink = { name: string; slug: string }

/** What the root loader gives every page: public settings, the city index for search, the year. */
export type RootData = {
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
