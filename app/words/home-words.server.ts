/**
 * The home page's words. The figures in them ({sameDay}, {cities}, {others}) are counted from the
 * data when the page is built, never typed. The featured cities' own texts are data/cities.json's
 * in English and `homeCities` below in Spanish.
 */
const en = {
	title: 'Same-Day in Most Arizona Towns',
	description:
		'Send fresh flowers anywhere in Arizona: same-day delivery in {sameDay} of the {cities} towns we list, Phoenix, Tucson, Mesa and Scottsdale among them, when you order before {cutoffTime}; a day’s notice in the rest.',
	hero: {
		eyebrow: 'Arizona flower delivery',
		heading: 'Send fresh flowers anywhere in Arizona, same-day in {sameDay} towns',
		/** The hero's promise, as the towns make it: same-day where the rule of reach allows it, a day's notice in the rest. */
		sameDay:
			'Order before {cutoffTime} for delivery the same day in {sameDay} of the {cities} towns we list; the other {others}, where a florist drives out, need a day’s notice. Find your town to see which applies.',
		shortcuts: 'Shortcuts',
		sameDayLink: 'Same Day Delivery',
		birthday: 'Birthday Flowers',
		anniversary: 'Anniversary Bouquets',
		photos: 'Arrangements from our partner florists',
	},
	categories: {
		title: 'Flowers for every occasion',
		intro: 'Choose an occasion to see arrangements our partner florists deliver across Arizona.',
		popular: 'Popular',
		shop: 'Shop {name}',
	},
	cities: {
		title: 'Featured Arizona cities',
		zipPopulation: 'ZIP {zip} · Population {population}',
		all: 'View All Arizona Cities',
	},
	why: {
		title: 'Why send flowers with us',
		items: [
			{
				title: 'Same-day delivery',
				text: 'Order before {cutoffTime} for delivery today in {sameDay} of the {cities} towns we list.',
			},
			{
				title: 'Statewide coverage',
				text: 'Pages for {cities} Arizona cities and towns, from the Valley of the Sun to the high country.',
			},
			{
				title: 'University delivery',
				text: 'Dorm and campus deliveries near ASU, the University of Arizona and Northern Arizona University.',
			},
			{
				title: 'Heat-protected transport',
				text: 'Arrangements kept cool and hydrated in the desert heat, and handed over rather than left outside.',
			},
		],
	},
	intro: {
		title: 'Flower delivery made for Arizona',
		paragraphs: [
			'Arizona is a big state with very different places to deliver to: high-rise offices in downtown Phoenix, retirement communities in Sun City, dorms in Tempe and Flagstaff, and ranch roads outside Prescott. We help you find a florist who knows the area and can get there on time.',
			'Pick your city to see ZIP codes, the same-day cut-off and the arrangements available, then order directly with our partner florist network.',
		],
		networkTitle: 'A local florist network',
		network: [
			'Orders are fulfilled by independent florists in the Florist One network. Your bouquet is arranged by hand by a florist who delivers to the recipient’s town rather than shipped in a box across the country, so it arrives fresh even in the summer heat.',
			'We have affiliate partnerships with florists: when you order through our links, the partner pays us a commission and you pay the normal price.',
		],
	},
	faq: {
		title: 'Frequently asked questions',
		items: [
			{
				question: 'Can I get flowers delivered the same day in Arizona?',
				answer:
					'Yes, in {sameDay} of the {cities} Arizona cities and towns we list. Order before {cutoffTime} (Arizona does not observe daylight saving time; the Navajo Nation does), and a florist nearby delivers the same day; later orders go out the next delivery day. The network does not deliver on Sundays, New Year’s Day, Thanksgiving or Christmas Day. In the remote towns, where the florist drives out from a larger town, order a day ahead: each city page says which applies.',
			},
			{
				question: 'Which Arizona cities do you deliver to?',
				answer:
					'We have pages for {cities} Arizona cities and towns, from Phoenix, Tucson and Mesa to Flagstaff, Sedona, Yuma and Lake Havasu City, and the partner network delivers to the places in between. Search for a town we do not list and we open the page of the nearest one we do.',
			},
			{
				question: 'How do flowers survive the Arizona summer heat?',
				answer:
					'Arrangements are made by a florist in the partner network and travel in heat-protected transport. Florists hydrate the stems before delivery and hand the flowers over rather than leaving them outside in the sun.',
			},
			{
				question: 'Can you deliver to university dorms and hospitals?',
				answer:
					'Yes. Florists deliver to residence halls at Arizona State University, the University of Arizona and Northern Arizona University, and to hospitals across the state. Include the building, room number and a phone number with your order.',
			},
			{
				question: 'Who makes and delivers the flowers?',
				answer:
					'Your order is placed with our partner, Florist One, and fulfilled by a florist in its network who delivers to the recipient’s town. Payment, delivery and customer service for the order are handled by the partner.',
			},
			{
				question: 'Does ordering through this site cost more?',
				answer:
					'No. You pay the partner’s normal price. We earn an affiliate commission from the partner when you order through our links, which keeps this directory free to use.',
			},
		],
	},
}

