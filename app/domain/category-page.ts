import type { Category } from '#app/domain/catalog-schema.ts'
import { fill, type Lang } from '#app/words/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import { titleFromSlug } from '#app/domain/slugs.ts'
import type { Crumb } from '#app/domain/structured-data.ts'
import type { CategoryPageMessages } from '#app/words/category-page-words.server.ts'

/** An occasion as its page shows it: its texts in the page's language, and its path there. */
export type ShownCategory = Category & { path: string; faq?: readonly { question: string; answer: string }[] }

/** A title inside a sentence: English lowers it whole; Spanish only its first letter, so 'Día de las Madres' keeps its capitals. */
function lowered(title: string, lang: Lang): string {
	return lang === 'en' ? title.toLowerCase() : `${title.charAt(0).toLowerCase()}${title.slice(1)}`
}

/**
 * What a category page says: the category's own texts, or for an unknown slug
 * the SPEC's generic page built from the slug (served with a 404 so made-up
 * addresses are never indexed), and its breadcrumbs, which the page shows and
 * its structured data repeats.
 */
export function buildCategoryPage(category: ShownCategory | undefined, slug: string, words: CategoryPageMessages, lang: Lang) {
	const title = category?.title ?? (titleFromSlug(slug) || words.unknown.title)
	const crumbs: Crumb[] = [
		{ name: words.crumbs.home, path: localPath(lang, '/') },
		{ name: words.crumbs.categories, path: `${localPath(lang, '/')}#categories` },
		{ name: title, path: category?.path ?? localPath(lang, '/categories/:slug', { slug }) },
	]
	const lowerTitle = lowered(title, lang)
	if (!category) {
		const description = words.unknown.description
		return {
			slug,
			known: false,
			title,
			lowerTitle,
			path: localPath(lang, '/categories/:slug', { slug }),
			description,
			heroText: description,
			icon: 'flower' as const,
			serviceType: words.unknown.serviceType,
			seoTitle: fill(words.unknown.seoTitle, { title }),
			seoDescription: description,
			guidance: [],
			checklist: [],
			faq: [],
			crumbs,
		}
	}
	return {
		slug: category.slug,
		known: true,
		title,
		lowerTitle,
		path: category.path,
		description: category.description,
		heroText: category.heroText,
		icon: category.icon,
		serviceType: category.serviceType,
		seoTitle: category.seoTitle,
		seoDescription: category.seoDescription,
		guidance: category.guidance,
		checklist: category.checklist ?? [],
		faq: category.faq ?? [],
		crumbs,
	}
}

/**
 * What a category page says when its grid is the same partner list as other categories' (Graduation
 * and Just Because both show the all-occasion list): the list's name where it is known, and the
 * other pages, linked.
 */
export function sharedSelection(code: string, others: readonly Pick<ShownCategory, 'title' | 'path'>[], words: CategoryPageMessages) {
	if (others.length === 0) return undefined
	const list = words.lists[code]
	const many = others.length > 1
	return {
		before: list
			? fill(words.shared.named, { list }) + (many ? words.shared.before.many : words.shared.before.one)
			: words.shared.unnamed + (many ? words.shared.before.many : words.shared.before.one),
		and: words.shared.and,
		after: many ? words.shared.after.many : words.shared.after.one,
		pages: others.map((other) => ({ title: other.title, path: other.path })),
	}
}

export type SharedSelection = NonNullable<ReturnType<typeof sharedSelection>>
