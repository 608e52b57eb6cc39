/**
 * What a reader of one city page would catch: the page promising what the town's reach does not
 * allow, a heading over nothing it names, a question asked twice, a sentence said twice, a number
 * given two ways. Each rule reads the page as a crawler receives it and returns its problems as
 * lines naming the city; `npm run content:audit` and the content gate in `npm test` run them all.
 */
import { parse, type HTMLElement } from 'node-html-parser'
import { sameQuestion } from '#app/domain/questions.ts'

export type PageCity = { slug: string; name: string; reach: 'metro' | 'regional' | 'remote'; florist?: 'in-town' | 'drives-in' }

/** The text a crawler reads as the page's own, a line per block: <main> less navigation, product cards, scripts and hidden parts. */
export function mainBlocks(html: string): { text: string; cards: string[] } {
	const main = parse(html).querySelector('main')
	if (!main) return { text: '', cards: [] }
	const cards = main.querySelectorAll('[data-product-card]').map((card) => card.getAttribute('href') ?? '')
	for (const element of main.querySelectorAll('nav, script, style, template, [hidden], [data-product-card]')) element.remove()
	return { text: main.structuredText, cards }
}

/** The page's own text as one line of words (see `mainBlocks`). */
export function mainText(html: string): { text: string; cards: string[] } {
	const { text, cards } = mainBlocks(html)
	return { text: text.replace(/\s+/g, ' ').trim(), cards }
}

/** Sentences, never across a block's end (a heading is a sentence of its own). */
function sentencesOf(text: string): string[] {
	return text
		.split(/(?<=[.!?])\s+|\n+/)
		.map((sentence) => sentence.replace(/\s+/g, ' ').trim())
		.filter(Boolean)
}

/** Every string in a JSON-LD value. */
function strings(value: unknown): string[] {
	if (typeof value === 'string') return [value]
	if (Array.isArray(value)) return value.flatMap(strings)
	if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
	return []
}

function jsonLd(root: HTMLElement): unknown[] {
	return root.querySelectorAll('script[type="application/ld+json"]').flatMap((script) => {
		try {
			return [JSON.parse(script.text) as unknown]
		} catch {
			return []
		}
	})
}

