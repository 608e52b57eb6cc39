/**
 * What the pictures a shared link shows say (and their alt texts, which say the same): the site's,
 * the home page's, a town's and an occasion's, in the language of the page shared.
 */
const en = {
	site: { title: 'Flowers delivered by partner florists across Arizona', subtitle: 'Same-day delivery checker, city guides and occasions' },
	home: { title: 'Arizona flower delivery, city by city', subtitle: 'Partner florists deliver to {count} Arizona cities' },
	city: {
		title: 'Flower Delivery in {name}, AZ',
		subtitle: '{county} County, Arizona · {who}',
		inTown: 'local florists',
		remote: 'a florist drives out, order a day ahead',
		nearby: 'florists from nearby towns',
	},
	category: { subtitle: 'Delivered by partner florists across Arizona' },
}

type SocialMessages = typeof en

const es: SocialMessages = {
	site: {
		title: 'Flores entregadas por florerías asociadas en todo Arizona',
		subtitle: 'Consulta de entrega el mismo día, guías por ciudad y ocasiones',
	},
	home: { title: 'Flores a domicilio en Arizona, ciudad por ciudad', subtitle: 'Las florerías asociadas entregan en {count} ciudades de Arizona' },
	city: {
		title: 'Flores a domicilio en {name}, AZ',
		subtitle: 'Condado de {county}, Arizona · {who}',
		inTown: 'florerías locales',
		remote: 'una florería hace el viaje; pida un día antes',
		nearby: 'florerías de ciudades cercanas',
	},
	category: { subtitle: 'Entregadas por florerías asociadas en todo Arizona' },
}

export const social = { en, es }
