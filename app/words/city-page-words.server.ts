/**
 * The words of a town's page where its own file is silent or where the page is built around its
 * facts: defaults, headings, the compass, the sections' titles. The town's own prose is in
 * data/cities/<slug>.json and its Spanish in data/es/cities/<slug>.json.
 */
const en = {
	title: {
		remote: ['Flower Delivery {name}, AZ | Order a Day Ahead', 'Flower Delivery {name}, AZ'],
		inTown: ['Flower Delivery {name}, AZ | Same-Day Local Florists', 'Flower Delivery {name}, AZ | Same-Day Delivery', 'Flower Delivery {name}, AZ'],
		nearby: ['Flower Delivery {name}, AZ | Same-Day Delivery', 'Flower Delivery {name}, AZ'],
		short: '{name} Flower Delivery',
	},
	who: { inTown: 'local {name} florists', remote: 'the florist who delivers to {name}', nearby: 'partner florists from nearby towns' },
	description: {
		remote: 'Send fresh, hand-delivered flowers in {name}, AZ. A florist in the partner network drives them out; order a day ahead.',
		sameDay: 'Send fresh, hand-delivered flowers in {name}, AZ. Same-day delivery{where} by {who} when you order before {cutoffTime}.',
		mostAddresses: ' to most {name} addresses',
	},
	advice: {
		metro:
			'Orders placed before {cutoffTime} are delivered the same day on normal days; later orders go out the next delivery day (not Sundays or the network’s holidays).',
		regional: 'Orders placed before {cutoffTime} can go out the same day for most addresses in town; outlying homes may be delivered the next day.',
		remote: 'Same-day delivery cannot be promised here: order a day ahead, and earlier still before a holiday or a service with a fixed time.',
	},
	hero: {
		remote: 'Send fresh, hand-arranged flowers to {name}. A florist in the partner network makes the trip out, so order a day ahead.',
		metro: 'Send fresh, hand-arranged flowers anywhere in {name}. {Who} deliver the same day when you order before {cutoffTime}.',
		regional: 'Send fresh, hand-arranged flowers to {name}. {Who} deliver the same day to most addresses when you order before {cutoffTime}.',
	},
	onTime: {
		remote: '{name} is a drive for the florist: pick the day you need the flowers there, and the checker tells you when to order.',
		sameDay: 'Pick a delivery date and time to see whether flowers can still reach {name} when you need them.',
	},
	cards: {
		remote: 'Arrangements driven out to {name} on the day you choose, ordered by the day before.',
		regional: 'Arrangements delivered the same day to most {name} addresses; outlying homes can take longer.',
		metro: 'Arrangements delivered the same day across {name} on ordinary days.',
		birthday: 'Birthday Flowers',
		birthdayText: 'Bright, cheerful bouquets to make {a} {name} birthday special.',
		sympathy: 'Sympathy & Funeral',
		sympathyText: 'Respectful arrangements for services, churches and family homes in {name}.',
		wedding: 'Wedding Flowers',
		weddingText: 'Bouquets and arrangements for {name} weddings, showers and celebrations.',
	},
	compass: ['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest'],
	hub: '{name} lies about {miles} miles {direction} of {hub} in a straight line ({km} km); the road is longer.',
	near: {
		where: '{place} lies about {miles} miles {direction} of {town} in a straight line, the nearest town we list',
		titlesDayAhead: ['Flowers to {place}, AZ | Order a Day Ahead', 'Flowers to {place}, AZ'],
		titlesSameDay: ['Flowers to {place}, AZ | Same-Day Delivery', 'Flowers to {place}, AZ'],
		short: '{place} Flower Delivery',
		heading: 'Flower Delivery to {place}, AZ',
		descriptionDayAhead: 'Send flowers to {place}, AZ. {where}, so order a day ahead: a florist in the partner network makes the trip out.',
		descriptionSameDay: 'Send flowers to {place}, AZ. {where}; partner florists deliver the same day{most} when you order before {cutoffTime}.',
		heroDayAhead: 'Send fresh, hand-arranged flowers to {place}. {where}, so a florist in the partner network makes the trip out: order a day ahead.',
		heroSameDay: 'Send fresh, hand-arranged flowers to {place}. {where}, and partner florists deliver the same day{most} when you order before {cutoffTime}.',
		most: ' to most addresses',
	},
	heading: 'Flower Delivery in {name}, AZ',
	crumbs: { home: 'Home', cities: 'Cities' },
	network: { inTown: 'Local florists serving {name}', remote: 'The florist who delivers to {name}', nearby: 'The florists who deliver to {name}' },
	professionalFloral: 'Professional floral services for every occasion in {name}.',
	nearbyTitle: { near: 'Nearest towns to {name}', far: 'Nearest towns to {name}', area: 'Service area near {name}' },
	sections: {
		hospital: 'Sending flowers to {a} {name} hospital',
		hospitalsNear: 'Hospitals near {name}',
		emergencyCare: 'Emergency care and hospitals near {name}',
		funerals: 'Funerals and memorials in {name}',
		weather: 'Weather and delivery at {feet} feet',
		places: 'Neighborhoods and landmarks in {name}',
		landmark: 'landmark',
		colleges: 'Colleges in {name}',
		senior: 'Senior living in {name}',
		bases: 'Military bases near {name}',
	},
	defaultQuestion: 'Do you offer same-day flower delivery in {name}?',
	/** The note over a town's page opened for a ZIP it does not list, or for a place without a page. */
	notes: {
		zip: 'ZIP {zip} ({place}) is served from {city}, the nearest city we list.',
		place:
			'{place} has no page of its own here. {city}, about {miles} miles away, is the nearest town we list: order below with the full {place} address and ZIP code.',
	},
	/** The page's own headings, buttons and labels. */
	page: {
		county: '{county} County, Arizona',
		order: 'Order Flowers in {place}',
		whyChooseUs: 'Why Choose Us',
		arrangementsIn: 'Arrangements delivered in {name}',
		zipCodes: '{name} ZIP codes we deliver to',
		whyChoose: 'Why Choose Our {name} Flower Delivery',
		onTime: 'Will my flowers arrive on time?',
		local: 'Sending flowers in {name}: what to know',
		services: 'Flower services in {place}',
		orderNow: 'Order Now',
		orderService: ': {service} in {place}',
		allCategories: 'View All Categories',
		faq: '{name} flower delivery questions',
		nearbyLink: '{name} Flower Delivery',
		miles: '{miles} mi',
	},
}

