/**
 * The words agents (and the people they speak for) use for occasions, flowers and colours, in
 * English and in Spanish, as the site's own names: "día de las madres" is Mother's Day, "rosas" are
 * roses, "rojo" is red. Accents, case and apostrophes never matter.
 */

/** Lower case, accents and apostrophes taken off, split into words. */
function plainWords(text: string): string[] {
	return text
		.normalize('NFD')
		.replace(/\p{Diacritic}/gu, '')
		.toLowerCase()
		.replace(/['’]/g, '')
		.split(/[^a-z0-9]+/)
		.filter(Boolean)
}

/** Other names for each occasion, by the category's slug: the ways people say it, in English and Spanish. */
const OCCASION_NAMES: Readonly<Record<string, readonly string[]>> = {
	'valentines-day': ['valentine', 'valentines', 'san valentin', 'dia de san valentin', 'dia del amor y la amistad', 'dia de los enamorados', 'romance', 'love'],
	'birthday-flowers': ['birthday', 'cumpleanos', 'feliz cumpleanos'],
	'mothers-day': ['mothers day', 'mother', 'dia de las madres', 'dia de la madre', '10 de mayo', 'diez de mayo', 'mama'],
	'sympathy-funeral': ['sympathy', 'funeral', 'funerals', 'condolences', 'memorial', 'pesame', 'condolencias', 'funeraria', 'velorio', 'luto', 'simpatia'],
	'new-baby': ['new baby', 'baby', 'birth', 'newborn', 'bebe', 'nacimiento', 'recien nacido'],
	graduation: ['graduation', 'graduacion', 'grad'],
	'get-well-soon': ['get well', 'get well soon', 'recovery', 'hospital', 'mejorate', 'recuperacion', 'pronta recuperacion'],
	anniversary: ['anniversary', 'aniversario'],
	'just-because': ['just because', 'porque si', 'sin motivo', 'thinking of you'],
}

/** The occasion a text names by one of its other names, if exactly one does. */
export function occasionByName(text: string, slugs: readonly string[]): string | undefined {
	const asked = ` ${plainWords(text).join(' ')} `
	const found = slugs.filter((slug) => (OCCASION_NAMES[slug] ?? []).some((name) => asked.includes(` ${plainWords(name).join(' ')} `)))
	return found.length === 1 ? found[0] : undefined
}

/** Flowers as people name them, each with the beginnings of the English words a product's name or description uses. */
const FLOWERS: Readonly<Record<string, readonly string[]>> = {
	rose: ['rose'],
	rosa: ['rose'],
	sunflower: ['sunflower'],
	girasol: ['sunflower'],
	lily: ['lily', 'lilie'],
	lilie: ['lily', 'lilie'],
	lirio: ['lily', 'lilie'],
	azucena: ['lily', 'lilie'],
	tulip: ['tulip'],
	tulipan: ['tulip'],
	orchid: ['orchid'],
	orquidea: ['orchid'],
	carnation: ['carnation'],
	clavel: ['carnation'],
	daisy: ['daisy', 'daisie'],
	daisie: ['daisy', 'daisie'],
	margarita: ['daisy', 'daisie'],
	gerbera: ['gerbera'],
	hydrangea: ['hydrangea'],
	hortensia: ['hydrangea'],
	lavender: ['lavender'],
	lavanda: ['lavender'],
	peony: ['peony', 'peonie'],
	peonie: ['peony', 'peonie'],
	peonia: ['peony', 'peonie'],
	// "Lirio" is the lily above: an iris is "iris" in both languages.
	iris: ['iris'],
	alstroemeria: ['alstroemeria'],
	astromelia: ['alstroemeria'],
	chrysanthemum: ['chrysanthemum', 'mums'],
	crisantemo: ['chrysanthemum', 'mums'],
	calla: ['calla'],
	cala: ['calla'],
	alcatraz: ['calla'],
	alcatraces: ['calla'],
	gladiolus: ['gladiol'],
	gladioli: ['gladiol'],
	gladiola: ['gladiol'],
	gladiolo: ['gladiol'],
	snapdragon: ['snapdragon'],
	freesia: ['freesia'],
	fresia: ['freesia'],
	delphinium: ['delphinium'],
	ranunculus: ['ranunculus'],
	ranunculo: ['ranunculus'],
	aster: ['aster'],
}

/** Colours as people name them, each with the English words a product's name or description uses. */
const COLOURS: Readonly<Record<string, readonly string[]>> = {
	red: ['red'],
	rojo: ['red'],
	roja: ['red'],
	pink: ['pink'],
	rosado: ['pink'],
	rosada: ['pink'],
	rosa: ['pink'],
	white: ['white'],
	blanco: ['white'],
	blanca: ['white'],
	yellow: ['yellow', 'sunny', 'sunflower'],
	amarillo: ['yellow', 'sunny', 'sunflower'],
	amarilla: ['yellow', 'sunny', 'sunflower'],
	purple: ['purple', 'lavender', 'violet'],
	morado: ['purple', 'lavender', 'violet'],
	morada: ['purple', 'lavender', 'violet'],
	lila: ['purple', 'lavender', 'lilac'],
	orange: ['orange'],
	naranja: ['orange'],
	anaranjado: ['orange'],
	blue: ['blue'],
	azul: ['blue'],
}

/** A word without a plural ending: "roses" and "rosas" -> "rose"/"rosa", "girasoles" -> "girasol". */
function singular(word: string): string {
	if (word.endsWith('es') && (FLOWERS[word.slice(0, -2)] || COLOURS[word.slice(0, -2)])) return word.slice(0, -2)
	if (word.endsWith('s') && (FLOWERS[word.slice(0, -1)] || COLOURS[word.slice(0, -1)])) return word.slice(0, -1)
	return word
}

/** The words an arrangement's text may hold for a flower asked for, or undefined when the site does not know that flower. */
export function flowerWords(text: string): readonly string[] | undefined {
	const words = plainWords(text).map(singular)
	if (words.length !== 1) return undefined
	return FLOWERS[words[0] ?? '']
}

/** The words an arrangement's text may hold for a colour asked for, or undefined when the site does not know that colour. */
export function colourWords(text: string): readonly string[] | undefined {
	const words = plainWords(text).map(singular)
	if (words.length !== 1) return undefined
	return COLOURS[words[0] ?? '']
}

/** Whether an arrangement's name and description hold one of `words` (stems match the start of a word). */
export function mentions(productText: string, words: readonly string[]): boolean {
	const own = plainWords(productText)
	return words.some((stem) => own.some((word) => word.startsWith(stem)))
}

/** A flower or colour a search names, with the words an arrangement's text may hold for it. */
export type Wanted = { said: string; stems: readonly string[] }

/**
 * The flower and the colour a text asks for when every one of its words is one ("red roses",
 * "rosas rojas", "lilies", "girasoles"); undefined when any word is something else. A word that is
 * both ("rosa") is the flower when no flower came before it, else the colour.
 */
export function flowersAndColoursIn(text: string): { flower?: Wanted; colour?: Wanted } | undefined {
	const found: { flower?: Wanted; colour?: Wanted } = {}
	const words = plainWords(text)
	if (words.length === 0 || words.length > 3) return undefined
	for (const said of words) {
		const word = singular(said)
		const flower = found.flower ? undefined : FLOWERS[word]
		const colour = found.colour ? undefined : COLOURS[word]
		if (flower) found.flower = { said, stems: flower }
		else if (colour) found.colour = { said, stems: colour }
		else return undefined
	}
	return found
}
