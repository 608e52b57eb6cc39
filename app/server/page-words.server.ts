import type { CityPageWords } from '#app/domain/city-page.ts'
import type { Lang } from '#app/domain/locale.ts'
import { cityPage } from '#app/messages/city-page.server.ts'
import { delivery } from '#app/messages/delivery.server.ts'

/** The words a town's page is built in: its own and the rule of reach's, in one language. */
export function cityPageWords(lang: Lang): CityPageWords {
	return { lang, city: cityPage[lang], delivery: delivery[lang] }
}
