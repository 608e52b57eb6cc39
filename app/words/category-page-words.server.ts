/**
 * The words of an occasion's page around its own texts (data/categories.json and its Spanish twin
 * data/es/categories.json): headings, buttons, the note on a shared selection, and the page an
 * unknown occasion's address gets.
 */
const en = {
	crumbs: { home: 'Home', categories: 'Categories' },
	unknown: {
		title: 'Flowers',
		description: 'Beautiful flower arrangements for every occasion',
		serviceType: 'Flower Delivery',
		seoTitle: '{title} | Arizona Flower Delivery',
	},
	browse: 'Browse Collection',
	orderForDelivery: 'Order for Delivery',
	heroPhotos: '{title} arrangements',
	/** A dated occasion within 45 days (app/domain/peak-days.ts, said by app/server/peak-days-ahead.server.ts). */
	peak: {
		label: 'Plan ahead',
		open: '{occasion} falls on {date} this year.',
		closed: '{occasion} falls on {date} this year. {why}: send for {before} or for {after} instead.',
		closedAfterOnly: '{occasion} falls on {date} this year. {why}: send for {after} instead.',
		orderBy:
			'For delivery on {date}, order by {cutoff} that day in the towns with same-day delivery, or by {cutoff} on {dayBefore} in the towns that need a day’s notice.',
		/** The order deadline in one place (the agents' answers). */
		orderByIn: 'For delivery on {date} in {place}, order by {cutoff} on {orderDay}.',
		orderByTodayIn: 'For delivery on {date} in {place}, order by {cutoff} today.',
		tooLateIn: '{date} can no longer be ordered in {place}. {reason}.',
		earliestIn: 'The earliest date that can be ordered there is {earliest}.',
		occasions: {
			'valentines-day': 'Valentine’s Day',
			'mothers-day': 'Mother’s Day',
			'dia-de-las-madres': 'The 10 de mayo, Mexican Mother’s Day,',
			christmas: 'Christmas Day',
		},
	},
	collection: 'Premium {title} Collection',
	all: 'All {lowerTitle}',
	guidance: 'Before you send {lowerTitle}',
	faq: 'Questions about {lowerTitle}',
	seeAll: 'See All {title} Arrangements',
	seeAllText: 'Every arrangement in the collection, delivered by a local Arizona florist.',
	browseComplete: 'Browse Complete {title} Collection',
	shared: {
		named: 'These arrangements are Florist One’s {list} selection, the same selection as on our ',
		unnamed: 'These arrangements are the same Florist One selection as on our ',
		and: ' and ',
		before: { one: '', many: '' },
		after: { one: ' page.', many: ' pages.' },
	},
	/** The partner's lists by category code (the codes of docs/partner.md). */
	lists: {
		bd: 'birthday',
		an: 'anniversary',
		lr: 'love and romance',
		gw: 'get well',
		nb: 'new baby',
		sy: 'funeral and sympathy',
		ao: 'all-occasion',
		ty: 'thank-you',
		bs: 'best-seller',
		vd: 'Valentine’s Day',
		md: 'Mother’s Day',
		cm: 'Christmas',
		ea: 'Easter',
		tg: 'Thanksgiving',
	} as Record<string, string>,
}

export type CategoryPageMessages = typeof en

const es: CategoryPageMessages = {
	crumbs: { home: 'Inicio', categories: 'Ocasiones' },
	unknown: {
		title: 'Flores',
		description: 'Hermosos arreglos florales para cualquier ocasión',
		serviceType: 'Entrega de flores',
		seoTitle: '{title} | Flores a domicilio en Arizona',
	},
	browse: 'Ver la colección',
	orderForDelivery: 'Pedir con entrega a domicilio',
	heroPhotos: 'Arreglos de {lowerTitle}',
	peak: {
		label: 'Planifique con tiempo',
		open: 'Este año, {occasion} cae el {date}.',
		closed: 'Este año, {occasion} cae el {date}. {why}: envíe sus flores para el {before} o para el {after}.',
		closedAfterOnly: 'Este año, {occasion} cae el {date}. {why}: envíe sus flores para el {after}.',
		orderBy:
			'Para la entrega del {date}, haga su pedido ese mismo día antes de las {cutoff}, en las ciudades con entrega el mismo día, o el {dayBefore} antes de las {cutoff}, en las que requieren un día de anticipación.',
		orderByIn: 'Para la entrega del {date} en {place}, haga su pedido el {orderDay} antes de las {cutoff}.',
		orderByTodayIn: 'Para la entrega del {date} en {place}, haga su pedido hoy antes de las {cutoff}.',
		tooLateIn: 'Ya no se puede pedir la entrega del {date} en {place}. {reason}.',
		earliestIn: 'La fecha más próxima que puede pedir allí es el {earliest}.',
		occasions: {
			'valentines-day': 'el Día de San Valentín',
			'mothers-day': 'el Día de las Madres de EE. UU.',
			'dia-de-las-madres': 'el 10 de mayo',
			christmas: 'la Navidad',
		},
	},
	collection: 'Colección de {lowerTitle}',
	all: 'Todas las {lowerTitle}',
	guidance: 'Antes de enviar {lowerTitle}',
	faq: 'Preguntas sobre {lowerTitle}',
	seeAll: 'Todos los arreglos de {lowerTitle}',
	seeAllText: 'Todos los arreglos de la colección, entregados por una florería local de Arizona.',
	browseComplete: 'Ver toda la colección de {lowerTitle}',
	shared: {
		named: 'Estos arreglos son la selección de {list} de Florist One, la misma que aparece en ',
		unnamed: 'Estos arreglos son la misma selección de Florist One que aparece en ',
		and: ' y ',
		before: { one: 'nuestra página de ', many: 'nuestras páginas de ' },
		after: { one: '.', many: '.' },
	},
	lists: {
		bd: 'cumpleaños',
		an: 'aniversario',
		lr: 'amor y romance',
		gw: 'pronta recuperación',
		nb: 'recién nacido',
		sy: 'funerales y pésame',
		ao: 'todas las ocasiones',
		ty: 'agradecimiento',
		bs: 'los más vendidos',
		vd: 'San Valentín',
		md: 'Día de las Madres',
		cm: 'Navidad',
		ea: 'Pascua',
		tg: 'Acción de Gracias',
	},
}

export const categoryPage = { en, es }
