/**
 * The words around the partner's arrangements: cards, grids, sliders, their sort and price links,
 * their loading and failure notices. Product titles, prices and descriptions are the partner's own
 * and stay as it sends them; a price reads '$45.99' in both languages (US dollars, es-US).
 */
const en = {
	loading: 'Loading arrangements…',
	tryLater: 'Please try again later.',
	card: {
		size: 'Size: {size}',
		/** A city page's card: the whole price with the partner's service charge and tax for the city's ZIP. */
		delivered: 'about {price} delivered to {place}',
	},
	grid: {
		couldNotLoad: 'We couldn’t load products right now.',
		browsePartner: 'Browse on FloristOne',
		failedTitle: 'Could not fetch products',
		noneInBand: 'No arrangements {band} right now.',
		noneHere: 'No arrangements here right now.',
		showAll: 'Show all {total} arrangements',
		/** The same where `total` is one. */
		showAllOne: 'Show all {total} arrangements',
		countInView: '{count} of {total} arrangements: {view}',
		count: '{count} arrangements from our partner florists',
		/** The same where `count` is one. */
		countOne: '{count} arrangements from our partner florists',
		controls: 'Sort and filter arrangements',
		sort: 'Sort',
		price: 'Price',
		clear: 'Clear',
		assortments: 'Arrangement types',
	},
	view: {
		/** The partner's own price bands, as links. */
		bands: { 'under-60': 'Under $60', '60-80': '$60–$80', '80-100': '$80–$100', 'over-100': 'Over $100' },
		sorts: { 'price-asc': 'Price: low to high', 'price-desc': 'Price: high to low' },
		/** The sort inside the count line, after the band: '$60–$80, price low to high'. */
		sortsInLine: { 'price-asc': 'price low to high', 'price-desc': 'price high to low' },
	},
	slider: {
		featured: 'Featured Arrangements',
		bestsellers: 'Bestselling Arrangements',
		featuredIn: 'Featured Arrangements in {city}',
		bestsellersIn: 'Bestselling Arrangements in {city}',
		popularIn: 'Popular in {city}',
		refreshing: 'Refreshing products...',
		failedTitle: 'Could not load products',
		/** What a screen reader calls the carousel and each of its slides. */
		carousel: 'carousel',
		slide: 'slide',
	},
}

export type ProductsMessages = typeof en

const es: ProductsMessages = {
	loading: 'Cargando arreglos…',
	tryLater: 'Inténtelo de nuevo más tarde.',
	card: {
		size: 'Tamaño: {size}',
		delivered: 'unos {price} con entrega en {place}, impuestos incluidos',
	},
	grid: {
		couldNotLoad: 'Por ahora no pudimos cargar los productos.',
		browsePartner: 'Ver en FloristOne',
		failedTitle: 'No se pudieron cargar los productos',
		noneInBand: 'Por ahora no hay arreglos en este rango de precio ({band}).',
		noneHere: 'Por ahora no hay arreglos aquí.',
		showAll: 'Ver los {total} arreglos',
		showAllOne: 'Ver {total} arreglo',
		countInView: '{count} de {total} arreglos: {view}',
		count: '{count} arreglos de nuestras florerías asociadas',
		countOne: '{count} arreglo de nuestras florerías asociadas',
		controls: 'Ordenar y filtrar arreglos',
		sort: 'Ordenar',
		price: 'Precio',
		clear: 'Quitar filtros',
		assortments: 'Tipos de arreglo',
	},
	view: {
		bands: { 'under-60': 'Menos de $60', '60-80': '$60–$80', '80-100': '$80–$100', 'over-100': 'Más de $100' },
		sorts: { 'price-asc': 'Precio: de menor a mayor', 'price-desc': 'Precio: de mayor a menor' },
		sortsInLine: { 'price-asc': 'precio de menor a mayor', 'price-desc': 'precio de mayor a menor' },
	},
	slider: {
		featured: 'Arreglos destacados',
		bestsellers: 'Arreglos más vendidos',
		featuredIn: 'Arreglos destacados en {city}',
		bestsellersIn: 'Arreglos más vendidos en {city}',
		popularIn: 'Los favoritos en {city}',
		refreshing: 'Actualizando los productos…',
		failedTitle: 'No se pudieron cargar los productos',
		carousel: 'carrusel',
		slide: 'diapositiva',
	},
}

export const products = { en, es }
