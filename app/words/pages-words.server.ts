/**
 * The words of the site's plain pages: the list of cities, About, Contact, and the search's page
 * for a ZIP code outside Arizona. Each page's loader sends its own part, in its language.
 */
const en = {
	crumbs: { home: 'Home', cities: 'Cities' },
	/** The label beside a population figure, from data/cities.json's `populationSource` ('2020 U.S. Census'). */
	census: '{year} U.S. Census',
	cities: {
		title: 'Arizona Cities We Deliver To',
		description:
			'Flower delivery in {cities} Arizona cities and towns, same-day in {sameDay} of them, from Phoenix and Tucson to Flagstaff and Yuma. Find delivery details and ZIP codes for yours.',
		heading: 'Arizona Flower Delivery by City',
		intro: 'Choose a city for its delivery details, ZIP codes and order cut-off.',
		featured: 'Featured cities',
		population: 'Population {population}',
		zipCodes: 'ZIP codes {zipCodes}',
		all: 'All Arizona cities',
		allText:
			'{sameDay} of these {cities} Arizona cities and towns are available for same-day delivery; in the {others} remote towns, where the florist drives out, order a day ahead.',
	},
	about: {
		title: 'About Us',
		description:
			'We help people send flowers anywhere in Arizona by connecting them with local florists in a network of over 10,000 shops, with same-day delivery in most cities.',
		crumb: 'About',
		heading: 'About us',
		paragraphs: [
			'Sending flowers to someone in Arizona should be simple, even when you live far away. We built this site to answer the questions that matter when time is short: can flowers still arrive today, who delivers in that town, and what can I send?',
			'We are a directory, not a flower shop. We connect you with independent local florists through our partner network, and they arrange and deliver every order by hand. When you order through our links, the partner pays us a commission.',
		],
		network: '10,000+ local florists in our network',
		valuesTitle: 'What we care about',
		values: {
			quality: { title: 'Quality First', text: 'Arrangements are made by hand by professional florists, never shipped in a box.' },
			local: { title: 'Local Focus', text: 'Every order goes to a florist in the network who delivers to the recipient’s town.' },
			coverage: { title: 'Wide Coverage', text: 'Pages for {cities} Arizona cities and towns, from the Valley to the high country.' },
			partners: { title: 'Trusted Partners', text: 'Orders, payment and delivery are handled by an established florist network.' },
		},
		occasions: 'Browse occasions',
		findCity: 'Find your city',
	},
	contact: {
		title: 'Contact Us',
		description:
			'Questions about sending flowers in Arizona? Contact us Monday to Friday, 8 AM to 6 PM Arizona time. We serve cities statewide across Arizona.',
		crumb: 'Contact',
		heading: 'Contact us',
		intro:
			'Questions about delivery in your city or about this site? Write to us. For an order you have already placed, contact the partner florist shown on your order confirmation.',
		details: 'Contact details',
		email: 'Email',
		area: 'Service area',
		areaText: 'Statewide across Arizona',
		hours: 'Support hours',
		hoursText: 'Monday to Friday, 8 AM to 6 PM Arizona time',
	},
	/** The search's answer to a ZIP code outside Arizona. */
	outside: {
		title: 'ZIP {zip} is outside Arizona',
		description: 'We list florists in Arizona only; the florist network delivers across the United States.',
		text: 'We list florists in Arizona only. Florist One, whose network delivers our orders, delivers across the United States: you can order for {zip} on its own site.',
		order: 'Order on Florist One',
		cities: 'Arizona cities',
	},
}

type PagesMessages = typeof en

