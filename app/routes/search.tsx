import { redirect } from 'react-router'
import type { Route } from './+types/search'
import { matchCities } from '~/domain/city-search.ts'
import { pagePath } from '~/domain/paths.ts'
import { getAllCities, getPartnerLinks } from '~/server/catalog.server.ts'

/**
 * The city search form's target: the first matching city, or the partner's
 * Arizona page when the text is empty or matches nothing.
 */
export function loader({ request }: Route.LoaderArgs) {
	const query = new URL(request.url).searchParams.get('q') ?? ''
	const [first] = matchCities(getAllCities(), query)
	if (first) return redirect(pagePath('/cities/:slug', { slug: first.slug }), 303)
	return redirect(getPartnerLinks().arizona(), 303)
}
