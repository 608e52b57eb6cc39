import { readdirSync, readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { validateCatalog } from '#app/domain/catalog.ts'
import { readDataFiles } from '#vite-plugins/read-data-files.ts'

/**
 * The site's own Spanish as a Mexican-American reader reads it: the Spanish halves of every message
 * catalog, every data file under data/es and the names a Spanish town page lists. Each rule names a
 * calque or an English word that reader would not write, so none can come back.
 */

type Text = { where: string; text: string }

function leaves(value: unknown, where: string): Text[] {
	if (typeof value === 'string') return [{ where, text: value }]
	if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${where}.${index}`))
	if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, `${where}.${key}`))
	return []
}

/** Every catalog module of app/words, by file: its `{ en, es }` catalogs and its Spanish-only words. */
const modules = import.meta.glob<Record<string, unknown>>('../../app/words/*.server.ts', { eager: true })
/** Exports that are Spanish alone: the home page's featured towns, the policy pages' note, the load errors' sentences. */
const SPANISH_ONLY = new Set(['homeCities', 'translationNote', 'spanishLoadErrors'])
const isPair = (value: unknown): value is { en: unknown; es: unknown } => typeof value === 'object' && value !== null && 'en' in value && 'es' in value
const catalogExports = Object.entries(modules).flatMap(([file, exports]) =>
	Object.entries(exports).map(([name, value]) => ({ where: `app/words/${file.split('/').at(-1)}: ${name}`, name, value })),
)
const catalogTexts = catalogExports.flatMap(({ where, name, value }) =>
	isPair(value) ? leaves(value.es, where) : SPANISH_ONLY.has(name) ? leaves(value, where) : [],
)

const dataFiles = [
	'data/es/categories.json',
	'data/es/dia-de-las-madres.json',
	...readdirSync('data/es/cities')
		.filter((name) => name.endsWith('.json'))
		.map((name) => `data/es/cities/${name}`),
]
const dataTexts = dataFiles.flatMap((file) => leaves(JSON.parse(readFileSync(file, 'utf8')), file))

/** The names a Spanish town page lists (hospitals, neighborhoods, landmarks…): the English file's, or the Spanish form data/es gives. */
const NAME_LISTS = ['hospitals', 'neighborhoods', 'landmarks', 'cemeteries', 'colleges', 'seniorCommunities', 'militaryBases'] as const
const catalog = validateCatalog(readDataFiles('.'))
const nameTexts = [...catalog.spanishCityContent].flatMap(([slug, content]) =>
	NAME_LISTS.flatMap((list) =>
		leaves(
			(content.facts?.[list] ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.name)),
			`/es/ciudades/${slug}/ ${list}`,
		),
	),
)

const texts = [...catalogTexts, ...dataTexts, ...nameTexts]

const RULES: { rule: string; pattern: RegExp; texts?: readonly Text[] }[] = [
	{ rule: '"socio" for Florist One: name it, or say "la red de florerías", "nuestros enlaces de afiliado"', pattern: /\bsocios?\b/i },
	{ rule: '"mi" for miles: Spanish writes "millas"', pattern: /(?:\d|\})\s*mi\b(?!\p{L})/u },
	{ rule: '"lugar conocido" after a landmark', pattern: /\blugar(?:es)? conocidos?\b/i },
	{ rule: '"verificador" for the delivery question: "la consulta de entrega"', pattern: /verificador/i },
	{ rule: '"de usted" for "your": "su aplicación"', pattern: /\bde usted\b/i },
	{ rule: '"Port of Entry": a border crossing is a "garita"', pattern: /\bport of entry\b/i },
	{ rule: '"Downtown": Spanish says "el centro"', pattern: /\bDowntown\b/ },
	{ rule: '"Raul" without its accent', pattern: /\bRaul\b/ },
	{ rule: '"servicios conmemorativos": "servicios funerarios", "ceremonias en memoria", "velorios"', pattern: /conmemorativ/i },
	{
		rule: 'a temperature as "90 y pocos/tantos/muchos": a figure in °F with its °C (an age may be "70 y tantos años")',
		pattern: /\d+ y (?:pocos|tantos|muchos)\b(?! años)/i,
	},
	{ rule: '"la parte alta de los 90", "a mediados de los 90": a figure in °F with its °C', pattern: /\b(?:parte (?:alta|baja|media)|mediados) de los \d/i },
	{ rule: 'a degree sign without a no-break space before it', pattern: /\d(?:[ \t]?)°[FC]/ },
	{ rule: 'one o’clock is singular: "a la 1:00"', pattern: /\b[Ll]as 1:\d\d/ },
	{ rule: 'noon is "12:00 del mediodía"', pattern: /\b12:00\s*p\.\s*m\./ },
	{
		rule: '"a. m." and "p. m." with no-break spaces: "9:00\u00a0a.\u00a0m."',
		pattern: /\d [ap]\.|\b[ap]\. m\.|\} [ap]\./,
	},
]

test('the checks read every Spanish catalog, every data/es file and the names of every Spanish town page', () => {
	expect(Object.keys(modules).length).toBe(readdirSync('app/words').filter((name) => name.endsWith('.server.ts')).length)
	// An export that is neither a pair of catalogs nor Spanish alone must be named here before it can go unread.
	expect(catalogExports.filter(({ name, value }) => !isPair(value) && !SPANISH_ONLY.has(name)).map(({ where }) => where)).toEqual([])
	expect(catalogExports.filter(({ name }) => SPANISH_ONLY.has(name))).toHaveLength(SPANISH_ONLY.size)
	expect(catalogTexts.length).toBeGreaterThan(500)
	expect(dataFiles.length).toBeGreaterThanOrEqual(72)
	expect(dataTexts.length).toBeGreaterThan(1000)
	expect(nameTexts.length).toBeGreaterThan(300)
})

test.each(RULES)('no Spanish text has $rule', ({ pattern, texts: read = texts }) => {
	const found = read.filter(({ text }) => pattern.test(text)).map(({ where, text }) => `${where}: ${text}`)
	expect(found).toEqual([])
})

test('every rule finds what it forbids', () => {
	const samples = [
		'el sitio de nuestro socio',
		'a 12 mi de Tucson, {miles} mi',
		'Tumacácori: lugar conocido',
		'el verificador de entrega',
		'la aplicación de calendario de usted',
		'Mariposa Port of Entry',
		'desde Downtown hasta Midtown',
		'Raul H. Castro',
		'servicios conmemorativos',
		'de 90 y pocos a 90 y tantos °F',
		'en la parte alta de los 90',
		'110 °F',
		'a las 1:00',
		'12:00 p. m.',
		'2:00 p. m.',
	]
	for (const [index, { rule, pattern }] of RULES.entries()) expect(pattern.test(samples[index] ?? ''), rule).toBe(true)
	expect(RULES.filter(({ pattern }) => pattern.test('a 12\u00a0millas, a la 1:00\u00a0p.\u00a0m., 12:00 del mediodía, 110\u00a0°F (43\u00a0°C)'))).toEqual([])
})

/**
 * A temperature in °F with its °C beside it, both with a no-break space: '110 °F (43 °C)',
 * 'entre 97 y 99 °F (36–37 °C)', 'entre 20 y 29 °F (−7 a −2 °C)'.
 */
const TEMPERATURE = /(\d+)(?:(?:–| y | a )(\d+))?\u00a0°F \((−?\d+)(?:(?:–| a )(−?\d+))?\u00a0°C\)/g

/** The problems of a text's temperatures: a °F without its °C, a °C alone, or a °C that is not the °F's. */
function temperatureProblems(text: string): string[] {
	const celsius = (fahrenheit: string) => Math.round(((Number(fahrenheit) - 32) * 5) / 9)
	const degrees = (written: string | undefined) => (written === undefined ? undefined : Number(written.replace('−', '-')))
	const problems: string[] = []
	for (const [whole, low = '', high, lowC, highC] of text.matchAll(TEMPERATURE)) {
		const expected = high === undefined ? [celsius(low)] : [celsius(low), celsius(high)]
		const written = [degrees(lowC), degrees(highC)].filter((value) => value !== undefined)
		if (expected.join() !== written.join()) problems.push(`"${whole}" should give ${expected.join('–')} °C`)
	}
	const rest = text.replace(TEMPERATURE, '')
	if (/°F/.test(rest)) problems.push('a °F without its °C beside it')
	if (/°C/.test(rest)) problems.push('a °C without the °F it converts')
	return problems
}

test('every temperature is in °F with its °C beside it, converted right', () => {
	const withDegrees = texts.filter(({ text }) => /°[FC]/.test(text))
	expect(withDegrees.length).toBeGreaterThan(60)
	const problems = withDegrees.flatMap(({ where, text }) => temperatureProblems(text).map((problem) => `${where}: ${problem}: ${text}`))
	expect(problems).toEqual([])
})

test('the temperature check finds a °F alone, a °C alone and a wrong conversion', () => {
	expect(temperatureProblems('entre 97 y 99\u00a0°F (36–37\u00a0°C) y 110\u00a0°F (43\u00a0°C); de 20 a 29\u00a0°F (−7 a −2\u00a0°C)')).toEqual([])
	expect(temperatureProblems('pasan de 110\u00a0°F')).toEqual(['a °F without its °C beside it'])
	expect(temperatureProblems('unos 43\u00a0°C')).toEqual(['a °C without the °F it converts'])
	expect(temperatureProblems('110\u00a0°F (44\u00a0°C)')).toEqual(['"110\u00a0°F (44\u00a0°C)" should give 43 °C'])
	expect(temperatureProblems('de 90 a 95\u00a0°F (32\u00a0°C)')).toEqual(['"90 a 95\u00a0°F (32\u00a0°C)" should give 32–35 °C'])
})
