/**
 * When two questions ask the same thing: their words, less the small ones and the place's own name,
 * overlap so much that a reader would take one for the other ("What time zone applies to Tuba City,
 * and how should I address a delivery?" and "What time zone applies to a Tuba City delivery?").
 */
const SMALL_WORDS = new Set(
	'a an and are as at be by can do does for from get how i if in is it my of on or should someone the there this to what when where which who why will with you your'.split(
		' ',
	),
)

/** Words that ask the same in other words: "delivered", "send" and "delivery" all ask about delivering. */
const SAME_SENSE: Record<string, string> = {
	delivered: 'deliver',
	delivering: 'deliver',
	delivery: 'deliver',
	deliverie: 'deliver',
	send: 'deliver',
	sent: 'deliver',
	sending: 'deliver',
	bouquet: 'flower',
	arrangement: 'flower',
}

/** The words that carry a question's meaning, singular, without the place's own name. */
function meaningWords(question: string, place = ''): Set<string> {
	const own = new Set(
		place
			.toLowerCase()
			.split(/[^a-z0-9]+/)
			.filter(Boolean),
	)
	return new Set(
		question
			.toLowerCase()
			.replace(/[’']s\b/g, '')
			.split(/[^a-z0-9]+/)
			.filter((word) => word.length > 1 && !SMALL_WORDS.has(word) && !own.has(word))
			.map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word))
			.map((word) => SAME_SENSE[word] ?? word),
	)
}

/** True when `a` and `b` ask the same: most of their meaning words shared, or one's words all within the other's. */
export function sameQuestion(a: string, b: string, place = ''): boolean {
	const left = meaningWords(a, place)
	const right = meaningWords(b, place)
	if (left.size === 0 || right.size === 0) return a.trim().toLowerCase() === b.trim().toLowerCase()
	const shared = [...left].filter((word) => right.has(word)).length
	const smaller = Math.min(left.size, right.size)
	return shared / (left.size + right.size - shared) >= 0.6 || (smaller >= 3 && shared === smaller)
}

/** Each question once: a later item that asks what an earlier one asked is left out. */
export function distinctQuestions<T extends { question: string }>(items: readonly T[], place = ''): T[] {
	return items.filter((item, index) => !items.slice(0, index).some((earlier) => sameQuestion(earlier.question, item.question, place)))
}
