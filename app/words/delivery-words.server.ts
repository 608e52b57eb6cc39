/**
 * The words of the one rule of reach and of everything that tells a date or an hour: the promise
 * a place's pages make, its clock, the delivery checker's answers, the reminders. The logic stays
 * in app/domain (reach.ts, delivery-check.ts, reminders.ts); only these words differ by language.
 */
const en = {
	dates: {
		months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
		weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
		monthDay: '{month} {day}',
		withWeekday: '{weekday}, {monthDay}',
		withYear: '{date}, {year}',
	},
	time: { am: 'AM', pm: 'PM', hour: '{hour}:{minute} {half}', noon: '12:00 PM' },
	reach: {
		/** The same-day cut-off as a clause, and the delivery hours. */
		/** `{hour}` is the rule's cut-off hour, written by the one time formatter (app/domain/reach-words.ts). */
		cutoff: '{hour} Arizona time',
		slots: 'delivery times from 9:00 AM to 5:00 PM',
		distance: '{place} lies about {miles} miles from {town} in a straight line, the nearest town we list',
		dayAhead: {
			headerNote: 'Delivery with a Day’s Notice',
			cardTitle: 'Delivery with a Day’s Notice',
			serviceName: 'Flower Delivery with a Day’s Notice',
			rule: 'Order by {cutoff} the day before; {slots}.',
			ruleFar: '{distance}. Order by {cutoff} the day before; {slots}.',
			ruleBeyondSameDay: '{distance}, so same-day delivery cannot be promised there: order by {cutoff} the day before; {slots}.',
		},
		sameDay: {
			headerNote: 'Same Day Delivery Available',
			cardTitle: 'Same Day Delivery',
			serviceName: 'Same-Day Flower Delivery',
			rule: 'Same-day delivery when you order before {cutoff}; {slots}.',
			ruleMostAddresses: 'Same-day delivery to most addresses in town when you order before {cutoff}; {slots}.',
			ruleMostAddressesNear: 'Same-day delivery to most addresses when you order before {cutoff}; {slots}.',
			withDistance: '{distance}. {rule}',
		},
		/** Today's cut-off where the place's clock differs from Arizona's. */
		cutoffTwoClocks: '{hour} Arizona time ({local} in {place})',
		/** Why a day cannot be ordered, as the date picker marks it (Sundays and holidays: `check.closed`). */
		refused: {
			'past-cutoff': 'Past today’s cut-off ({cutoff})',
			'days-notice': 'Needs a day’s notice',
			'not-offered-by-network': 'Not offered by the florist network',
			'beyond-window': 'Not open for orders yet',
		},
		deadlineToday: '{cutoff} today',
		deadlineTonight: '11:59 PM today',
		deadlineDayBefore: '{cutoff}, {date}',
		deadlineDate: '{date}',
		clock: {
			sameDayDeadline: 'cut-off for same-day orders',
			dayAheadDeadline: 'order deadline (the day before delivery)',
			daylightSaving:
				'{place} keeps daylight saving time, as the Navajo Nation does, while the rest of Arizona does not. From the second Sunday of March to the first Sunday of November its clocks are an hour ahead of Arizona time, so the {cutoff} Arizona {deadline} is {local} in {place}; in winter the two clocks agree.',
			arizonaBesideNavajo:
				'{place} keeps Arizona time all year, with no daylight saving time, while {town} keeps the Navajo Nation’s daylight saving time: the {cutoff} {deadline} is {cutoff} by {place}’s clocks in every season.',
		},
	},
	check: {
		slotPassed: 'The {slot} slot has already passed today. Choose {later}{next}.',
		laterSlot: '{slot} or later',
		aLaterSlot: 'a later slot',
		orTomorrow: ', or delivery tomorrow ({date})',
		orOn: ', or delivery on {date}',
		yesToday: 'Yes! Order before {cutoff} today for delivery by {slot} in {place}.',
		perfectTomorrow: 'Perfect! Order today for delivery by {slot} tomorrow in {place}.',
		yesTomorrow: 'Yes! Order before {cutoff} today for delivery by {slot} tomorrow in {place}.',
		yesDayBefore: 'Yes! Order by the day before for delivery by {slot} on {date}.',
		yesByDeadline: 'Yes! Order by {cutoff} on {dayBefore} for delivery by {slot} on {date}.',
		notYet: 'Not available yet',
		nextWords: '{date}, by {slot}',
		passedTomorrow: 'Same-day deadline passed. Your flowers will arrive by {slot} tomorrow ({date}).',
		passedNext: 'Same-day deadline passed. The next delivery date the florist network offers in {place} is {next}.',
		passedNone: 'Same-day deadline passed, and the florist network offers no delivery date in {place} yet.',
		noSameDay: 'Same-day delivery cannot be promised in {place}: orders are due by {cutoff} the day before. The earliest delivery you can order now is {next}.',
		notThatDay: 'The florist network does not deliver in {place} on {date}. The next delivery date it offers is {next}.',
		noticePassed: 'Orders for delivery in {place} on {date} were due by {cutoff} today. The earliest delivery you can order now is {next}.',
		closedOn: '{closed}, so delivery in {place} on {date} cannot be promised. The next delivery date is {next}.',
		/** Why the network's calendar keeps no delivery on a day (app/domain/delivery-calendar.ts). */
		closed: {
			sunday: 'The florist network does not deliver on Sundays',
			'new-years-day': 'The florist network does not deliver on New Year’s Day',
			thanksgiving: 'The florist network does not deliver on Thanksgiving Day',
			'christmas-day': 'The florist network does not deliver on Christmas Day',
		},
		noDates: 'The florist network offers no delivery date in {place} on or after {date} yet.',
		beyondWindow: '{date} is not open for orders yet: delivery dates in {place} run through {through}.',
	},
	checker: {
		date: 'Delivery date',
		loadingCalendar: 'Loading calendar…',
		chooseDate: 'Choose a delivery date',
		time: 'Delivery time',
		chooseTime: 'Choose a time',
		bySlot: 'By {slot}',
		deadline: 'Order deadline: {deadline}',
		byRule: 'This answer follows the network’s usual hours and calendar; the florist confirms the delivery date at checkout.',
		/** Under an answer from the network's dates on the page of a place without one: whose dates they are. */
		byTown: 'The florist network’s dates here are those for {town}, the nearest town we list; the florist confirms delivery to {place} at checkout.',
		order: 'Order Flowers Now',
		/** The calendar's labels: before a day's date for a screen reader, its buttons, the month shown, its dialog. */
		picker: {
			choose: 'Choose',
			notAvailable: 'Not available:',
			previousMonth: 'Previous month',
			nextMonth: 'Next month',
			monthTitle: '{month} {year}',
			dialog: 'Choose a delivery date',
		},
		/** Under the calendar: what its struck-through days mean. */
		refusedLegend: 'Struck-through days cannot be ordered:',
	},
	/** The funeral question: a service's date and time, and by when to order so the flowers arrive before it. */
	service: {
		title: 'Flowers before a funeral or memorial service',
		intro: 'Give the date and time of the service: the answer says by when to order so the flowers arrive at least an hour before it.',
		town: 'Town of the service',
		chooseTown: 'Choose a town',
		date: 'Date of the service',
		time: 'Time of the service',
		chooseTime: 'Choose a time',
		inTime: 'Order by {deadline} for delivery in {place} by {slot} on {date}, at least an hour before the {time} service.',
		dayBefore: 'Order by {deadline} for delivery in {place} on {date}, the delivery day before the {time} service on {serviceDate}.',
		tooLate: 'It is too late to order flowers that arrive in {place} before the {time} service on {serviceDate}.',
		home: 'You can still send flowers to the family’s home: the earliest delivery is {date}, if you order by {deadline}.',
		noHome: 'The florist network offers no later delivery date in {place} yet.',
		past: 'That service has begun or is less than an hour away. Choose the date and time of a service still to come.',
		/** Why the flowers cannot come on the day of the service itself. */
		why: {
			'too-early': 'Deliveries run from {first} to {last} Arizona time, so none can be promised an hour before a {time} service.',
			'past-cutoff': 'Orders for delivery on {serviceDate} were due by {cutoff} today.',
			'days-notice': '{place} needs a day’s notice.',
			'not-offered-by-network': 'The florist network does not deliver in {place} on {serviceDate}.',
			'beyond-window': '{serviceDate} is not open for orders yet.',
		},
		checkout: 'At checkout, give the funeral home’s or church’s name and address, the name of the deceased and the time of the service.',
		order: 'Order sympathy flowers',
	},
	reminders: {
		occasionLink: 'Add a {occasion} reminder to your calendar',
		birthdayLabel: 'Remind me of a birthday in {place}',
		add: 'Add to calendar',
		about:
			'A yearly reminder at 9:00 AM three days before, for your own calendar app; a birthday closer than that is reminded from next year on. We keep nothing.',
		when: ['today', 'tomorrow', 'in 2 days', 'in 3 days'],
		tooSoon: 'This birthday is {when} ({date}), too close for this year’s reminder',
		orderNow: ': order now, by {deadline}, for delivery on the day.',
		tooLate: ', and flowers can no longer be ordered for delivery on the day in {place}{earliest}.',
		earliest: ': the earliest delivery you can order now is {date}',
		closedOn: '. {closed}: order now for {before}, the delivery day before it.',
		closedOnAfter: '. {closed}: the nearest delivery day you can order for is {after}.',
		fromNextYear: ' The file still reminds you every year from next year on.',
		/** The calendar file's words. */
		event: {
			summary: 'Order flowers for {title} ({date})',
			summaryInstead: 'Order flowers for {title} ({date}): delivery on {deliver}',
			description: '{text} Order in good time for delivery: {url}',
			instead: '{why}, so send for {deliver}, the delivery day before it.',
			once: '{title} is on {date}.',
			yearly: '{title} is on {date} every year.',
			leapDay: '{title} is on {date}. In the years without a February 29, the reminder still comes on {reminder}, two days before February 28.',
			birthdayIn: 'a birthday in {place}',
			birthday: 'a birthday',
		},
		occasions: { 'valentines-day': 'Valentine’s Day', 'mothers-day': 'Mother’s Day', 'dia-de-las-madres': 'Día de las Madres' },
	},
}

