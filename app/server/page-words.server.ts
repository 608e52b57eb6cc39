import type { CityPageWords } from '#app/domain/city-page.ts'
import { formatDate, parseIsoDate } from '#app/domain/calendar-date.ts'
import { fill, fillEvery, LOCALE, type Lang } from '#app/words/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import type { Crumb } from '#app/domain/structured-data.ts'
import { POLICY_DAY } from '#app/content/legal.ts'
import { cityPage, type CityPageMessages } from '#app/words/city-page-words.server.ts'
import { cutoffValues } from '#app/domain/reach-words.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { legal, translationNote } from '#app/words/legal-words.server.ts'
import { pages } from '#app/words/pages-words.server.ts'
import { getPopulationSource } from '#app/server/catalog-data.server.ts'

/** A catalog with the rule's cut-off written in where it says `{cutoffTime}` or `{cutoffHour}` (app/domain/reach-words.ts). */
function withCutoff<T>(catalog: T, lang: Lang): T {
	return fillEvery(catalog, cutoffValues(delivery[lang])) as T
}

const cityMessages = { en: withCutoff(cityPage.en, 'en'), es: withCutoff(cityPage.es, 'es') }

/** A town page's own words in one language, the cut-off written in. */
export function cityPageMessages(lang: Lang): CityPageMessages {
	return cityMessages[lang]
}

/** The words a town's page is built in: its own and the rule of reach's, in one language. */
export function cityPageWords(lang: Lang): CityPageWords {
	return { lang, city: cityMessages[lang], delivery: delivery[lang] }
}

/** Where the populations come from, in the page's language: data/cities.json says '2020 U.S. Census'. */
export function populationSource(lang: Lang): string {
	const source = getPopulationSource()
	const year = /^(\d{4}) U\.S\. Census$/.exec(source)?.[1]
	return lang === 'en' || !year ? source : fill(pages[lang].census, { year })
}

/** A population with its source, as a card shows it: '1,608,139 (2020 U.S. Census)'. */
export function populationText(population: number, lang: Lang): string {
	return `${population.toLocaleString(LOCALE[lang])} (${populationSource(lang)})`
}

/** A plain page's breadcrumbs: the home page, then the page. */
export function pageCrumbs(lang: Lang, page: Crumb): Crumb[] {
	return [{ name: pages[lang].crumbs.home, path: localPath(lang, '/') }, page]
}

/** The words of a policy page in one language: its text, its date written out, its crumbs and, in Spanish, the note that the English text governs. */
export function legalPageWords(lang: Lang, page: 'privacy' | 'terms') {
	const words = legal[lang]
	const path = localPath(lang, page === 'privacy' ? '/privacy-policy' : '/terms')
	const day = parseIsoDate(POLICY_DAY)
	const date = day ? formatDate(day, delivery[lang].dates, { weekday: false, year: true }) : POLICY_DAY
	return {
		path,
		title: words[page].title,
		description: words[page].description,
		sections: words[page].sections,
		updated: fill(words.updated, { date }),
		crumbs: pageCrumbs(lang, { name: words[page].title, path }),
		note: lang === 'es' ? { ...translationNote, href: localPath('en', page === 'privacy' ? '/privacy-policy' : '/terms') } : null,
	}
}
