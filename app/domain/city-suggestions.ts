import { fill, type Lang } from '#app/words/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import type { ZipAnswer } from '#app/domain/zip-search.ts'

/**
 * The search boxes' list of suggestions (a WAI-ARIA combobox): what it suggests for the text
 * typed, when it shows, how the arrow keys move through it, and which page a choice opens.
 */

/**
 * A suggestion: the city page it opens, what it says, and what that page is asked to speak for (a
 * ZIP it serves, a place without a page); or, as the server's search answers it, the page itself
 * (`path`: a town's section, an occasion, the search's own answer).
 */
export type Suggestion = { slug: string; name: string; detail?: string; zip?: string; near?: string; path?: string }

/** What the server's search answers for text the list's own names do not match (GET /api/search): the page Enter opens. */
export type ServerSuggestion = { path: string; name: string; detail?: string }

/**
 * The words beside a suggestion in the page's language (the `suggestion` part of the search
 * catalog): a listed ZIP (`{zip}`), and a ZIP another place's town serves (`{zip}`, `{place}`).
 */
export type SuggestionWords = { zip: string; serves: string }

/** A ZIP code suggests the city that serves it (none outside Arizona); text suggests the cities it names, or else what the server's search answers. */
export function suggestionsFor(
	zipQuery: boolean,
	named: { cities: readonly { slug: string; name: string }[]; answer?: ServerSuggestion },
	zip: ZipAnswer | undefined,
	words: SuggestionWords,
): Suggestion[] {
	if (!zipQuery && named.cities.length === 0 && named.answer) return [{ slug: '', ...named.answer }]
	if (!zipQuery) return named.cities.map((city) => ({ slug: city.slug, name: city.name }))
	if (!zip || zip.kind === 'outside') return []
	const detail = zip.kind === 'listed' ? fill(words.zip, { zip: zip.zip }) : fill(words.serves, { zip: zip.zip, place: zip.place })
	return [{ slug: zip.city.slug, name: zip.city.name, detail, zip: zip.kind === 'nearest' ? zip.zip : undefined }]
}

/**
 * Whether the list shows: open, with text typed, and with something to say: for a ZIP code once
 * the server has answered; for text, its matches, or that there are none once nothing is pending.
 */
export function listShows(state: { open: boolean; text: string; zipQuery: boolean; zipAnswered: boolean; matches: number; pending: boolean }): boolean {
	return state.open && state.text.length > 0 && (state.zipQuery ? state.zipAnswered : state.matches > 0 || !state.pending)
}

/** The option an arrow key makes active: down and up move one, wrapping round the list (from none, down is the first and up the last). */
export function nextActive(current: number, key: 'ArrowDown' | 'ArrowUp', count: number): number {
	const step = key === 'ArrowDown' ? 1 : -1
	return (current + step + count) % count
}

/**
 * What Enter opens in the page: the active suggestion, else the first. Nothing when there is none,
 * or for a ZIP code with no option chosen: the form then goes to /search/ as typed.
 */
export function submitChoice(matches: readonly Suggestion[], active: number, zipQuery: boolean): Suggestion | undefined {
	const choice = matches[active] ?? matches[0]
	return !choice || (zipQuery && active < 0) ? undefined : choice
}

/** The city page a suggestion opens in the page's language, asked for the ZIP it serves or the place it stands in for. */
export function suggestionPath(choice: Suggestion, lang: Lang): string {
	if (choice.path) return choice.path
	const search = choice.zip ? `?zip=${choice.zip}` : choice.near ? `?near=${choice.near}` : ''
	return `${localPath(lang, '/cities/:slug', { slug: choice.slug })}${search}`
}
