/** Trimmed, case-insensitive substring match on city names, in list order. */
export function matchCities<T extends { name: string }>(cities: readonly T[], text: string): T[] {
	const needle = text.trim().toLowerCase()
	if (!needle) return []
	return cities.filter((city) => city.name.toLowerCase().includes(needle))
}