type HomeMessages = typeof en

const es: HomeMessages = {
	title: 'Mismo día en la mayoría de las ciudades de Arizona',
	description:
		'Envíe flores frescas a cualquier lugar de Arizona: entrega el mismo día en {sameDay} de las {cities} ciudades de nuestra lista, entre ellas Phoenix, Tucson, Mesa y Scottsdale, si hace su pedido antes de las {cutoffTime}; en las demás, con un día de anticipación.',
	hero: {
		eyebrow: 'Flores a domicilio en Arizona',
		heading: 'Envíe flores frescas a cualquier lugar de Arizona, con entrega el mismo día en {sameDay} ciudades',
		sameDay:
			'Haga su pedido antes de las {cutoffTime}, y se entrega el mismo día en {sameDay} de las {cities} ciudades de nuestra lista; las otras {others}, adonde la florería tiene que llegar por carretera, necesitan un día de anticipación. Busque su ciudad para saber qué le corresponde.',
		shortcuts: 'Accesos directos',
		sameDayLink: 'Entrega el mismo día',
		birthday: 'Flores de cumpleaños',
		anniversary: 'Ramos de aniversario',
		photos: 'Arreglos de nuestras florerías asociadas',
	},
	categories: {
		title: 'Flores para cada ocasión',
		intro: 'Elija una ocasión para ver los arreglos que nuestras florerías asociadas entregan en todo Arizona.',
		popular: 'Lo más pedido',
		shop: 'Ver arreglos: {name}',
	},
	cities: {
		title: 'Ciudades destacadas de Arizona',
		zipPopulation: 'Código postal {zip} · Población: {population}',
		all: 'Ver todas las ciudades de Arizona',
	},
	why: {
		title: 'Por qué enviar flores con nosotros',
		items: [
			{
				title: 'Entrega el mismo día',
				text: 'Haga su pedido antes de las {cutoffTime}, y se entrega hoy mismo en {sameDay} de las {cities} ciudades de nuestra lista.',
			},
			{
				title: 'Cobertura en todo el estado',
				text: 'Páginas de {cities} ciudades y pueblos de Arizona, desde el Valle del Sol hasta las tierras altas del norte.',
			},
			{
				title: 'Entregas en universidades',
				text: 'Entregas en residencias estudiantiles y en el campus cerca de ASU, la Universidad de Arizona y la Universidad del Norte de Arizona.',
			},
			{
				title: 'Transporte protegido del calor',
				text: 'Arreglos frescos e hidratados a pesar del calor del desierto, entregados en mano en lugar de dejarlos afuera.',
			},
		],
	},
	intro: {
		title: 'Entrega de flores pensada para Arizona',
		paragraphs: [
			'Arizona es un estado grande, con lugares de entrega muy distintos: oficinas en los edificios altos del centro de Phoenix, comunidades de jubilados en Sun City, residencias estudiantiles en Tempe y Flagstaff, y caminos de ranchos en las afueras de Prescott. Le ayudamos a encontrar una florería que conozca la zona y pueda llegar a tiempo.',
			'Elija su ciudad para ver los códigos postales, la hora límite para la entrega el mismo día y los arreglos disponibles, y luego haga su pedido directamente con nuestra red de florerías asociadas.',
		],
		networkTitle: 'Una red de florerías locales',
		network: [
			'Los pedidos los preparan florerías independientes de la red Florist One. Su ramo lo arregla a mano una florería que entrega en la ciudad del destinatario, en lugar de enviarlo en una caja de un extremo al otro del país, así que llega fresco aun con el calor del verano.',
			'Tenemos acuerdos de afiliación con florerías: cuando usted hace un pedido con nuestros enlaces, Florist One nos paga una comisión y usted paga el precio normal.',
		],
	},
	faq: {
		title: 'Preguntas frecuentes',
		items: [
			{
				question: '¿Pueden entregar flores el mismo día en Arizona?',
				answer:
					'Sí, en {sameDay} de las {cities} ciudades y pueblos de Arizona de nuestra lista. Haga su pedido antes de las {cutoffTime} (Arizona no cambia al horario de verano; la Nación Navajo sí), y una florería cercana lo entrega el mismo día; los pedidos posteriores salen el siguiente día de entrega. La red no entrega los domingos, el Día de Año Nuevo, el Día de Acción de Gracias ni el día de Navidad. En los pueblos alejados, adonde la florería llega desde una ciudad más grande, haga su pedido un día antes: la página de cada ciudad indica qué le corresponde.',
			},
			{
				question: '¿A qué ciudades de Arizona entregan?',
				answer:
					'Tenemos páginas de {cities} ciudades y pueblos de Arizona, de Phoenix, Tucson y Mesa a Flagstaff, Sedona, Yuma y Lake Havasu City, y la red asociada también entrega en los lugares intermedios. Si busca un pueblo que no está en nuestra lista, le abrimos la página del más cercano que sí está.',
			},
			{
				question: '¿Cómo aguantan las flores el calor del verano en Arizona?',
				answer:
					'Los arreglos los prepara una florería de la red asociada y viajan en un transporte protegido del calor. Las florerías hidratan los tallos antes de la entrega y entregan las flores en mano en lugar de dejarlas afuera, al sol.',
			},
			{
				question: '¿Pueden entregar en residencias universitarias y hospitales?',
				answer:
					'Sí. Las florerías entregan en las residencias estudiantiles de la Universidad Estatal de Arizona, la Universidad de Arizona y la Universidad del Norte de Arizona, y en hospitales de todo el estado. Incluya en su pedido el edificio, el número de habitación y un número de teléfono.',
			},
			{
				question: '¿Quién prepara y entrega las flores?',
				answer:
					'Su pedido se hace en el sitio de Florist One, y lo atiende una florería de su red que entrega en la ciudad del destinatario. Florist One se encarga del pago, la entrega y la atención al cliente de ese pedido.',
			},
			{
				question: '¿Cuesta más hacer el pedido a través de este sitio?',
				answer:
					'No. Usted paga el precio normal de Florist One. Florist One nos paga una comisión de afiliado cuando usted hace su pedido con nuestros enlaces, y eso permite que este directorio sea gratuito.',
			},
		],
	},
}

