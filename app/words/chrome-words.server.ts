/**
 * The words around every page: header, navigation, footer, the skip link, the partner links'
 * notices, the not-found and error pages. The English messages set the shape; TypeScript holds the
 * Spanish ones to it, and `test/unit/messages.test.ts` checks their placeholders match.
 */
const en = {
	skipToContent: 'Skip to content',
	sameDayAvailable: 'Same Day Delivery Available',
	servingArizona: 'Serving Arizona Communities',
	mainNav: 'Main',
	mainNavMobile: 'Main (mobile)',
	nav: { categories: 'Categories', cities: 'Cities', about: 'About', contact: 'Contact' },
	orderNow: 'Order Now',
	/** The link to the same page in the other language, in that language. */
	otherLanguage: 'Español',
	otherLanguageLabel: 'Esta página en español',
	footer: {
		about:
			'A directory for sending flowers anywhere in Arizona. Orders, payment and delivery are handled by our partner florist network. We have affiliate partnerships with florists.',
		site: 'Site',
		links: {
			cities: 'All Arizona cities',
			about: 'About us',
			contact: 'Contact',
			privacy: 'Privacy policy',
			terms: 'Terms of service',
			sitemap: 'Sitemap',
		},
		popular: 'Popular cities',
		popularCity: 'Flower delivery in {city}',
		rights: '© {year} {site}. All rights reserved. Questions: ',
	},
	breadcrumb: 'Breadcrumb',
	partnerNewTab: ' (opens the partner site in a new tab)',
	disclosure: 'We earn a commission when you order through our partner links, at no extra cost to you.',
	dismissNotice: 'Dismiss notice',
	notFound: {
		title: 'Oops! Page not found',
		text: 'The page you were looking for doesn’t exist or has moved.',
		home: 'Go back home',
		cities: 'Browse Arizona cities',
		pageTitle: 'Page not found | {site}',
		description: 'The page you were looking for could not be found.',
	},
	error: {
		title: 'Unexpected Application Error!',
		home: 'Back to the home page',
		pageTitle: 'Unexpected error | {site}',
		unknown: 'Unknown error',
	},
}

type ChromeMessages = typeof en

const es: ChromeMessages = {
	skipToContent: 'Ir al contenido',
	sameDayAvailable: 'Hay entrega el mismo día',
	servingArizona: 'Al servicio de las comunidades de Arizona',
	mainNav: 'Principal',
	mainNavMobile: 'Principal (móvil)',
	nav: { categories: 'Ocasiones', cities: 'Ciudades', about: 'Nosotros', contact: 'Contacto' },
	orderNow: 'Pedir ahora',
	otherLanguage: 'English',
	otherLanguageLabel: 'This page in English',
	footer: {
		about:
			'Un directorio para enviar flores a cualquier parte de Arizona. Los pedidos, el pago y la entrega corren a cargo de nuestra red de florerías asociadas, con las que tenemos acuerdos de afiliación.',
		site: 'Sitio',
		links: {
			cities: 'Todas las ciudades de Arizona',
			about: 'Quiénes somos',
			contact: 'Contacto',
			privacy: 'Política de privacidad',
			terms: 'Términos del servicio',
			sitemap: 'Mapa del sitio',
		},
		popular: 'Ciudades más buscadas',
		popularCity: 'Flores a domicilio en {city}',
		rights: '© {year} {site}. Todos los derechos reservados. Preguntas: ',
	},
	breadcrumb: 'Ruta de navegación',
	partnerNewTab: ' (abre el sitio de Florist One en una pestaña nueva)',
	disclosure: 'Recibimos una comisión cuando usted hace un pedido con nuestros enlaces de afiliado, sin costo adicional para usted.',
	dismissNotice: 'Cerrar aviso',
	notFound: {
		title: 'Lo sentimos: no encontramos esta página',
		text: 'La página que buscaba no existe o cambió de dirección.',
		home: 'Volver al inicio',
		cities: 'Ver las ciudades de Arizona',
		pageTitle: 'Página no encontrada | {site}',
		description: 'No se encontró la página que buscaba.',
	},
	error: {
		title: 'Ocurrió un error inesperado',
		home: 'Volver a la página de inicio',
		pageTitle: 'Error inesperado | {site}',
		unknown: 'Error desconocido',
	},
}

export const chrome = { en, es }
