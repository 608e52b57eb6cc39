/**
 * The sentences the agent tools compose (app/server/agents/agent-answers.server.ts and mcp.server.ts):
 * their notes, errors and the readable text of each answer. The rule of reach and the clock are
 * the pages' own words (app/words/delivery-words.server.ts), a town's notes its own prose
 * (data/cities/<slug>.json, data/es/cities/<slug>.json), and the partner's product names stay as it
 * sends them.
 */
const en = {
	/** The funeral question's input and slot, as delivery_dates answers it. */
	service: { badDate: '"{date}" is not a calendar date; give the service’s date as YYYY-MM-DD.', bySlot: 'by {slot}' },
	/** Where the place asked about is, or why it cannot be answered. */
	place: {
		tooLong: 'Name an Arizona city, town or ZIP code in at most {max} characters.',
		outside: 'ZIP {zip} is outside Arizona. This site covers Arizona only; Florist One delivers across the United States at {url}.',
		unknown:
			'"{asked}" is not a city, town or ZIP code in Arizona that this site knows. It covers Arizona only; try a town name such as Phoenix or Flagstaff, or a five-digit ZIP code.',
		unmatched: '"{asked}" could not be matched to a town.',
		near: "{place} has no page of its own; {city}, about {miles} miles away, is the nearest listed town, and the florist network's dates and totals are those of {city}'s ZIP {listedZip}.",
		zip: "ZIP {zip} ({place}) is served from {city}, the nearest listed town; the florist network's dates and totals are those of {city}'s ZIP {listedZip}.",
		border:
			"{town} is in Sonora, Mexico, where the florist network does not deliver; {city} is the Arizona town across the line, and the network's dates and totals are those of {city}'s ZIP {listedZip}.",
	},
	occasion: {
		unknown: 'Unknown occasion "{asked}". Choose one of: {choices}.',
		/** The answer's title without an occasion: every occasion's list together. */
		every: 'Arrangements for every occasion',
		/** An occasion the florist network has no list for, served with the nearest one ({list}: that list's title). */
		nearest: {
			quinceanera: 'No quinceañera list: these are the birthday arrangements ({list}), the closest.',
			thanks: 'No thank-you list: these are the everyday arrangements ({list}), the ones people send to say thanks.',
			congratulations: 'No congratulations list: these are the everyday arrangements ({list}), for a new job, a new home or good news.',
			wedding: 'No wedding list: these are the anniversary arrangements ({list}), the closest for a gift to the couple.',
			christmas:
				'No Christmas list on this site: these are the everyday arrangements ({list}); the florist network’s own Christmas list is at {url}. It does not deliver on Christmas Day itself.',
			dayOfTheDead: 'No Día de Muertos list: these are the sympathy and remembrance arrangements ({list}), the closest.',
		},
	},
	/** The delivery date asked about with the arrangements: whether it can be ordered for the place, and why not. */
	date: {
		bad: '"{date}" is not a calendar date; give the delivery date as YYYY-MM-DD.',
		can: 'Delivery in {place} on {date} can be ordered: order by {deadline}.',
		cannot: 'Delivery in {place} on {date} cannot be ordered. {reason}.',
		earliest: 'The earliest delivery that can be ordered now is {earliest}.',
		none: 'The florist network offers no delivery date there yet.',
		past: 'That day has passed',
	},
	/** arrangement_details: an arrangement not in the florist network's lists, and an answer without a place. */
	details: {
		notFound: '"{asked}" is not an arrangement in the florist network’s lists now. Give the code or order link find_arrangements returned (such as "BD01").',
		slow: 'The florist network is slow to answer just now, so "{asked}" could not be looked up in all its lists. Ask again in a minute.',
		noPlace: 'Name a place to get the delivered price there and the earliest delivery date.',
	},
	/** The last line of every answer: who fills the order, and what the site earns. */
	disclosure:
		'Orders are placed on Florist One and filled by its partner florists; this site earns an affiliate commission on orders through its links, at no extra cost to the buyer.',
	filter: {
		flower:
			'"{asked}" is not a flower this site can look for. Try one of: roses, lilies, sunflowers, tulips, orchids, carnations, daisies, gerberas, hydrangeas, lavender, peonies, irises, alstroemerias, chrysanthemums, callas, gladiolus, snapdragons, freesias, delphiniums, ranunculus, asters (or their Spanish names).',
		colour: '"{asked}" is not a colour this site can look for. Try one of: red, pink, white, yellow, purple, orange, blue (or their Spanish names).',
		/** How many of the list name the flower or colour asked for, in the words asked. */
		note: '{wanted} of the {total} arrangements in the list name {words} in their name or description.',
		both: '{color} {flower}',
		flowerOnly: '{flower}',
		colourOnly: '{color}',
	},
	listUnavailable: "The florist network's list of {occasion} cannot be read right now. The person can browse and order it on Florist One: {url}",
	prices: {
		quoted:
			"Delivered prices are Florist One's own service charge ({charge}) and tax for ZIP {zip} added to each price, as quoted on {date}; its checkout has the final total. A budget applies to the delivered price.",
		listed: 'Prices exclude Florist One’s service charge and tax, which its checkout adds; a budget applies to the listed price.',
	},
	/** Today's cut-off, with the zone ('2:00 PM Arizona time') and what it is the cut-off for. */
	cutoff: {
		sameDay: '{cutoff}, for delivery the same day',
		dayBefore: '{cutoff}, on the day before delivery',
	},
	county: '{county} County',
	/** The readable text of each tool's answer, line by line. */
	text: {
		arrangements: {
			heading: '{occasion} delivered to {town} (ZIP {zip})',
			priceOnPage: 'price on the partner’s page',
			delivered: ' (about {amount} delivered to {place})',
			none: 'No arrangement matches{under}. Browse all: {url}',
			under: ' under {amount}',
			size: 'Size: {size}.',
			order: 'Order: {url}',
			earliest: 'Earliest delivery to {place} that can be ordered now: {date}.',
			code: 'code {code}',
			lists: 'In the florist network’s lists for: {list}.',
		},
		dates: {
			heading: '{town} (ZIP {zip})',
			now: 'It is {now} in Arizona.',
			cutoff: 'Cut-off: {cutoff}. Same-day possible now: {answer}.',
			yes: 'yes',
			no: 'no',
			earliest: 'Earliest delivery that can be ordered now: {earliest}. Dates that can be ordered: {dates}.',
			none: 'The florist network offers no delivery date yet.',
			ruleOnly: 'The florist network’s own dates are not at hand; the dates follow the rule above.',
			refused: 'Not deliverable through {through}: {days}.',
			/** Why a day is refused (app/domain/reach.ts `Refusal`), after its date. */
			reasons: {
				'past-cutoff': 'past today’s cut-off',
				'days-notice': 'needs a day’s notice',
				'not-offered-by-network': 'not offered by the florist network',
				'beyond-window': 'not open for orders yet',
				sunday: 'a Sunday',
				'new-years-day': 'New Year’s Day',
				thanksgiving: 'Thanksgiving Day',
				'christmas-day': 'Christmas Day',
			},
		},
		notes: {
			heading: '{town}, {county}',
			hospitals: 'Hospitals: {list}.',
			emergencyOnly: 'Emergency care only, no hospital stays: {list}.',
			cemeteries: 'Cemeteries: {list}.',
			more: 'More: {url}',
		},
	},
	/** Anything else that went wrong: logged, and said plainly. */
	failed: 'The site could not answer this just now; please try again in a minute.',
}

