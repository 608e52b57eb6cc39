import type { Lang } from '#app/domain/locale.ts'
import { chrome } from '#app/messages/chrome.server.ts'
import { delivery } from '#app/messages/delivery.server.ts'
import { contact } from '#app/messages/contact.server.ts'
import { map } from '#app/messages/map.server.ts'
import { products } from '#app/messages/products.server.ts'
import { search } from '#app/messages/search.server.ts'
import { sections } from '#app/messages/sections.server.ts'
import { whoDelivers } from '#app/messages/who-delivers.server.ts'

/**
 * The words the shared components show, in one language. The root loader sends them with every
 * page, so a page carries its own language's words and never the other's, and the scripts carry
 * none: both languages ship the same script.
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
