/** The city's map section: its title, the map's names for screen readers, and the link shown without the map. */
const en = {
	title: 'Delivering across {name}',
	region: 'Map of {name}, Arizona',
	/** The pin's tooltip on the interactive map. */
	marker: '{name}, Arizona',
	/** Shown where the interactive map is not (yet) loaded. */
	place: '{name}, Arizona · {lat}, {lng}',
	open: 'Open {name} in Google Maps',
}

type MapMessages = typeof en

const es: MapMessages = {
	title: 'Entregamos en todo {name}',
	region: 'Mapa de {name}, Arizona',
	marker: '{name}, Arizona',
	place: '{name}, Arizona · {lat}, {lng}',
	open: 'Abrir {name} en Google Maps',
}

export const map = { en, es }