export type DeliveryMessages = typeof en

const es: DeliveryMessages = {
	dates: {
		months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
		weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
		monthDay: '{day} de {month}',
		withWeekday: '{weekday} {monthDay}',
		withYear: '{date} de {year}',
	},
	time: { am: 'a.\u00a0m.', pm: 'p.\u00a0m.', hour: '{hour}:{minute}\u00a0{half}', noon: '12:00 del mediodía' },
	reach: {
		cutoff: '{hour}, hora de Arizona',
		slots: 'entregas de 9:00\u00a0a.\u00a0m. a 5:00\u00a0p.\u00a0m.',
		distance: '{place} está a unas {miles} millas en línea recta de {town}, la ciudad más cercana de nuestra lista',
		dayAhead: {
			headerNote: 'Entrega con un día de anticipación',
			cardTitle: 'Entrega con un día de anticipación',
			serviceName: 'Entrega de flores con un día de anticipación',
			rule: 'Haga su pedido a más tardar a las {cutoff}, del día anterior; {slots}.',
			ruleFar: '{distance}. Haga su pedido a más tardar a las {cutoff}, del día anterior; {slots}.',
			ruleBeyondSameDay:
				'{distance}, así que allí no se puede prometer la entrega el mismo día: haga su pedido a más tardar a las {cutoff}, del día anterior; {slots}.',
		},
		sameDay: {
			headerNote: 'Hay entrega el mismo día',
			cardTitle: 'Entrega el mismo día',
			serviceName: 'Entrega de flores el mismo día',
			rule: 'Entrega el mismo día si hace su pedido antes de las {cutoff}; {slots}.',
			ruleMostAddresses: 'Entrega el mismo día a la mayoría de las direcciones de la ciudad si hace su pedido antes de las {cutoff}; {slots}.',
			ruleMostAddressesNear: 'Entrega el mismo día a la mayoría de las direcciones si hace su pedido antes de las {cutoff}; {slots}.',
			withDistance: '{distance}. {rule}',
		},
		cutoffTwoClocks: '{hour}, hora de Arizona ({local} en {place})',
		refused: {
			'past-cutoff': 'Ya pasó la hora límite de hoy ({cutoff})',
			'days-notice': 'Requiere un día de anticipación',
			'not-offered-by-network': 'La red de florerías no ofrece este día',
			'beyond-window': 'Todavía no se aceptan pedidos para este día',
		},
		deadlineToday: 'hoy a las {cutoff}',
		deadlineTonight: 'hoy a las 11:59\u00a0p.\u00a0m.',
		deadlineDayBefore: 'a las {cutoff} del {date}',
		deadlineDate: 'el {date}',
		clock: {
			sameDayDeadline: 'hora límite para pedidos del mismo día',
			dayAheadDeadline: 'hora límite para pedir (el día antes de la entrega)',
			daylightSaving:
				'{place} usa el horario de verano, como la Nación Navajo, aunque el resto de Arizona no lo usa. Del segundo domingo de marzo al primer domingo de noviembre, sus relojes van una hora adelantados con respecto a la hora de Arizona, así que la {deadline}, las {cutoff}, hora de Arizona, son las {local} en {place}; en invierno, la hora es la misma.',
			arizonaBesideNavajo:
				'{place} usa la hora de Arizona todo el año, sin horario de verano, mientras que {town} sigue el horario de verano de la Nación Navajo: la {deadline}, las {cutoff}, son las {cutoff} en los relojes de {place} todo el año.',
		},
	},
	check: {
		slotPassed: 'El horario de las {slot} ya pasó hoy. Elija {later}{next}.',
		laterSlot: 'las {slot} o más tarde',
		aLaterSlot: 'un horario más tarde',
		orTomorrow: ', o la entrega mañana ({date})',
		orOn: ', o la entrega el {date}',
		yesToday: '¡Sí! Haga su pedido hoy antes de las {cutoff} para recibirlo en {place} a más tardar a las {slot}.',
		perfectTomorrow: '¡Perfecto! Haga su pedido hoy para recibirlo mañana en {place} a más tardar a las {slot}.',
		yesTomorrow: '¡Sí! Haga su pedido hoy antes de las {cutoff} para recibirlo mañana en {place} a más tardar a las {slot}.',
		yesDayBefore: '¡Sí! Haga su pedido a más tardar el día anterior para recibirlo el {date} a más tardar a las {slot}.',
		yesByDeadline: '¡Sí! Haga su pedido antes de las {cutoff} del {dayBefore} para recibirlo el {date} a más tardar a las {slot}.',
		notYet: 'Todavía no disponible',
		nextWords: 'el {date}, a más tardar a las {slot}',
		passedTomorrow: 'Ya pasó la hora límite para hoy. Sus flores llegarán mañana ({date}) a más tardar a las {slot}.',
		passedNext: 'Ya pasó la hora límite para hoy. La siguiente fecha de entrega que ofrece la red de florerías en {place} es {next}.',
		passedNone: 'Ya pasó la hora límite para hoy, y la red de florerías todavía no ofrece ninguna fecha de entrega en {place}.',
		noSameDay:
			'En {place} no se puede prometer la entrega el mismo día: los pedidos deben hacerse a más tardar a las {cutoff}, del día anterior. La entrega más próxima que puede pedir ahora es {next}.',
		notThatDay: 'La red de florerías no entrega en {place} el {date}. La siguiente fecha de entrega que ofrece es {next}.',
		noticePassed:
			'Los pedidos para la entrega en {place} el {date} debían hacerse hoy antes de las {cutoff}. La entrega más próxima que puede pedir ahora es {next}.',
		closedOn: '{closed}, así que no se puede prometer la entrega en {place} el {date}. La siguiente fecha de entrega es {next}.',
		closed: {
			sunday: 'La red de florerías no entrega los domingos',
			'new-years-day': 'La red de florerías no entrega el Día de Año Nuevo',
			thanksgiving: 'La red de florerías no entrega el Día de Acción de Gracias',
			'christmas-day': 'La red de florerías no entrega el día de Navidad',
		},
		noDates: 'La red de florerías todavía no ofrece ninguna fecha de entrega en {place} a partir del {date}.',
		beyondWindow: 'El {date} todavía no está abierto a pedidos: las fechas de entrega en {place} llegan hasta el {through}.',
	},
	checker: {
		date: 'Fecha de entrega',
		loadingCalendar: 'Cargando el calendario…',
		chooseDate: 'Elija una fecha de entrega',
		time: 'Hora de entrega',
		chooseTime: 'Elija una hora',
		bySlot: 'A más tardar a las {slot}',
		deadline: 'Hora límite para pedir: {deadline}',
		byRule: 'Esta respuesta sigue el horario y el calendario habituales de la red; la florería confirma la fecha de entrega al finalizar el pedido.',
		byTown:
			'Las fechas de la red de florerías que se muestran aquí son las de {town}, la ciudad más cercana de nuestra lista; la florería confirma la entrega en {place} al finalizar el pedido.',
		order: 'Pedir flores ahora',
		picker: {
			choose: 'Elegir el',
			notAvailable: 'No disponible:',
			previousMonth: 'Mes anterior',
			nextMonth: 'Mes siguiente',
			monthTitle: '{month} de {year}',
			dialog: 'Elija la fecha de entrega',
		},
		refusedLegend: 'Los días tachados no se pueden pedir:',
	},
	service: {
		title: 'Flores antes de un funeral o un velorio',
		intro:
			'Indique la fecha y la hora del servicio: la respuesta le dice hasta cuándo puede hacer el pedido para que las flores lleguen al menos una hora antes.',
		town: 'Ciudad del servicio',
		chooseTown: 'Elija una ciudad',
		date: 'Fecha del servicio',
		time: 'Hora del servicio',
		chooseTime: 'Elija una hora',
		inTime:
			'Haga su pedido a más tardar {deadline} para la entrega en {place} el {date}, a más tardar a las {slot}, al menos una hora antes del servicio de las {time}.',
		dayBefore:
			'Haga su pedido a más tardar {deadline} para la entrega en {place} el {date}, el día de entrega anterior al servicio del {serviceDate} a las {time}.',
		tooLate: 'Ya es tarde para pedir flores que lleguen a {place} antes del servicio del {serviceDate} a las {time}.',
		home: 'Todavía puede enviar flores a la casa de la familia: la entrega más próxima es el {date}, si hace su pedido a más tardar {deadline}.',
		noHome: 'La red de florerías todavía no ofrece otra fecha de entrega en {place}.',
		past: 'Ese servicio ya empezó o falta menos de una hora. Elija la fecha y la hora de un servicio que todavía no se haya celebrado.',
		why: {
			'too-early':
				'Las entregas se hacen de {first} a {last}, hora de Arizona, así que no se puede prometer ninguna una hora antes de un servicio a las {time}.',
			'past-cutoff': 'Los pedidos para la entrega del {serviceDate} debían hacerse hoy antes de las {cutoff}.',
			'days-notice': '{place} requiere un día de anticipación.',
			'not-offered-by-network': 'La red de florerías no entrega en {place} el {serviceDate}.',
			'beyond-window': 'El {serviceDate} todavía no está abierto a pedidos.',
		},
		checkout: 'Al pagar, indique el nombre y la dirección de la funeraria o de la iglesia, el nombre de la persona fallecida y la hora del servicio.',
		order: 'Pedir flores de pésame',
	},
	reminders: {
		occasionLink: 'Agregue a su calendario un recordatorio para {occasion}',
		birthdayLabel: 'Recordarme un cumpleaños en {place}',
		add: 'Agregar al calendario',
		about:
			'Un recordatorio cada año, tres días antes, a las 9:00 a. m., para su aplicación de calendario; si faltan menos de tres días para el cumpleaños, el recordatorio empieza el año que viene. No guardamos nada.',
		when: ['hoy', 'mañana', 'en 2 días', 'en 3 días'],
		tooSoon: 'Este cumpleaños es {when} ({date}), demasiado pronto para el recordatorio de este año',
		orderNow: ': haga su pedido ahora, a más tardar {deadline}, para que lo entreguen ese día.',
		tooLate: ', y ya no se pueden pedir flores para entregarlas ese día en {place}{earliest}.',
		earliest: ': la entrega más próxima que puede pedir ahora es el {date}',
		closedOn: '. {closed}: haga su pedido ahora para el {before}, el día de entrega anterior.',
		closedOnAfter: '. {closed}: el día de entrega más próximo que puede pedir es el {after}.',
		fromNextYear: ' El archivo le recordará la fecha cada año a partir del próximo.',
		event: {
			summary: 'Pedir flores para {title} ({date})',
			summaryInstead: 'Pedir flores para {title} ({date}): entrega el {deliver}',
			description: '{text} Haga su pedido con tiempo para la entrega: {url}',
			instead: '{why}, así que envíe sus flores para el {deliver}, el día de entrega anterior.',
			once: '{title} es el {date}.',
			yearly: '{title} es el {date} de cada año.',
			leapDay: '{title} es el {date}. En los años sin 29 de febrero, el recordatorio llega de todos modos el {reminder}, dos días antes del 28 de febrero.',
			birthdayIn: 'un cumpleaños en {place}',
			birthday: 'un cumpleaños',
		},
		occasions: {
			'valentines-day': 'el Día de San Valentín',
			'mothers-day': 'el Día de las Madres de EE. UU.',
			'dia-de-las-madres': 'el Día de las Madres de México',
		},
	},
}

export const delivery = { en, es }
