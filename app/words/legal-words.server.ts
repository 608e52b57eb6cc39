/** A titled part of a policy page. */
export type LegalSection = { heading: string; paragraphs: readonly string[] }

/**
 * The privacy policy and the terms of service. The Spanish pages are a full translation; the
 * English text governs, as the note over each Spanish page says (`translationNote`).
 */
const en = {
	/** The policies' date, written out in the page's language. */
	updated: 'Last updated {date}',
	privacy: {
		title: 'Privacy Policy',
		description: 'How this Arizona flower delivery directory handles your information: no accounts, no tracking cookies, and orders placed with our partner.',
		sections: [
			{
				heading: 'What this site collects',
				paragraphs: [
					'This site has no accounts, no checkout and no sign-up forms. We do not ask for your name, address or payment details. Our web server keeps standard access logs (the page requested, the time, your IP address and browser type) for security and troubleshooting, and deletes them after a short period.',
					'The contact form does not send anything to us: it opens your own email app with a prefilled message, and you decide whether to send it.',
				],
			},
			{
				heading: 'Orders and the partner site',
				paragraphs: [
					'When you follow an order link you leave this site for our partner, Florist One. The link carries our affiliate identifier so the partner can pay us a commission. Everything you enter there, including recipient and payment details, is governed by the partner’s own privacy policy.',
				],
			},
			{
				heading: 'Cookies and third parties',
				paragraphs: [
					'This site sets no advertising or tracking cookies. Where a city page shows an interactive map, the map is provided by Google Maps and loaded only when you scroll to it; Google’s privacy policy applies to that map.',
				],
			},
			{
				heading: 'Contact',
				paragraphs: ['Questions about this policy can be sent to the email address on our contact page.'],
			},
		] as LegalSection[],
	},
	terms: {
		title: 'Terms of Service',
		description: 'The terms for using this Arizona flower delivery directory, our affiliate relationship with partner florists, and how orders are handled.',
		sections: [
			{
				heading: 'About this service',
				paragraphs: [
					'This site is an information and referral directory for sending flowers in Arizona. We do not sell, arrange or deliver flowers ourselves. Orders are placed with, and fulfilled by, our partner florist network, and the partner’s terms of sale apply to every order.',
				],
			},
			{
				heading: 'Delivery information',
				paragraphs: [
					'Delivery cut-off times, product availability and prices are shown in good faith from information published by the partner and may change without notice. The delivery checker is a guide: the partner confirms the delivery date when you order.',
				],
			},
			{
				heading: 'Affiliate relationship',
				paragraphs: ['We have affiliate partnerships with florists. When you order through our links we may earn a commission, at no extra cost to you.'],
			},
			{
				heading: 'Use of the site',
				paragraphs: [
					'You may use this site for personal, non-commercial purposes. Do not attempt to disrupt the site or access it by automated means that place an unreasonable load on it. The site is provided as is, without warranties of any kind, to the extent permitted by law.',
				],
			},
		] as LegalSection[],
	},
}

type LegalMessages = typeof en

const es: LegalMessages = {
	updated: 'Última actualización: {date}',
	privacy: {
		title: 'Política de privacidad',
		description:
			'Cómo trata su información este directorio de flores a domicilio en Arizona: sin cuentas ni archivos de rastreo, y con los pedidos hechos en el sitio de Florist One.',
		sections: [
			{
				heading: 'Qué información recopila este sitio',
				paragraphs: [
					'Este sitio no tiene cuentas, ni proceso de pago, ni formularios de registro. No le pedimos su nombre, su dirección ni sus datos de pago. Nuestro servidor web guarda los registros de acceso habituales (la página solicitada, la hora, su dirección IP y el tipo de navegador) por motivos de seguridad y para resolver problemas, y los borra al cabo de un período breve.',
					'El formulario de contacto no nos envía nada: abre su propia aplicación de correo electrónico con un mensaje ya escrito, y usted decide si lo envía.',
				],
			},
			{
				heading: 'Los pedidos y el sitio de Florist One',
				paragraphs: [
					'Cuando usted sigue un enlace para hacer un pedido, sale de este sitio y pasa al de Florist One. El enlace lleva nuestro identificador de afiliado para que Florist One pueda pagarnos una comisión. Todo lo que usted ingrese allí, incluidos los datos del destinatario y del pago, se rige por la política de privacidad de Florist One.',
				],
			},
			{
				heading: 'Archivos de rastreo y servicios de terceros',
				paragraphs: [
					'Este sitio no guarda en su navegador archivos de publicidad ni de rastreo. Cuando la página de una ciudad muestra un mapa interactivo, ese mapa lo proporciona Google Maps y solo se carga cuando usted se desplaza hasta él; a ese mapa se le aplica la política de privacidad de Google.',
				],
			},
			{
				heading: 'Contacto',
				paragraphs: ['Puede enviar sus preguntas sobre esta política a la dirección de correo electrónico que aparece en nuestra página de contacto.'],
			},
		],
	},
	terms: {
		title: 'Términos del servicio',
		description:
			'Los términos para usar este directorio de flores a domicilio en Arizona, nuestra relación de afiliados con las florerías asociadas y cómo se tramitan los pedidos.',
		sections: [
			{
				heading: 'Acerca de este servicio',
				paragraphs: [
					'Este sitio es un directorio de información y recomendaciones para enviar flores en Arizona. Nosotros no vendemos, ni preparamos, ni entregamos flores. Los pedidos se hacen con nuestra red de florerías asociadas, que se encarga de prepararlos y entregarlos, y a cada pedido se le aplican los términos de venta de Florist One.',
				],
			},
			{
				heading: 'Información sobre la entrega',
				paragraphs: [
					'Las horas límite de entrega, la disponibilidad de los productos y los precios se muestran de buena fe, a partir de la información que publica Florist One, y pueden cambiar sin previo aviso. La consulta de entrega es una guía: Florist One confirma la fecha de entrega cuando usted hace su pedido.',
				],
			},
			{
				heading: 'Relación de afiliados',
				paragraphs: [
					'Tenemos acuerdos de afiliación con florerías. Cuando usted hace un pedido con nuestros enlaces, podemos recibir una comisión, sin costo adicional para usted.',
				],
			},
			{
				heading: 'Uso del sitio',
				paragraphs: [
					'Puede usar este sitio con fines personales y no comerciales. No intente interrumpir el funcionamiento del sitio ni acceder a él por medios automatizados que le impongan una carga excesiva. El sitio se ofrece tal cual, sin garantías de ningún tipo, en la medida en que lo permita la ley.',
				],
			},
		],
	},
}

export const legal = { en, es }

/**
 * The one sentence that opens each Spanish policy page: the English text governs. Its middle part
 * is the link to the English page.
 */
export const translationNote = {
	before: 'Esta traducción se ofrece para su comodidad; si difiere del ',
	link: 'texto original en inglés',
	after: ', prevalece el texto en inglés.',
}