const es: PagesMessages = {
	crumbs: { home: 'Inicio', cities: 'Ciudades' },
	census: 'Censo de EE. UU. de {year}',
	cities: {
		title: 'Ciudades de Arizona donde entregamos',
		description:
			'Flores a domicilio en {cities} ciudades y pueblos de Arizona, con entrega el mismo día en {sameDay} de ellos, de Phoenix y Tucson a Flagstaff y Yuma. Busque su ciudad para ver los detalles de entrega y los códigos postales.',
		heading: 'Flores a domicilio en Arizona, ciudad por ciudad',
		intro: 'Elija una ciudad para ver los detalles de entrega, los códigos postales y la hora límite para hacer su pedido.',
		featured: 'Ciudades destacadas',
		population: 'Población: {population}',
		zipCodes: 'Códigos postales: {zipCodes}',
		all: 'Todas las ciudades de Arizona',
		allText:
			'{sameDay} de estas {cities} ciudades y pueblos de Arizona tienen entrega el mismo día; en los {others} pueblos alejados, adonde la florería tiene que llegar por carretera, haga su pedido un día antes.',
	},
	about: {
		title: 'Quiénes somos',
		description:
			'Le ayudamos a enviar flores a cualquier lugar de Arizona: lo ponemos en contacto con florerías locales de una red de más de 10,000 tiendas, con entrega el mismo día en la mayoría de las ciudades.',
		crumb: 'Quiénes somos',
		heading: 'Quiénes somos',
		paragraphs: [
			'Enviarle flores a alguien en Arizona debería ser sencillo, aunque usted viva lejos. Creamos este sitio para responder las preguntas que importan cuando hay poco tiempo: ¿todavía pueden llegar las flores hoy?, ¿quién entrega en esa ciudad? y ¿qué puedo enviar?',
			'Somos un directorio, no una florería. Lo ponemos en contacto con florerías locales independientes a través de nuestra red asociada, y ellas preparan y entregan a mano cada pedido. Cuando usted hace un pedido con nuestros enlaces, Florist One nos paga una comisión.',
		],
		network: 'Más de 10,000 florerías locales en nuestra red',
		valuesTitle: 'Lo que nos importa',
		values: {
			quality: { title: 'La calidad, primero', text: 'Floristas profesionales preparan los arreglos a mano; nunca se envían en una caja.' },
			local: { title: 'Enfoque local', text: 'Cada pedido va a una florería de la red que entrega en la ciudad del destinatario.' },
			coverage: { title: 'Amplia cobertura', text: 'Páginas de {cities} ciudades y pueblos de Arizona, desde el Valle hasta las tierras altas del norte.' },
			partners: { title: 'Florerías de confianza', text: 'Una red de florerías con trayectoria se encarga de los pedidos, el pago y la entrega.' },
		},
		occasions: 'Ver las ocasiones',
		findCity: 'Buscar su ciudad',
	},
	contact: {
		title: 'Contáctenos',
		description:
			'¿Tiene preguntas sobre cómo enviar flores en Arizona? Escríbanos de lunes a viernes, de 8:00 a. m. a 6:00 p. m., hora de Arizona. Atendemos ciudades en todo Arizona.',
		crumb: 'Contacto',
		heading: 'Contáctenos',
		intro:
			'¿Tiene preguntas sobre la entrega en su ciudad o sobre este sitio? Escríbanos. Si se trata de un pedido que ya hizo, comuníquese con la florería asociada que aparece en la confirmación de su pedido.',
		details: 'Datos de contacto',
		email: 'Correo electrónico',
		area: 'Zona de servicio',
		areaText: 'Todo el estado de Arizona',
		hours: 'Horario de atención',
		hoursText: 'De lunes a viernes, de 8:00 a. m. a 6:00 p. m., hora de Arizona',
	},
	outside: {
		title: 'El código postal {zip} está fuera de Arizona',
		description: 'Solo incluimos florerías de Arizona; la red de florerías entrega en todo Estados Unidos.',
		text: 'Solo incluimos florerías de Arizona. Florist One, cuya red entrega nuestros pedidos, hace entregas en todo Estados Unidos: puede pedir flores para el código postal {zip} en su propio sitio.',
		order: 'Pedir en Florist One',
		cities: 'Ciudades de Arizona',
	},
}

export const pages = { en, es }
