import { useRouteLoaderData } from 'react-router'
import type { Lang } from '#app/domain/locale.ts'
import type { RootData } from '#app/root-data.ts'
import type { UiMessages } from '#app/messages/catalog.server.ts'

function useRoot(): RootData {
	const root = useRouteLoaderData<RootData>('root')
	if (!root) throw new Error('The root loader’s data is missing: the messages come with it.')
	return root
}

/** The words of the page's language, sent by the root loader. */
export function useMessages(): UiMessages {
	return useRoot().messages
}

/** The page's language, as its address says. */
export function useLang(): Lang {
	return useRoot().lang
}
