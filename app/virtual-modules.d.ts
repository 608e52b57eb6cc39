declare module 'virtual:arizona-zip-codes' {
	/** Every Arizona ZIP code as [zip, place, lat, lng] (scripts/arizona-zip-codes-plugin.ts). */
	const rows: readonly (readonly [string, string, number, number])[]
	export default rows
}
