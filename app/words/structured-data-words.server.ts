/**
 * The words of the pages' structured data (JSON-LD), in the page's language: what the site is,
 * a town's delivery service and its catalog of services, an occasion's service. Names of places
 * and of the partner stay as they are.
 */
const en = {
	organization:
		'A guide and directory for sending flowers in Arizona. Orders are placed with and filled by partner florists of the Florist One network; the site earns a commission on them.',
	city: {
		name: 'Flower Delivery in {city}, AZ',
		serviceType: 'Flower Delivery',
		provider: '{brand} partner florists',
		catalog: 'Flower delivery services in {city}',
		/** The services every town's catalog lists after its delivery (the first, from the rule of reach). */
		services: ['Birthday Flowers', 'Sympathy & Funeral Flowers', 'Wedding Flowers', 'Anniversary Flowers', 'Get Well Soon Flowers', 'New Baby Flowers'],
	},
	category: { delivery: 'Same-day delivery in Phoenix, Tucson, Mesa and most Arizona cities, through partner florists.' },
}

type StructuredDataMessages = typeof en

const es: StructuredDataMessages = {
	organization:
		'Una guía y un directorio para enviar flores en Arizona. Los pedidos se hacen con florerías asociadas de la red de Florist One, que los preparan y entregan; el sitio recibe una comisión por ellos.',
	city: {
		name: 'Flores a domicilio en {city}, AZ',
		serviceType: 'Entrega de flores',
		provider: 'Florerías asociadas de {brand}',
		catalog: 'Servicios de entrega de flores en {city}',
		services: [
			'Flores de cumpleaños',
			'Flores de pésame y para funerales',
			'Flores para bodas',
			'Flores de aniversario',
			'Flores de pronta recuperación',
			'Flores para recién nacidos',
		],
	},
	category: { delivery: 'Entrega el mismo día en Phoenix, Tucson, Mesa y la mayoría de las ciudades de Arizona, por medio de florerías asociadas.' },
}

export const structuredData = { en, es }
