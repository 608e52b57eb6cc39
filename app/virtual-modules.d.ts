declare module 'virtual:arizona-zip-codes' {
	/** Every Arizona ZIP code as [zip, place, lat, lng, timeZone] (vite-plugins/arizona-zip-codes-plugin.ts). */
	const rows: readonly (readonly [string, string, number, number, string])[]
	export default rows
	/** The places the city pages name without a ZIP of their own, as [name, lat, lng, timeZone] (data/places.json). */
	export const named: readonly (readonly [string, number, number, string])[]
}

declare module 'virtual:city-time-zones' {
	/** Each listed city's IANA time zone from its coordinates (vite-plugins/city-time-zones-plugin.ts). */
	const zones: Readonly<Record<string, string>>
	export default zones
}
