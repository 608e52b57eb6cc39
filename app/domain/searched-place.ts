import { ZIP_PATTERN } from '#app/domain/zip-search.ts'

/** A `?near=` value as a town page reads it: the slug of a place without a page of its own. */
export const NEAR_PATTERN = /^[a-z0-9-]{1,60}$/

/**
 * The part of an address's query that says which place a town page speaks for: `?zip=` (a ZIP
 * code) and `?near=` (a place's slug), each kept only when it is what the page reads, and nothing
 * else. The language link carries it, so the twin page in the other language speaks for the same
 * place; '' when there is none.
 */
export function searchedPlaceQuery(search: string): string {
	const params = new URLSearchParams(search)
	const kept = new URLSearchParams()
	const zip = params.get('zip')?.trim()
	if (zip && ZIP_PATTERN.test(zip)) kept.set('zip', zip)
	const near = params.get('near')
	if (near && NEAR_PATTERN.test(near)) kept.set('near', near)
	const query = kept.toString()
	return query ? `?${query}` : ''
}
