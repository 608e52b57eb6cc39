/**
 * The site's own failure sentences (app/server/errors.server.ts, products.server.ts; SPEC §8) as a
 * Spanish page says them. The server makes them in English, as the SPEC names them and the API
 * sends them; a Spanish page's loader puts them in Spanish before they reach the page.
 */
export const spanishLoadErrors: Readonly<Record<string, string>> = {
	'All cache strategies failed': 'No pudimos obtener los productos de ninguna fuente.',
	'Crawl coordination failed': 'No pudimos coordinar la consulta de productos.',
	'API key not found': 'Falta la clave para consultar los productos.',
	'Failed to connect to Firecrawl API': 'No pudimos conectarnos con el servicio de productos.',
	'Failed to crawl website': 'No pudimos leer el sitio de la florería.',
	'Please try again later.': 'Inténtelo de nuevo más tarde.',
	'The florist network is slow to answer; please try again in a moment.': 'La red de florerías tarda en responder; inténtelo de nuevo en un momento.',
}