const SAME_DAY = /\bsame[- ]day\b/i
const NEGATED = /\b(?:not|cannot|can't|can’t|never|no|isn't|isn’t|won't|won’t|unlikely)\b/i

/** A remote town promises same-day delivery nowhere: not in its title, description, header, text, cards or structured data. */
export function promiseProblems(html: string, city: PageCity): string[] {
	if (city.reach !== 'remote') return []
	const root = parse(html)
	const places: [string, string][] = [
		['title', root.querySelector('title')?.text ?? ''],
		['description', root.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''],
		['header', root.querySelector('header')?.structuredText ?? ''],
		['page', mainBlocks(html).text],
		...jsonLd(root).flatMap((data) => strings(data).map((text): [string, string] => ['structured data', text])),
	]
	return places.flatMap(([where, text]) => textPromiseProblems(text, `${city.slug}: a remote town promises same-day delivery in its ${where}`))
}

/** Each sentence of a text that promises same-day delivery, as a problem line under `label` (an agent's answer, a page's part). */
export function textPromiseProblems(text: string, label: string): string[] {
	return sentencesOf(text)
		.filter((sentence) => SAME_DAY.test(sentence) && !NEGATED.test(sentence))
		.map((sentence) => `${label}: "${sentence}"`)
}

/** Where the florist drives in from another town, the page calls no florist local and none "{City} florist". */
export function floristProblems(html: string, city: PageCity): string[] {
	if (city.florist !== 'drives-in') return []
	const root = parse(html)
	const text = [
		root.querySelector('title')?.text ?? '',
		root.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
		// The share picture's words, which its alt text repeats.
		root.querySelector('meta[property="og:image:alt"]')?.getAttribute('content') ?? '',
		mainBlocks(html).text,
	].join('\n')
	const local = new RegExp(`\\blocal florist|\\b${city.name} florist`, 'i')
	return sentencesOf(text)
		.filter((sentence) => local.test(sentence))
		.map((sentence) => `${city.slug}: the florist drives in, but the page calls one local: "${sentence}"`)
}

/** Kinds of place a heading may name in the town; such a heading needs at least one of them listed beneath it. */
const LISTED_KINDS = /\b(?:hospitals?|colleges?|senior living|military bases?|cemeteries)\b/i

/** No heading over an empty section, and none that names a kind of place in the town over a section listing none. */
export function headingProblems(html: string, city: PageCity): string[] {
	const main = parse(html).querySelector('main')
	return (main?.querySelectorAll('h2, h3') ?? []).flatMap((heading) => {
		// A question's heading sits in its <summary>; its section is the whole <details>.
		const question = heading.parentNode?.tagName === 'SUMMARY'
		const section = question ? heading.parentNode?.parentNode : heading.parentNode
		if (!section) return []
		const title = heading.text.trim()
		const body = section.text.replace(heading.text, '').trim()
		if (body === '') return [`${city.slug}: the heading "${title}" stands over an empty section`]
		// "Sending flowers to an Ajo hospital", "Colleges in Ajo": a section heading that promises a list of such places in the town.
		const namesKindInTown = !question && LISTED_KINDS.test(title) && title.includes(city.name) && !/\bnear\b/i.test(title)
		if (namesKindInTown && section.querySelectorAll('li').length === 0) return [`${city.slug}: the heading "${title}" names what its section does not list`]
		return []
	})
}

/** The page's questions, as its FAQ structured data lists them. */
function questionsOf(html: string): string[] {
	return jsonLd(parse(html)).flatMap((data) => {
		const page = data as { '@type'?: string; mainEntity?: { name?: string }[] }
		return page['@type'] === 'FAQPage' ? (page.mainEntity ?? []).flatMap((question) => (question.name ? [question.name] : [])) : []
	})
}

/** No two questions on the page ask the same. */
export function questionProblems(html: string, city: PageCity): string[] {
	const questions = questionsOf(html)
	return questions.flatMap((question, index) =>
		questions
			.slice(0, index)
			.filter((earlier) => sameQuestion(earlier, question, city.name))
			.map((earlier) => `${city.slug}: two questions ask the same: "${earlier}" and "${question}"`),
	)
}

/** No sentence of six words or more said twice in the page's text (the affiliate disclosure beside each partner link aside). */
export function repeatedSentenceProblems(html: string, city: PageCity): string[] {
	const root = parse(html)
	for (const disclosure of root.querySelectorAll('[data-disclosure]')) disclosure.remove()
	const seen = new Map<string, number>()
	for (const sentence of sentencesOf(mainBlocks(root.toString()).text)) {
		if (sentence.split(' ').length < 6) continue
		const key = sentence.toLowerCase()
		seen.set(key, (seen.get(key) ?? 0) + 1)
	}
	return [...seen].filter(([, count]) => count > 1).map(([sentence]) => `${city.slug}: a sentence said ${seen.get(sentence)} times: "${sentence}"`)
}

const ELEVATION = /\b(\d{1,2},?\d{3})(?:\s+|-)(?:feet|foot|ft)\b/gi
const ELEVATION_CONTEXT =
	/elevation|above sea level|\bsits at\b|\blies at\b|\bperched at\b|delivery at|\bat about\b|\bat roughly\b|\bat nearly\b|\bat around\b|-foot town/i
const DISTANCE =
	/\babout (\d[\d,]*) miles?(?: (?:north|south|east|west|northeast|northwest|southeast|southwest))? (?:of|from) ((?:[A-Z][a-z]+)(?: [A-Z][a-z]+)*)/g
const BY_ROAD = /\bby road\b|\bdrive\b|\bdriving\b|\broad miles\b/i

/** Each number said one way: the town's elevation once, each distance to a place once (a drive by road apart from the straight line). */
export function numberProblems(html: string, city: PageCity): string[] {
	const root = parse(html)
	const text = [
		mainText(html).text,
		...(root
			.querySelector('main')
			?.querySelectorAll('h2, h3')
			.map((heading) => heading.text) ?? []),
	].join('\n')
	const problems: string[] = []
	const elevations = new Set<number>()
	for (const sentence of sentencesOf(text)) {
		if (!ELEVATION_CONTEXT.test(sentence)) continue
		for (const match of sentence.matchAll(ELEVATION)) elevations.add(Number(match[1]?.replace(',', '')))
	}
	if (elevations.size > 1)
		problems.push(`${city.slug}: the elevation is given as ${[...elevations].map((feet) => `${feet.toLocaleString('en-US')} ft`).join(' and ')}`)
	const distances = new Map<string, Set<number>>()
	for (const sentence of sentencesOf(text)) {
		const kind = BY_ROAD.test(sentence) && !/straight line/i.test(sentence) ? 'by road' : 'straight'
		for (const match of sentence.matchAll(DISTANCE)) {
			const key = `${match[2]} (${kind})`
			distances.set(key, new Set([...(distances.get(key) ?? []), Number(match[1]?.replace(/,/g, ''))]))
		}
	}
	for (const [place, miles] of distances)
		if (miles.size > 1) problems.push(`${city.slug}: the distance to ${place} is given as ${[...miles].map((value) => `${value} miles`).join(' and ')}`)
	return problems
}

/** Every rule above, for one page. */
export function pageProblems(html: string, city: PageCity): string[] {
	return [promiseProblems, floristProblems, headingProblems, questionProblems, repeatedSentenceProblems, numberProblems].flatMap((rule) => rule(html, city))
}
