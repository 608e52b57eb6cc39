/**
 * A Spanish data file holds only the prose of its English twin, at the same paths: the facts
 * (names, numbers, codes, coordinates, ZIP codes) are the English file's and are never copied, so
 * they cannot drift apart. `overlayTranslation` lays the Spanish prose over the English file and
 * names every field that is missing, extra or of another shape, as the build's other data checks do.
 */
function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function matches(path: readonly string[], pattern: readonly string[]): boolean {
	return pattern.length <= path.length && pattern.every((part, index) => part === '*' || part === path[index])
}

/** Every string leaf of `value`, with its path. */
function leaves(value: unknown, path: string[] = []): { path: string[]; text: string }[] {
	if (typeof value === 'string') return [{ path, text: value }]
	if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, String(index)]))
	if (isObject(value)) return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]))
	return []
}

function overlay(english: unknown, spanish: unknown, path: string[], problems: string[], file: string): unknown {
	const where = `${file}: ${path.join('.') || '(file)'}`
	// null: the English text stands (a name kept as it is, in a list whose other entries have a Spanish form).
	if (spanish === null) return english
	if (typeof spanish === 'string') {
		if (typeof english !== 'string') problems.push(`${where}: the English file has no text here`)
		else if (spanish.trim() === '') problems.push(`${where}: empty`)
		return spanish
	}
	if (Array.isArray(spanish)) {
		if (!Array.isArray(english) || english.length !== spanish.length) {
			problems.push(`${where}: must have ${Array.isArray(english) ? english.length : 'no'} entries, as the English file does`)
			return english
		}
		return english.map((item, index) => (spanish[index] === undefined ? item : overlay(item, spanish[index], [...path, String(index)], problems, file)))
	}
	if (isObject(spanish)) {
		if (!isObject(english)) {
			problems.push(`${where}: the English file has no fields here`)
			return english
		}
		const result: Record<string, unknown> = { ...english }
		for (const [key, value] of Object.entries(spanish)) {
			if (!(key in english)) problems.push(`${file}: ${[...path, key].join('.')}: the English file has no such field`)
			else result[key] = overlay(english[key], value, [...path, key], problems, file)
		}
		return result
	}
	problems.push(`${where}: only texts belong in a translation`)
	return english
}

/**
 * The English value with the Spanish prose laid over it. `prose` lists the paths that are prose
 * ('facts.hospitals.*.note'; a path names its whole subtree): every English text under them must
 * have its Spanish. `names` lists paths that may have a Spanish form (a landmark described rather
 * than named) and otherwise stand as in English (null in a list). The Spanish file may hold
 * nothing else. Problems are added to `problems`.
 */
export function overlayTranslation<T>(
	file: string,
	english: T,
	spanish: unknown,
	prose: readonly string[],
	problems: string[],
	names: readonly string[] = [],
): T {
	const patterns = prose.map((path) => path.split('.'))
	const namePatterns = names.map((path) => path.split('.'))
	const isProse = (path: readonly string[]) => patterns.some((pattern) => matches(path, pattern))
	const mayTranslate = (path: readonly string[]) => isProse(path) || namePatterns.some((pattern) => matches(path, pattern))
	for (const { path } of leaves(spanish)) if (!mayTranslate(path)) problems.push(`${file}: ${path.join('.')}: not prose; facts come from the English file`)
	const translated = new Set(leaves(spanish).map(({ path }) => path.join('.')))
	for (const { path } of leaves(english)) {
		if (isProse(path) && !translated.has(path.join('.'))) problems.push(`${file}: ${path.join('.')}: missing (the English file has this text)`)
	}
	return overlay(english, spanish, [], problems, file) as T
}