type AgentMessages = typeof en

const es: AgentMessages = {
	service: { badDate: '"{date}" no es una fecha del calendario; indique la fecha del servicio como AAAA-MM-DD.', bySlot: 'a más tardar a las {slot}' },
	place: {
		tooLong: 'Indique una ciudad, un pueblo o un código postal de Arizona, en {max} caracteres como máximo.',
		outside: 'El código postal {zip} está fuera de Arizona. Este sitio solo cubre Arizona; Florist One entrega en todo Estados Unidos en {url}.',
		unknown:
			'“{asked}” no es una ciudad, un pueblo ni un código postal de Arizona que este sitio conozca. El sitio solo cubre Arizona; pruebe con el nombre de una ciudad, como Phoenix o Flagstaff, o con un código postal de cinco dígitos.',
		unmatched: 'No se encontró ninguna ciudad para “{asked}”.',
		near: '{place} no tiene página propia; {city}, a unas {miles} millas, es la ciudad más cercana de nuestra lista, y las fechas y los totales de la red de florerías son los del código postal {listedZip} de {city}.',
		zip: 'El código postal {zip} ({place}) se atiende desde {city}, la ciudad más cercana de nuestra lista; las fechas y los totales de la red de florerías son los del código postal {listedZip} de {city}.',
		border:
			'{town} está en Sonora, México, donde la red de florerías no entrega; {city} es la ciudad de Arizona del otro lado de la línea, y las fechas y los totales de la red son los del código postal {listedZip} de {city}.',
	},
	occasion: {
		unknown: 'No conocemos la ocasión “{asked}”. Elija una de estas: {choices}.',
		every: 'Arreglos para toda ocasión',
		nearest: {
			quinceanera: 'No hay una lista para la quinceañera: estos son los arreglos de cumpleaños ({list}), lo más parecido.',
			thanks: 'No hay una lista de agradecimiento: estos son los arreglos de todos los días ({list}), los que se mandan para dar las gracias.',
			congratulations:
				'No hay una lista de felicitaciones: estos son los arreglos de todos los días ({list}), para un trabajo nuevo, una casa nueva o una buena noticia.',
			wedding: 'No hay una lista de bodas: estos son los arreglos de aniversario ({list}), lo más parecido como regalo para los novios.',
			christmas:
				'Este sitio no tiene una lista de Navidad: estos son los arreglos de todos los días ({list}); la lista de Navidad de la red de florerías está en {url}. No entrega el mismo día de Navidad.',
			dayOfTheDead: 'No hay una lista de Día de Muertos: estos son los arreglos de condolencias y recuerdo ({list}), lo más parecido.',
		},
	},
	date: {
		bad: '"{date}" no es una fecha del calendario; indique la fecha de entrega como AAAA-MM-DD.',
		can: 'La entrega en {place} el {date} se puede pedir: haga su pedido a más tardar {deadline}.',
		cannot: 'La entrega en {place} el {date} no se puede pedir. {reason}.',
		earliest: 'La entrega más próxima que puede pedir ahora es el {earliest}.',
		none: 'La red de florerías todavía no ofrece ninguna fecha de entrega allí.',
		past: 'Ese día ya pasó',
	},
	details: {
		notFound:
			'“{asked}” no es un arreglo de las listas actuales de la red de florerías. Indique el código o el enlace de pedido que dio find_arrangements (por ejemplo, “BD01”).',
		slow: 'La red de florerías tarda en responder en este momento, así que no se pudo buscar “{asked}” en todas sus listas. Vuelva a preguntar en un minuto.',
		noPlace: 'Indique un lugar para saber el precio con entrega allí y la fecha de entrega más próxima.',
	},
	disclosure:
		'Los pedidos se hacen en Florist One y los preparan y entregan sus florerías asociadas; este sitio recibe una comisión de afiliado por los pedidos hechos con sus enlaces, sin costo adicional para el comprador.',
	filter: {
		flower:
			'“{asked}” no es una flor que este sitio pueda buscar. Pruebe con una de estas: rosas, lirios, girasoles, tulipanes, orquídeas, claveles, margaritas, gerberas, hortensias, lavanda, peonías, iris, astromelias, crisantemos, alcatraces o ranúnculos (también sirven sus nombres en inglés).',
		colour:
			'“{asked}” no es un color que este sitio pueda buscar. Pruebe con uno de estos: rojo, rosado, blanco, amarillo, morado, naranja o azul (también sirven sus nombres en inglés).',
		note: '{wanted} de los {total} arreglos de la lista mencionan {words} en su nombre o descripción.',
		both: '{flower} de color {color}',
		flowerOnly: '{flower}',
		colourOnly: 'el color {color}',
	},
	listUnavailable:
		'La lista de “{occasion}” de la red de florerías no se puede consultar en este momento. Puede ver los arreglos y hacer su pedido en Florist One: {url}',
	prices: {
		quoted:
			'Los precios con entrega suman a cada precio el cargo por servicio de Florist One ({charge}) y el impuesto del código postal {zip}, según su cotización del {date}; el total final aparece al pagar en Florist One. El presupuesto se aplica al precio con entrega.',
		listed: 'Los precios no incluyen el cargo por servicio ni el impuesto de Florist One, que se suman al pagar; el presupuesto se aplica al precio de lista.',
	},
	cutoff: {
		sameDay: '{cutoff}, para entrega el mismo día',
		dayBefore: '{cutoff}, el día anterior a la entrega',
	},
	county: 'Condado de {county}',
	text: {
		arrangements: {
			heading: '{occasion} con entrega en {town} (código postal {zip})',
			priceOnPage: 'precio en la página de Florist One',
			delivered: ' (unos {amount} con entrega en {place})',
			none: 'No hay arreglos{under} que coincidan con lo pedido. Vea todos: {url}',
			under: ' de hasta {amount}',
			size: 'Tamaño: {size}.',
			order: 'Pedido: {url}',
			earliest: 'Entrega más próxima en {place} que puede pedir ahora: {date}.',
			code: 'código {code}',
			lists: 'En las listas de la red de florerías para: {list}.',
		},
		dates: {
			heading: '{town} (código postal {zip})',
			now: 'Hora actual en Arizona: {now}.',
			cutoff: 'Hora límite para pedir: {cutoff}. Entrega el mismo día, si pide ahora: {answer}.',
			yes: 'sí',
			no: 'no',
			earliest: 'Entrega más próxima que puede pedir ahora: {earliest}. Fechas que puede pedir: {dates}.',
			none: 'La red de florerías todavía no ofrece ninguna fecha de entrega.',
			ruleOnly: 'Las fechas propias de la red de florerías no están disponibles en este momento; las fechas siguen la regla de arriba.',
			refused: 'Sin entrega hasta el {through}: {days}.',
			reasons: {
				'past-cutoff': 'ya pasó la hora límite de hoy',
				'days-notice': 'requiere un día de anticipación',
				'not-offered-by-network': 'la red de florerías no la ofrece',
				'beyond-window': 'todavía no se aceptan pedidos',
				sunday: 'domingo',
				'new-years-day': 'Día de Año Nuevo',
				thanksgiving: 'Día de Acción de Gracias',
				'christmas-day': 'día de Navidad',
			},
		},
		notes: {
			heading: '{town}, {county}',
			hospitals: 'Hospitales: {list}.',
			emergencyOnly: 'Solo atención de emergencia, sin internación: {list}.',
			cemeteries: 'Cementerios: {list}.',
			more: 'Más información: {url}',
		},
	},
	failed: 'El sitio no pudo responder en este momento; vuelva a intentarlo en un minuto.',
}

export const agent = { en, es }
