import type { Lang } from '#app/words/locale.ts'
import { spanishLoadErrors } from '#app/words/load-errors-words.server.ts'

/** A failure sentence in the page's language; one without a Spanish twin reads as "try again later". */
export function loadErrorIn(lang: Lang, sentence: string): string {
	if (lang === 'en') return sentence
	return spanishLoadErrors[sentence] ?? spanishLoadErrors['Please try again later.'] ?? sentence
}
