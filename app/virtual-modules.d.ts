declare module 'virtual:arizona-zip-codes' {
	/** Every Arizona ZIP code as [zip, place, lat, lng] (scripts/arizona-zip-codes-plugin.ts). */
	const rows: readonly (readonly [string, string, number, number])[]
	export default rows
}

declare module 'virtual:city-time-zones' {
	/** Each listed city's IANA time zone from its coordinates (scripts/city-time-zones-plugin.ts). */
	const zones: Readonly<Record<string, string>>
	export default zones
}
