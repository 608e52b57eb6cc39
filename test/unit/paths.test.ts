import { expect, test } from 'vitest'
import { pagePath } from '#app/domain/paths.ts'

test('page paths come from the route patterns and end in a slash; files do not', () => {
	expect(pagePath('/')).toBe('/')
	expect(pagePath('/cities')).toBe('/cities/')
	expect(pagePath('/cities/:slug', { slug: 'phoenix' })).toBe('/cities/phoenix/')
	expect(pagePath('/categories/:slug', { slug: 'birthday-flowers' })).toBe('/categories/birthday-flowers/')
	expect(pagePath('/privacy-policy')).toBe('/privacy-policy/')
	expect(pagePath('/search')).toBe('/search/')
	expect(pagePath('/sitemap.xml')).toBe('/sitemap.xml')
	expect(pagePath('/rss.xml')).toBe('/rss.xml')
})

test('only a page route’s own pattern and params are accepted', () => {
	const rejected = () => [
		// @ts-expect-error no such route
		pagePath('/city/:slug', { slug: 'phoenix' }),
		// @ts-expect-error the slug is missing
		pagePath('/cities/:slug'),
		// @ts-expect-error the param is named slug
		pagePath('/cities/:slug', { id: 'phoenix' }),
		// @ts-expect-error patterns have no trailing slash
		pagePath('/cities/'),
		// @ts-expect-error API endpoints are not pages
		pagePath('/api/products'),
	]
	expect(rejected).toBeTypeOf('function')
})
