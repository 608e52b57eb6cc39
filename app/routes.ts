import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
	index('routes/home.tsx'),
	route('cities', 'routes/cities.tsx'),
	route('cities/:slug', 'routes/city.tsx'),
	route('categories/:slug', 'routes/category.tsx'),
	route('about', 'routes/about.tsx'),
	route('contact', 'routes/contact.tsx'),
	route('privacy-policy', 'routes/privacy-policy.tsx'),
	route('terms', 'routes/terms.tsx', { id: 'terms' }),
	route('terms-of-service', 'routes/terms.tsx', { id: 'terms-of-service' }),
	route('search', 'routes/search.tsx'),
	route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
	route('rss.xml', 'routes/rss[.]xml.ts'),
	route('robots.txt', 'routes/robots[.]txt.ts'),
	route('api/products', 'routes/api.products.ts'),
	route('api/delivery-dates', 'routes/api.delivery-dates.ts'),
	route('api/zip-codes', 'routes/api.zip-codes.ts'),
	route('api/clicks', 'routes/api.clicks.ts'),
	route('photos/:id/:file', 'routes/photos.ts'),
	route('calendar/:file', 'routes/calendar.ts'),
	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
