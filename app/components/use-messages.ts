import { useMatches, useRouteLoaderData } from 'react-router'
import type { Lang } from '#app/words/locale.ts'
import type { RootData } from '#app/root-data.ts'
import type { UiMessages } from '#app/server/messages.server.ts'

function useRoot(): RootData {
	const root = useRouteLoaderData<RootData>('root')
	if (!root) throw new Error('The root loader’s data is missing: the messages come with it.')
	return root
}

function messagesOf(data: unknown): Partial<UiMessages> | undefined {
	return typeof data === 'object' && data !== null && 'messages' in data ? (data.messages as Partial<UiMessages>) : undefined
}

/**
 * The words of the page's language: the root's (header, footer, search box) and those the page's
 * own loader sends for the components it shows. A component reads only catalogs its page sends;
 * a page that forgets one fails its tests at the first render.
 */
export function useMessages(): UiMessages {
	const root = useRoot()
	const matches = useMatches()
	return Object.assign({}, root.messages, ...matches.map((match) => messagesOf(match.loaderData) ?? {})) as UiMessages
}

/** The page's language, as its address says. */
export function useLang(): Lang {
	return useRoot().lang
}

/**
 * The `lang` of the partner's words (product names, descriptions, photo alt texts), which are
 * always English: 'en' on a Spanish page, so a reader speaks them as English (WCAG 3.1.2), and
 * nothing on an English page, whose own language they are.
 */
export function usePartnerLang(): 'en' | undefined {
	return useLang() === 'en' ? undefined : 'en'
}