export type CityPageMessages = typeof en

const es: CityPageMessages = {
	title: {
		remote: ['Flores a domicilio en {name}, AZ | Pida un día antes', 'Flores a domicilio en {name}, AZ'],
		inTown: [
			'Flores a domicilio en {name}, AZ | Florerías locales, mismo día',
			'Flores a domicilio en {name}, AZ | Mismo día',
			'Flores a domicilio en {name}, AZ',
		],
		nearby: ['Flores a domicilio en {name}, AZ | Entrega el mismo día', 'Flores a domicilio en {name}, AZ'],
		short: 'Flores a domicilio en {name}',
	},
	who: { inTown: 'florerías locales de {name}', remote: 'la florería que entrega en {name}', nearby: 'florerías asociadas de ciudades cercanas' },
	description: {
		remote: 'Envíe flores frescas, entregadas en mano, a {name}, AZ. Una florería de la red asociada las lleva hasta allá; haga su pedido un día antes.',
		sameDay: 'Envíe flores frescas, entregadas en mano, a {name}, AZ. Entrega el mismo día{where} por {who} si hace su pedido antes de las {cutoffTime}.',
		mostAddresses: ' a la mayoría de las direcciones de {name}',
	},
	advice: {
		metro:
			'Los pedidos hechos antes de las {cutoffTime}, se entregan el mismo día en días normales; los pedidos posteriores salen el siguiente día de entrega (no los domingos ni los días festivos de la red).',
		regional:
			'Los pedidos hechos antes de las {cutoffTime}, pueden salir el mismo día a la mayoría de las direcciones de la ciudad; las casas de las afueras pueden recibirlos al día siguiente.',
		remote:
			'Aquí no se puede prometer la entrega el mismo día: haga su pedido un día antes, y con más tiempo antes de un día festivo o de un servicio con hora fija.',
	},
	hero: {
		remote: 'Envíe flores frescas, arregladas a mano, a {name}. Una florería de la red asociada hace el viaje, así que haga su pedido un día antes.',
		metro: 'Envíe flores frescas, arregladas a mano, a cualquier parte de {name}. {Who} las entregan el mismo día si hace su pedido antes de las {cutoffTime}.',
		regional:
			'Envíe flores frescas, arregladas a mano, a {name}. {Who} las entregan el mismo día a la mayoría de las direcciones si hace su pedido antes de las {cutoffTime}.',
	},
	onTime: {
		remote:
			'Para la florería, llegar a {name} es todo un viaje: elija el día en que necesita las flores allá y la consulta de entrega le dirá cuándo hacer el pedido.',
		sameDay: 'Elija una fecha y una hora de entrega para saber si las flores todavía pueden llegar a {name} cuando las necesita.',
	},
	cards: {
		remote: 'Arreglos que llegan a {name} el día que usted elija, si los pide a más tardar el día anterior.',
		regional: 'Arreglos entregados el mismo día a la mayoría de las direcciones de {name}; las casas de las afueras pueden tardar más.',
		metro: 'Arreglos entregados el mismo día en todo {name} en días normales.',
		birthday: 'Flores de cumpleaños',
		birthdayText: 'Ramos alegres y llenos de color para celebrar un cumpleaños en {name}.',
		sympathy: 'Pésame y funerales',
		sympathyText: 'Arreglos respetuosos para el servicio, la iglesia o la casa de la familia en {name}.',
		wedding: 'Flores para bodas',
		weddingText: 'Ramos y arreglos para bodas, despedidas de soltera y celebraciones en {name}.',
	},
	compass: ['norte', 'noreste', 'este', 'sureste', 'sur', 'suroeste', 'oeste', 'noroeste'],
	hub: '{name} está a unas {miles} millas al {direction} de {hub} en línea recta ({km} km); por carretera, la distancia es mayor.',
	near: {
		where: '{place} está a unas {miles} millas al {direction} de {town} en línea recta, la ciudad más cercana de nuestra lista',
		titlesDayAhead: ['Flores a {place}, AZ | Pida un día antes', 'Flores a {place}, AZ'],
		titlesSameDay: ['Flores a {place}, AZ | Entrega el mismo día', 'Flores a {place}, AZ'],
		short: 'Flores a {place}',
		heading: 'Flores a domicilio en {place}, AZ',
		descriptionDayAhead: 'Envíe flores a {place}, AZ. {where}, así que haga su pedido un día antes: una florería de la red asociada hace el viaje.',
		descriptionSameDay: 'Envíe flores a {place}, AZ. {where}; las florerías asociadas entregan el mismo día{most} si hace su pedido antes de las {cutoffTime}.',
		heroDayAhead:
			'Envíe flores frescas, arregladas a mano, a {place}. {where}, así que una florería de la red asociada hace el viaje: haga su pedido un día antes.',
		heroSameDay:
			'Envíe flores frescas, arregladas a mano, a {place}. {where}, y las florerías asociadas entregan el mismo día{most} si hace su pedido antes de las {cutoffTime}.',
		most: ' a la mayoría de las direcciones',
	},
	heading: 'Flores a domicilio en {name}, AZ',
	crumbs: { home: 'Inicio', cities: 'Ciudades' },
	network: { inTown: 'Florerías locales que atienden a {name}', remote: 'La florería que entrega en {name}', nearby: 'Las florerías que entregan en {name}' },
	professionalFloral: 'Servicios florales profesionales para cualquier ocasión en {name}.',
	nearbyTitle: { near: 'Ciudades más cercanas a {name}', far: 'Ciudades más cercanas a {name}', area: 'Zona de servicio cerca de {name}' },
	sections: {
		hospital: 'Enviar flores a un hospital de {name}',
		hospitalsNear: 'Hospitales cerca de {name}',
		emergencyCare: 'Atención de emergencia y hospitales cerca de {name}',
		funerals: 'Funerales y velorios en {name}',
		weather: 'El clima y la entrega a {feet} pies de altura',
		places: 'Barrios y sitios de interés de {name}',
		// A landmark is listed by its name alone: the heading already says what the list holds.
		landmark: '',
		colleges: 'Universidades y colegios comunitarios en {name}',
		senior: 'Residencias para personas mayores en {name}',
		bases: 'Bases militares cerca de {name}',
	},
	defaultQuestion: '¿Ofrecen entrega de flores el mismo día en {name}?',
	notes: {
		zip: 'El código postal {zip} ({place}) se atiende desde {city}, la ciudad más cercana de nuestra lista.',
		place:
			'{place} no tiene página propia en este sitio. {city}, a unas {miles} millas, es la ciudad más cercana de nuestra lista: haga su pedido abajo con la dirección completa y el código postal de {place}.',
	},
	page: {
		county: 'Condado de {county}, Arizona',
		order: 'Pedir flores en {place}',
		whyChooseUs: 'Por qué elegirnos',
		arrangementsIn: 'Arreglos entregados en {name}',
		zipCodes: 'Códigos postales de {name} donde entregamos',
		whyChoose: 'Por qué enviar flores a {name} con nosotros',
		onTime: '¿Llegarán a tiempo mis flores?',
		local: 'Enviar flores a {name}: lo que conviene saber',
		services: 'Servicios florales en {place}',
		orderNow: 'Pedir ahora',
		orderService: ': {service} en {place}',
		allCategories: 'Ver todas las ocasiones',
		faq: 'Preguntas sobre la entrega de flores en {name}',
		nearbyLink: 'Flores a domicilio en {name}',
		miles: '{miles} millas',
	},
}

export const cityPage = { en, es }
