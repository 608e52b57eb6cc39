/**
 * `npm run content:audit` (builds first): reads every city page as a crawler receives it, checks
 * each against the page rules of scripts/ci/content-rules.ts (promises that fit the town's reach,
 * headings over what they name, each question and sentence once, each number one way), and compares them
 * the way a search engine judges near-duplicate pages. For each page: the text of
 * <main> without navigation and product cards, the city's own name, the other listed cities'
 * names and the counties replaced by tokens, cut into word 5-shingles. It prints, per city, the
 * words found on no other city page, the nearest other page (Jaccard similarity of shingles) and
 * the product cards shown, and fails (exit 1) when a page breaks a page rule, has fewer than 150
 * words of its own, two pages are 0.40 or more alike, or two pages show the same product cards in
 * the same order.
 */
import { readFileSync } from 'node:fs'
import { mainText, pageProblems, type PageCity } from '#scripts/ci/content-rules.ts'

export { mainText }

export const MIN_OWN_WORDS = 150
export const MAX_SIMILARITY = 0.4
const SHINGLE = 5

type CityRow = { slug: string; name: string; county: string }

/** A page as read: its words (names as tokens), its product cards, and what the page rules found. */
export type PageReading = { slug: string; words: string[]; cards: string[]; problems?: string[] }

export type CityFigures = { slug: string; ownWords: number; totalWords: number; nearest: string; similarity: number; cards: number }

