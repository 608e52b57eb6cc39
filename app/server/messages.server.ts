import type { Lang } from '#app/words/locale.ts'
import { chrome } from '#app/words/chrome-words.server.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { contact } from '#app/words/contact-words.server.ts'
import { map } from '#app/words/map-words.server.ts'
import { products } from '#app/words/products-words.server.ts'
import { search } from '#app/words/search-box-words.server.ts'
import { sections } from '#app/words/sections-words.server.ts'
import { whoDelivers } from '#app/words/who-delivers-words.server.ts'

/**
 * The words the shared components show, in one language. Loaders send them with the page, so a
 * page carries its own language's words and never the other's, and the scripts carry none: both
 * languages ship the same script. The root sends the words of every page (header, footer, search
 * box: `ROOT_CATALOGS`); a page's own loader those of the components it shows (`pageMessages`).
 */
export function uiMessages(lang: Lang) {
	return {
		chrome: chrome[lang],
		delivery: delivery[lang],
		products: products[lang],
		whoDelivers: whoDelivers[lang],
		map: map[lang],
		sections: sections[lang],
		search: search[lang],
		contact: contact[lang],
	}
}

export type UiMessages = ReturnType<typeof uiMessages>

type CatalogName = keyof UiMessages

/** The catalogs every page shows: the header with its search box, the footer, the partner links' notices. */
const ROOT_CATALOGS = ['chrome', 'search'] as const satisfies readonly CatalogName[]

/** The root's words, sent with every page. */
export function rootMessages(lang: Lang): Pick<UiMessages, (typeof ROOT_CATALOGS)[number]> {
	return { chrome: chrome[lang], search: search[lang] }
}

/**
 * The words of the components a page shows beyond the root's, e.g. a city page's
 * `pageMessages(lang, ['delivery', 'products', 'whoDelivers', 'map'])`: a page carries only the
 * catalogs it shows.
 */
export function pageMessages<const Names extends readonly Exclude<CatalogName, (typeof ROOT_CATALOGS)[number]>[]>(
	lang: Lang,
	names: Names,
): Pick<UiMessages, Names[number]> {
	const all = uiMessages(lang)
	return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<UiMessages, Names[number]>
}
