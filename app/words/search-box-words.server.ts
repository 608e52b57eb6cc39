/**
 * The city search boxes (the header's and the home page's hero) and their list of suggestions: what
 * they are called, what they suggest, and what they say when nothing matches. City and place names
 * are the places' own.
 */
const en = {
	header: {
		form: 'City search',
		label: 'Search by city',
		placeholder: 'Search by city...',
		noMatch: 'No cities found for "{text}"',
		hint: 'Try searching for any Arizona city name',
		link: 'Flower Delivery for anywhere in Arizona',
	},
	hero: {
		form: 'Find florists by city',
		label: 'Your Arizona city',
		placeholder: 'Enter your Arizona city (Phoenix, Tucson, Flagstaff...)',
		noMatch: 'No matches for "{text}"',
		hint: 'Try searching by city name or ZIP code',
		link: 'Browse {site} Options',
	},
	/** The hero's button, and the note on each of its suggestions. */
	findFlorists: 'Find Florists',
	/** The header form's submit button: out of sight until a keyboard reaches it (Enter does the same). */
	submit: 'Search',
	/** The list's name: the box's label, then this. */
	suggestions: '{label} suggestions',
	outside: 'ZIP {zip} is outside Arizona',
	outsideHint: 'We list Arizona florists only; Florist One delivers across the US.',
	/** The detail beside a suggestion. */
	suggestion: {
		milesFrom: '{miles} mi from {city}',
		zip: 'ZIP {zip}',
		serves: 'serves {zip} ({place})',
	},
}

export type SearchMessages = typeof en

const es: SearchMessages = {
	header: {
		form: 'Búsqueda de ciudades',
		label: 'Buscar por ciudad',
		placeholder: 'Buscar por ciudad...',
		noMatch: 'No encontramos ciudades para “{text}”',
		hint: 'Pruebe con el nombre de cualquier ciudad de Arizona',
		link: 'Flores a domicilio en cualquier lugar de Arizona',
	},
	hero: {
		form: 'Buscar florerías por ciudad',
		label: 'Su ciudad de Arizona',
		placeholder: 'Escriba su ciudad de Arizona (Phoenix, Tucson, Flagstaff...)',
		noMatch: 'No hay resultados para “{text}”',
		hint: 'Busque por nombre de ciudad o por código postal',
		link: 'Ver las opciones de {site}',
	},
	findFlorists: 'Buscar florerías',
	submit: 'Buscar',
	suggestions: 'Sugerencias: {label}',
	outside: 'El código postal {zip} está fuera de Arizona',
	outsideHint: 'Solo mostramos florerías de Arizona; Florist One entrega en todo Estados Unidos.',
	suggestion: {
		milesFrom: 'a {miles} millas de {city}',
		zip: 'código postal {zip}',
		serves: 'atiende el {zip} ({place})',
	},
}

export const search = { en, es }