export type AuditResult = { figures: CityFigures[]; problems: string[] }

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Words of the text (English or Spanish), lower case, with the city's own name, other cities' names and counties as tokens. */
export function tokenize(text: string, city: CityRow, cities: readonly CityRow[]): string[] {
	const replacements: [string, string][] = [
		[city.name, ' xcityx '],
		...cities.filter((other) => other.slug !== city.slug).map((other): [string, string] => [other.name, ' xotherx ']),
		...[...new Set(cities.map((other) => other.county))].map((county): [string, string] => [`${county} County`, ' xcountyx ']),
		...[...new Set(cities.map((other) => other.county))].map((county): [string, string] => [`Condado de ${county}`, ' xcountyx ']),
		...[...new Set(cities.map((other) => other.county))].map((county): [string, string] => [county, ' xcountyx ']),
	]
	let normalized = text
	for (const [name, token] of replacements.filter(([name]) => name.trim() !== '').sort((a, b) => b[0].length - a[0].length)) {
		normalized = normalized.replace(new RegExp(`\\b${escapeRegExp(name)}\\b`, 'g'), token)
	}
	return (
		normalized
			.toLowerCase()
			// Letters of any alphabet: Spanish pages' words keep their accents and ñ.
			.split(/[^\p{L}\p{N}'’°]+/u)
			.filter(Boolean)
	)
}

function shingles(words: readonly string[]): string[] {
	return Array.from({ length: Math.max(0, words.length - SHINGLE + 1) }, (_, index) => words.slice(index, index + SHINGLE).join(' '))
}

/** Every page's figures, and what breaks the bars. */
export function auditPages(pages: readonly PageReading[]): AuditResult {
	const sets = pages.map((page) => new Set(shingles(page.words)))
	const pagesWith = new Map<string, number>()
	for (const set of sets) for (const shingle of set) pagesWith.set(shingle, (pagesWith.get(shingle) ?? 0) + 1)
	const problems: string[] = pages.flatMap((page) => page.problems ?? [])
	const figures = pages.map((page, index) => {
		const own = new Set<number>()
		shingles(page.words).forEach((shingle, start) => {
			if (pagesWith.get(shingle) === 1) for (let offset = 0; offset < SHINGLE; offset += 1) own.add(start + offset)
		})
		let nearest = ''
		let similarity = 0
		const mine = sets[index] ?? new Set<string>()
		pages.forEach((other, otherIndex) => {
			if (otherIndex === index) return
			const theirs = sets[otherIndex] ?? new Set<string>()
			let shared = 0
			for (const shingle of mine) if (theirs.has(shingle)) shared += 1
			const union = mine.size + theirs.size - shared
			const jaccard = union === 0 ? 0 : shared / union
			if (jaccard > similarity) {
				similarity = jaccard
				nearest = other.slug
			}
		})
		if (own.size < MIN_OWN_WORDS) problems.push(`${page.slug}: ${own.size} words of its own (at least ${MIN_OWN_WORDS})`)
		if (similarity >= MAX_SIMILARITY) problems.push(`${page.slug}: ${similarity.toFixed(2)} alike with ${nearest} (below ${MAX_SIMILARITY})`)
		return { slug: page.slug, ownWords: own.size, totalWords: page.words.length, nearest, similarity, cards: page.cards.length }
	})
	const byOrder = new Map<string, string[]>()
	for (const page of pages) if (page.cards.length > 0) byOrder.set(page.cards.join('\n'), [...(byOrder.get(page.cards.join('\n')) ?? []), page.slug])
	for (const slugs of byOrder.values()) if (slugs.length > 1) problems.push(`${slugs.join(', ')}: the same product cards in the same order`)
	return { figures, problems }
}

function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The per-city table and the summary line, as printed. */
export function report(result: AuditResult): string {
	const lines = result.figures.map(
		(row) =>
			`${row.slug.padEnd(20)} ${String(row.ownWords).padStart(5)} own of ${String(row.totalWords).padStart(5)} words   nearest ${row.nearest.padEnd(20)} ${row.similarity.toFixed(3)}   ${row.cards} cards`,
	)
	const own = result.figures.map((row) => row.ownWords)
	const alike = result.figures.map((row) => row.similarity)
	lines.push(
		'',
		`${result.figures.length} city pages: own words min ${Math.min(...own)}, median ${median(own)}, max ${Math.max(...own)}; nearest-neighbour similarity min ${Math.min(...alike).toFixed(3)}, median ${median(alike).toFixed(3)}, max ${Math.max(...alike).toFixed(3)}`,
	)
	return lines.join('\n')
}

/** Reads every city page from a running site, as Googlebot (which gets whole pages). */
export async function readCityPages(siteUrl: string, cities: readonly (CityRow & PageCity)[]): Promise<PageReading[]> {
	const readings: PageReading[] = []
	for (const city of cities) {
		const response = await fetch(`${siteUrl}/cities/${city.slug}/`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })
		if (response.status !== 200) throw new Error(`/cities/${city.slug}/ answered ${response.status}`)
		const html = await response.text()
		const { text, cards } = mainText(html)
		readings.push({ slug: city.slug, words: tokenize(text, city, cities), cards, problems: pageProblems(html, city) })
	}
	return readings
}

/** The listed cities, each with its reach and florist from its own data file (metro, in town, where the file has no facts). */
export function listedCities(): (CityRow & PageCity)[] {
	return (JSON.parse(readFileSync('data/cities.json', 'utf8')) as { cities: CityRow[] }).cities.map((city) => {
		const content = JSON.parse(readFileSync(`data/cities/${city.slug}.json`, 'utf8')) as { facts?: Pick<PageCity, 'reach' | 'florist'> }
		return { ...city, reach: content.facts?.reach ?? 'metro', florist: content.facts?.florist ?? 'in-town' }
	})
}

if (import.meta.main) {
	const { startPartnerStandIn, standInSettings } = await import('#mock-servers/partner.ts')
	const { startServer } = await import('#scripts/lib/server.ts')
	const partner = await startPartnerStandIn()
	const server = await startServer({ ...standInSettings(partner, { rest: true }), API_RATE_LIMIT_PER_MINUTE: '100000' }, { quiet: true })
	try {
		const result = auditPages(await readCityPages(server.url, listedCities()))
		console.log(report(result))
		if (result.problems.length > 0) {
			console.error(`\n${result.problems.length} problems:\n${result.problems.join('\n')}`)
			process.exitCode = 1
		}
	} finally {
		await server.stop()
		await partner.stop()
	}
}
