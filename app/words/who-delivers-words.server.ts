/**
 * The "who delivers your order" box beside the order buttons: who takes the order, who brings it,
 * what the partner adds to a price, and whose figures those are. Prices read '$14.99' in both
 * languages (US dollars, es-US).
 */
const en = {
	title: 'Who delivers your order',
	youOrder: 'You order on Florist One, which takes your payment and answers for the order.',
	/** Where the partner's site speaks another language than the page; empty where it speaks the same. */
	partnerLanguage: '',
	florist: 'A florist in Florist One’s network who delivers in {place} arranges it and brings it to the recipient.',
	feesUnknown: 'Prices shown by Florist One do not include its service fee and tax, which it adds at checkout.',
	/** `serviceCharge` and `tax` are shown in bold. */
	fees: 'Florist One adds a service charge of {serviceCharge} and tax of {tax} to a {subtotal} arrangement ({source}). Prices marked “delivered” include both; Florist One’s checkout has the final total.',
	commission: 'We are a guide, not a shop: we earn a commission on orders placed through our links.',
	quote: {
		source: 'Florist One’s figures for ZIP {zip} on {date}',
	},
}

type WhoDeliversMessages = typeof en

const es: WhoDeliversMessages = {
	title: 'Quién entrega su pedido',
	youOrder: 'Usted hace el pedido en Florist One, que cobra el pago y responde por el pedido.',
	partnerLanguage: 'El pedido se completa en el sitio de Florist One, que está en inglés.',
	florist: 'Una florería de la red de Florist One que entrega en {place} prepara el arreglo y lo lleva a quien lo recibe.',
	feesUnknown: 'Los precios que muestra Florist One no incluyen su cargo por servicio ni los impuestos, que se suman al pagar.',
	fees: 'Florist One suma un cargo por servicio de {serviceCharge} e impuestos de {tax} a un arreglo de {subtotal} ({source}). Los precios “con entrega” ya incluyen ambos; el total final aparece al pagar en Florist One.',
	commission: 'Somos una guía, no una tienda: recibimos una comisión por los pedidos hechos con nuestros enlaces.',
	quote: {
		source: 'cifras de Florist One para el código postal {zip}, del {date}',
	},
}

export const whoDelivers = { en, es }
