import { SPANISH_FILLER } from '#app/domain/spanish-filler.ts'

/**
 * What a sender's search says besides a town's name, in English and Spanish: the occasion in
 * everyday words ("mom", "quinceañera", "thank you"), the section of a town's page the words point
 * to ("hospital flowers tucson"), a town across the border ("agua prieta"), and the words around a
 * name that say nothing ("flowers", "delivery de flores en"). Accents, case and apostrophes never
 * matter. Pure: the server's search (app/server/search/city-search.server.ts) puts these together with the
 * towns, places and ZIP codes it knows.
 */

/** Lower case, accents and apostrophes off, every other mark a space, spaces collapsed: "¡Flores para mi mamá!" is "flores para mi mama". */
export function plainText(text: string): string {
	return text
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/['’`]/g, '')
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim()
}

/** Whether the plain text holds `phrase` as whole words. */
function holds(text: string, phrase: string): boolean {
	return ` ${text} `.includes(` ${phrase} `)
}

/** The text without `phrase` (whole words), spaces collapsed. */
function without(text: string, phrase: string): string {
	return ` ${text} `.replace(` ${phrase} `, ' ').replace(/\s+/g, ' ').trim()
}

/**
 * An occasion a search names. `asked` is set where the site has no list of that name and serves it
 * with the nearest one (a quinceañera with the birthday list): the answer says so, naming what was asked.
 */
type OccasionWords = { slug: string; asked?: AskedOccasion }

/** What a sender asked for that has no list of its own on the site. */
export type AskedOccasion = 'quinceanera' | 'thanks' | 'wedding' | 'christmas' | 'dayOfTheDead' | 'congratulations'

type OccasionEntry = { slug: string; asked?: AskedOccasion; words: readonly string[] }

/**
 * Everyday words for each occasion, plain (see `plainText`). The longest phrase found wins, so
 * "dia de las madres" is the 10 May page in Spanish and "mothers day" the US date in English.
 * Spanish "mamá" and "día de las madres" are the 10 de mayo page, which shows Mother's Day's list.
 */
const OCCASIONS: Readonly<Record<'en' | 'es', readonly OccasionEntry[]>> = {
	en: [
		{ slug: 'mothers-day', words: ['mothers day', 'mother day', 'mom', 'moms', 'mum', 'mother', 'mommy', 'mama', 'mamá'] },
		{ slug: 'valentines-day', words: ['valentine', 'valentines', 'valentines day', 'love', 'romance', 'romantic', 'sweetheart'] },
		{ slug: 'birthday-flowers', words: ['birthday', 'bday', 'happy birthday', 'birthdays'] },
		{ slug: 'birthday-flowers', asked: 'quinceanera', words: ['quinceanera', 'quinceaneras', 'quince', 'xv', 'sweet 16', 'sweet sixteen'] },
		{
			slug: 'sympathy-funeral',
			words: ['sympathy', 'funeral', 'funerals', 'condolence', 'condolences', 'memorial', 'bereavement', 'celebration of life', 'in memory', 'grief', 'loss'],
		},
		{ slug: 'sympathy-funeral', asked: 'dayOfTheDead', words: ['day of the dead', 'dia de muertos', 'dia de los muertos'] },
		{ slug: 'new-baby', words: ['new baby', 'baby', 'newborn', 'its a boy', 'its a girl', 'baby boy', 'baby girl'] },
		{ slug: 'graduation', words: ['graduation', 'grad', 'graduate', 'graduating', 'commencement'] },
		{ slug: 'get-well-soon', words: ['get well', 'get well soon', 'feel better', 'recovery', 'surgery', 'hospital', 'hospitals', 'sick'] },
		{ slug: 'anniversary', words: ['anniversary', 'anniversaries'] },
		{ slug: 'anniversary', asked: 'wedding', words: ['wedding', 'weddings', 'bride', 'bridal', 'newlyweds', 'engagement'] },
		{ slug: 'just-because', words: ['just because', 'thinking of you', 'everyday', 'any occasion', 'all occasion'] },
		{ slug: 'just-because', asked: 'thanks', words: ['thank you', 'thanks', 'thankyou', 'appreciation'] },
		{ slug: 'just-because', asked: 'congratulations', words: ['congratulations', 'congrats', 'new job', 'new home', 'housewarming'] },
		{ slug: 'just-because', asked: 'christmas', words: ['christmas', 'xmas', 'holiday', 'holidays', 'poinsettia', 'poinsettias'] },
	],
	es: [
		{
			slug: 'dia-de-las-madres',
			words: ['10 de mayo', 'diez de mayo', 'dia de las madres', 'dia de la madre', 'dia de madres', 'mama', 'mami', 'madre', 'mi madre'],
		},
		{
			slug: 'mothers-day',
			words: [
				'dia de las madres ee uu',
				'dia de las madres eeuu',
				'dia de las madres estados unidos',
				'dia de la madre ee uu',
				'dia de la madre eeuu',
				'mothers day',
			],
		},
		{ slug: 'valentines-day', words: ['san valentin', 'dia del amor y la amistad', 'dia del amor', 'dia de los enamorados', 'amor', 'enamorados'] },
		{ slug: 'birthday-flowers', words: ['cumpleanos', 'cumple', 'feliz cumpleanos'] },
		{ slug: 'birthday-flowers', asked: 'quinceanera', words: ['quinceanera', 'quinceaneras', 'quince anos', 'xv anos', 'xv', 'mis xv', 'mis quince'] },
		{
			slug: 'sympathy-funeral',
			words: ['funeral', 'funerales', 'funeraria', 'funebre', 'funebres', 'pesame', 'condolencias', 'velorio', 'sepelio', 'luto', 'difunto', 'difunta'],
		},
		{ slug: 'sympathy-funeral', asked: 'dayOfTheDead', words: ['dia de muertos', 'dia de los muertos', 'altar de muertos', 'cempasuchil'] },
		{ slug: 'new-baby', words: ['recien nacido', 'recien nacida', 'nacimiento', 'bebe', 'bebes'] },
		{ slug: 'graduation', words: ['graduacion', 'graduaciones', 'graduado', 'graduada'] },
		{
			slug: 'get-well-soon',
			words: ['pronta recuperacion', 'recuperacion', 'mejorate', 'que te mejores', 'que se mejore', 'hospital', 'hospitales', 'enfermo', 'enferma', 'cirugia'],
		},
		{ slug: 'anniversary', words: ['aniversario', 'aniversarios'] },
		{ slug: 'anniversary', asked: 'wedding', words: ['boda', 'bodas', 'novios', 'casamiento', 'compromiso'] },
		{ slug: 'just-because', words: ['porque si', 'solo porque si', 'sin motivo', 'cualquier ocasion'] },
		{ slug: 'just-because', asked: 'thanks', words: ['gracias', 'agradecimiento', 'agradecer'] },
		{ slug: 'just-because', asked: 'congratulations', words: ['felicidades', 'felicitaciones', 'casa nueva', 'nuevo trabajo'] },
		{
			slug: 'just-because',
			asked: 'christmas',
			words: ['navidad', 'navideno', 'navidena', 'navidenas', 'navidenos', 'nochebuena', 'flor de nochebuena', 'noche buena'],
		},
	],
}

/** The occasion the plain text names, if it names one, and the text without those words. */
export function occasionIn(text: string, lang: 'en' | 'es'): (OccasionWords & { rest: string }) | undefined {
	let best: { entry: OccasionEntry; phrase: string } | undefined
	for (const entry of OCCASIONS[lang])
		for (const phrase of entry.words) if (holds(text, phrase) && phrase.length > (best?.phrase.length ?? 0)) best = { entry, phrase }
	if (!best) return undefined
	const { slug, asked } = best.entry
	return { slug, ...(asked ? { asked } : {}), rest: without(text, best.phrase) }
}

/** The sections of a town's page a search can point to: its hospitals, its funeral homes and cemeteries. */
export type TownSection = 'hospitals' | 'funerals'

const SECTION_WORDS: Readonly<Record<TownSection, readonly string[]>> = {
	hospitals: ['hospital', 'hospitals', 'hospitales', 'medical center', 'hospice', 'clinica', 'get well', 'recuperacion', 'pronta recuperacion'],
	funerals: [
		'funeral',
		'funerals',
		'funeral home',
		'funeral homes',
		'sympathy',
		'memorial',
		'cemetery',
		'funerales',
		'funeraria',
		'funerarias',
		'velorio',
		'pesame',
		'condolencias',
		'sepelio',
		'panteon',
		'cementerio',
	],
}

/** The section of a town's page the plain text points to, if any. */
export function sectionIn(text: string): TownSection | undefined {
	for (const [section, words] of Object.entries(SECTION_WORDS) as [TownSection, readonly string[]][])
		if (words.some((word) => holds(text, word))) return section
	return undefined
}

/** The English words around a place that name nothing by themselves: what is sent, how, to where. Plain (see `plainText`). */
const ENGLISH_FILLER: readonly string[] = [
	'same day delivery',
	'same day',
	'flower delivery',
	'flowers delivery',
	'flower shop',
	'flower shops',
	'florist near me',
	'near me',
	'delivered',
	'delivery',
	'deliveries',
	'deliver',
	'send',
	'sending',
	'order',
	'online',
	'flowers',
	'flower',
	'floral',
	'florist',
	'florists',
	'bouquet',
	'bouquets',
	'arrangement',
	'arrangements',
	'plant',
	'plants',
	'local',
	'fresh',
	'cheap',
	'best',
	'today',
	'tomorrow',
	'shop',
	'in',
	'to',
	'for',
	'near',
	'at',
	'of',
	'the',
	'a',
	'an',
	'and',
	'my',
]

/** Words around a town's name that name nothing by themselves, in both languages, longest first where one holds another. */
const AROUND: readonly string[] = [...ENGLISH_FILLER, ...SPANISH_FILLER].sort((a, b) => b.length - a.length)

/** The plain text without the words that name nothing ("hospital flowers tucson" keeps "hospital tucson"). */
export function withoutFiller(text: string): string {
	let rest = ` ${text} `
	for (const phrase of AROUND) while (rest.includes(` ${phrase} `)) rest = rest.replace(` ${phrase} `, ' ')
	return rest.replace(/\s+/g, ' ').trim()
}

/** Other names Spanish speakers give listed towns, plain, by the town's slug. */
const EXONYMS: Readonly<Record<string, readonly string[]>> = {
	phoenix: ['fenix', 'fenix arizona'],
}

/** The listed town a plain text calls by another name ("fénix"), if any. */
export function exonymIn(text: string): { slug: string; rest: string } | undefined {
	for (const [slug, names] of Object.entries(EXONYMS)) {
		const name = names.find((candidate) => holds(text, candidate))
		if (name) return { slug, rest: without(text, name) }
	}
	return undefined
}

/**
 * Towns across the Mexican border from a listed Arizona town, plain, with the town's slug: the
 * florist network delivers in the United States, so a sender is shown the Arizona side.
 */
const ACROSS_THE_BORDER: readonly { names: readonly string[]; town: string; slug: string }[] = [
	{ names: ['agua prieta'], town: 'Agua Prieta', slug: 'douglas' },
	{ names: ['san luis rio colorado', 'san luis r c', 'slrc'], town: 'San Luis Río Colorado', slug: 'san-luis' },
	{ names: ['nogales sonora', 'nogales son', 'nogales mexico', 'heroica nogales'], town: 'Nogales, Sonora', slug: 'nogales' },
	{ names: ['naco sonora', 'naco son', 'naco mexico'], town: 'Naco, Sonora', slug: 'bisbee' },
]

/** The Mexican town a plain text names, and the listed Arizona town across the line from it. */
export function acrossTheBorder(text: string): { town: string; slug: string } | undefined {
	const found = ACROSS_THE_BORDER.find((entry) => entry.names.some((name) => holds(text, name)))
	return found ? { town: found.town, slug: found.slug } : undefined
}

/** The plain text without the words that point to a section ("hospital tucson" is "tucson"). */
export function withoutSection(text: string): string {
	let rest = text
	for (const words of Object.values(SECTION_WORDS))
		for (const word of [...words].sort((a, b) => b.length - a.length)) while (holds(rest, word)) rest = without(rest, word)
	return rest
}