export const home = { en, es }

/** What a featured city's card says of it: its region, a sentence, and three points. */
export type HomeCityText = { region: string; description: string; features: readonly string[] }

/**
 * The Spanish of the home page's featured cities (data/cities.json's `home` list), by slug: the
 * same facts as each city's `region`, `description` and `features` there.
 */
export const homeCities: Readonly<Record<string, HomeCityText>> = {
	phoenix: {
		region: 'Centro de Arizona',
		description:
			'Del centro de Phoenix y Arcadia a Ahwatukee, las florerías asociadas entregan ramos el mismo día en casas, oficinas y en el Banner – University Medical Center Phoenix, y en las tardes más calurosas del verano en el Valle entregan los arreglos en mano, sin dejarlos afuera.',
		features: [
			'Entrega el mismo día si pide antes de las {cutoffHour}',
			'Entregas en el Banner – University Medical Center Phoenix',
			'Transporte protegido del calor en verano',
		],
	},
	tucson: {
		region: 'Sur de Arizona',
		description:
			'Envíe flores a cualquier lugar, del campus de la Universidad de Arizona y Sam Hughes a Catalina Foothills, con una entrega cuidadosa el mismo día en el Banner – University Medical Center Tucson y el Tucson Medical Center.',
		features: ['Entrega el mismo día en todo Tucson', 'Entregas en el campus de la Universidad de Arizona', 'Entregas en el Tucson Medical Center'],
	},
	mesa: {
		region: 'Este del Valle',
		description:
			'Ya sea un cumpleaños en Las Sendas, un ramo de pronta recuperación para el Banner Desert Medical Center o flores para una oficina del centro de Mesa, las entregas en Mesa llegan frescas a pesar del calor del verano en el este del Valle.',
		features: ['Entrega el mismo día en todo Mesa', 'Entregas en el Banner Desert Medical Center', 'Transporte a salvo del calor en el este del Valle'],
	},
	chandler: {
		region: 'Este del Valle',
		description:
			'Del centro histórico de Chandler a Ocotillo y el corredor de Price Road, las florerías asociadas entregan arreglos frescos en casas, oficinas y en el Chandler Regional Medical Center, protegidos del calor del verano.',
		features: [
			'Entrega el mismo día si pide antes de las {cutoffHour}',
			'Entregas en el Chandler Regional Medical Center',
			'Transporte protegido del calor en verano',
		],
	},
	scottsdale: {
		region: 'Noreste del Valle',
		description:
			'Las flores para Scottsdale llegan a las galerías de Old Town, a las casas y los hoteles de descanso de North Scottsdale, y a los centros médicos HonorHealth Scottsdale Osborn y Shea, con arreglos bien hidratados frente al calor del verano en el desierto.',
		features: ['Entrega el mismo día en Old Town', 'Entregas en hoteles y centros vacacionales', 'Entregas en HonorHealth Osborn y Shea'],
	},
	glendale: {
		region: 'Noroeste del Valle',
		description:
			'Las entregas en Glendale abarcan el centro histórico de Glendale, Arrowhead Ranch y el Westgate Entertainment District, cerca del State Farm Stadium, además del Banner Thunderbird Medical Center, con transporte protegido del calor en las tardes calurosas del oeste del Valle.',
		features: ['Entregas en el Banner Thunderbird Medical Center', 'Cobertura en Westgate y Arrowhead Ranch', 'Transporte protegido del calor en verano'],
	},
}
