/**
 * The words of the search's own answers (/search/, /es/buscar/): an occasion the site serves with
 * the nearest list, a town across the border, and arrangements with a flower or a colour.
 */
const en = {
	description: 'What the site has for your search: the list that serves it, the Arizona town to send to, or the arrangements that match.',
	searchedFor: 'You searched for “{text}”.',
	/** An occasion without a list of its own: `{list}` is the occasion page's title. */
	asked: {
		quinceanera: {
			title: 'Flowers for a quinceañera',
			text: 'The florist network has no quinceañera list of its own. Its birthday arrangements are the closest, and they are on our {list} page.',
		},
		thanks: {
			title: 'Thank-you flowers',
			text: 'This site has no thank-you page. The florist network’s everyday arrangements, the ones people send to say thanks, are on our {list} page.',
		},
		congratulations: {
			title: 'Congratulations flowers',
			text: 'This site has no congratulations page. The florist network’s everyday arrangements, for a new job, a new home or good news, are on our {list} page.',
		},
		wedding: {
			title: 'Wedding flowers',
			text: 'The florist network has no wedding list. For a gift to the couple, its anniversary arrangements are the closest, on our {list} page.',
		},
		christmas: {
			title: 'Christmas flowers',
			text: 'This site has no Christmas page. The florist network’s everyday arrangements are on our {list} page, and its own Christmas list is on its site. It does not deliver on Christmas Day itself.',
		},
		dayOfTheDead: {
			title: 'Flowers for Día de Muertos',
			text: 'The florist network has no Día de Muertos list. Its sympathy and remembrance arrangements are the closest, on our {list} page.',
		},
	},
	openList: 'See {list}',
	/** Beside a suggestion in the search boxes' list: what kind of page it opens. */
	occasion: 'occasion',
	section: { hospitals: 'hospitals', funerals: 'funeral homes' },
	partnerChristmas: 'The network’s Christmas list',
	border: {
		title: 'Flowers to {town}',
		text: '{town} is in Sonora, Mexico, and the florist network does not deliver in Mexico. It delivers on the Arizona side: {city} is across the line.',
		open: 'Flower delivery in {city}',
	},
	arrangements: {
		title: 'Arrangements with {wanted}',
		heading: 'The arrangements that match',
		found: '{count} of the arrangements listed now by the florist network mention {wanted} in their name or description.',
		one: 'One of the arrangements listed now by the florist network mentions {wanted} in its name or description.',
		none: 'None of the arrangements listed now by the florist network mentions {wanted} in its name or description. Every occasion’s arrangements are on its page.',
		occasions: 'All occasions',
	},
}

export type SearchAnswersMessages = typeof en

const es: SearchAnswersMessages = {
	description:
		'Lo que encontramos para su búsqueda: la colección que le conviene, la ciudad de Arizona adonde puede enviar flores o los arreglos que coinciden.',
	searchedFor: 'Usted buscó “{text}”.',
	asked: {
		quinceanera: {
			title: 'Flores para quinceañera',
			text: 'La red de florerías no tiene una colección especial para quinceañeras. Lo más parecido son sus arreglos de cumpleaños, que están en nuestra página {list}.',
		},
		thanks: {
			title: 'Flores para dar las gracias',
			text: 'Este sitio no tiene una página de agradecimiento. Los arreglos de todos los días de la red de florerías, los que se mandan para dar las gracias, están en nuestra página {list}.',
		},
		congratulations: {
			title: 'Flores para felicitar',
			text: 'Este sitio no tiene una página de felicitaciones. Los arreglos de todos los días de la red de florerías, para un trabajo nuevo, una casa nueva o una buena noticia, están en nuestra página {list}.',
		},
		wedding: {
			title: 'Flores para boda',
			text: 'La red de florerías no tiene una colección para bodas. Como regalo para los novios, sus arreglos de aniversario son lo más parecido, en nuestra página {list}.',
		},
		christmas: {
			title: 'Flores de Navidad',
			text: 'Este sitio no tiene una página de Navidad. Los arreglos de todos los días de la red de florerías están en nuestra página {list}, y su propia colección de Navidad está en su sitio. No entrega el mismo día de Navidad.',
		},
		dayOfTheDead: {
			title: 'Flores para el Día de Muertos',
			text: 'La red de florerías no tiene una colección para el Día de Muertos. Sus arreglos de pésame y recuerdo son lo más parecido, en nuestra página {list}.',
		},
	},
	openList: 'Ver {list}',
	occasion: 'ocasión',
	section: { hospitals: 'hospitales', funerals: 'funerarias' },
	partnerChristmas: 'La colección de Navidad de la red',
	border: {
		title: 'Flores para {town}',
		text: '{town} está en Sonora, México, y la red de florerías no entrega en México, pero sí del lado de Arizona, en {city}, del otro lado de la línea.',
		open: 'Flores a domicilio en {city}',
	},
	arrangements: {
		title: 'Arreglos con {wanted}',
		heading: 'Los arreglos que coinciden',
		found: 'En este momento, {count} de los arreglos de la red de florerías mencionan {wanted} en su nombre o en su descripción.',
		one: 'En este momento, uno de los arreglos de la red de florerías menciona {wanted} en su nombre o en su descripción.',
		none: 'En este momento, ninguno de los arreglos de la red de florerías menciona {wanted} en su nombre o en su descripción. Los arreglos de cada ocasión están en su página.',
		occasions: 'Todas las ocasiones',
	},
}

export const searchAnswers = { en, es }
