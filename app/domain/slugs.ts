/**
 * Category slug rule (SPEC §2): lowercase the title, drop apostrophes, turn &
 * into 'and', join words with hyphens; sympathy-and-funeral maps to
 * sympathy-funeral.
 */
export function categorySlug(title: string): string {
	const slug = title.toLowerCase().replace(/['’]/g, '').replace(/&/g, ' and ').trim().split(/\s+/).join('-')
	return slug === 'sympathy-and-funeral' ? 'sympathy-funeral' : slug
}

/** Service-area links: slug lowercased, non-alphanumerics to hyphens. */
export function citySlug(name: string): string {
	return name
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
}

/** Dashes to spaces, words capitalised: 'lake-havasu-city' -> 'Lake Havasu City'. */
export function titleFromSlug(slug: string): string {
	return slug
		.split('-')
		.filter(Boolean)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ')
}

/** Mother's Day and Valentine's Day are sorted to the end; the rest keep their order. */
export function sortCategoriesForCards<T extends { slug: string }>(categories: readonly T[]): T[] {
	const last = new Set(['valentines-day', 'mothers-day'])
	return [...categories.filter((category) => !last.has(category.slug)), ...categories.filter((category) => last.has(category.slug))]
}
