import { expect, test } from 'vitest'
import {
	floristProblems,
	headingProblems,
	numberProblems,
	pageProblems,
	promiseProblems,
	questionProblems,
	repeatedSentenceProblems,
} from '#scripts/ci/content-rules.ts'

const ajo = { slug: 'ajo', name: 'Ajo', reach: 'remote' } as const
const mesa = { slug: 'mesa', name: 'Mesa', reach: 'metro' } as const

/** A page as the site writes one, with what each case puts in it. */
function page(parts: { title?: string; header?: string; main?: string; jsonLd?: unknown[] }) {
	return `<!doctype html><html><head><title>${parts.title ?? 'Flower Delivery Ajo, AZ | Order a Day Ahead'}</title>${(parts.jsonLd ?? [])
		.map((data) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`)
		.join(
			'',
		)}</head><body><header><p>${parts.header ?? 'Delivery with a Day’s Notice'}</p></header><main>${parts.main ?? '<section><h2>Flower Delivery in Ajo</h2><p>Order a day ahead.</p></section>'}</main></body></html>`
}

test('a remote town that promises same-day in its header, title, a card or its structured data fails; saying it cannot be promised passes', () => {
	expect(promiseProblems(page({}), ajo)).toEqual([])
	expect(promiseProblems(page({ main: '<section><h2>Ajo</h2><p>Same-day delivery cannot be promised here.</p></section>' }), ajo)).toEqual([])
	expect(promiseProblems(page({ header: 'Same Day Delivery Available' }), ajo)).toEqual([
		'ajo: a remote town promises same-day delivery in its header: "Same Day Delivery Available"',
	])
	expect(promiseProblems(page({ title: 'Flower Delivery Ajo, AZ | Same-Day Ajo Florist' }), ajo)).toHaveLength(1)
	expect(promiseProblems(page({ main: '<section><h2>Services</h2><ul><li><h3>Same Day Delivery</h3><p>x</p></li></ul></section>' }), ajo)).toHaveLength(1)
	expect(promiseProblems(page({ jsonLd: [{ '@type': 'Service', name: 'Same-Day Flower Delivery' }] }), ajo)).toEqual([
		'ajo: a remote town promises same-day delivery in its structured data: "Same-Day Flower Delivery"',
	])
	// A metro town may promise it.
	expect(promiseProblems(page({ header: 'Same Day Delivery Available' }), mesa)).toEqual([])
})

test('a heading over an empty section, or naming a hospital in town over a section that lists none, fails', () => {
	expect(headingProblems(page({ main: '<section><h2>Colleges in Ajo</h2></section>' }), ajo)).toEqual([
		'ajo: the heading "Colleges in Ajo" stands over an empty section',
	])
	expect(headingProblems(page({ main: '<div><h3>Sending flowers to an Ajo hospital</h3><p>Ajo has no hospital.</p></div>' }), ajo)).toEqual([
		'ajo: the heading "Sending flowers to an Ajo hospital" names what its section does not list',
	])
	expect(headingProblems(page({ main: '<div><h3>Hospitals near Ajo</h3><p>Patients go to Tucson.</p></div>' }), ajo)).toEqual([])
	expect(headingProblems(page({ main: '<div><h3>Sending flowers to a Mesa hospital</h3><ul><li>Banner Desert Medical Center</li></ul></div>' }), mesa)).toEqual(
		[],
	)
})

test('two questions on a page that ask the same fail', () => {
	const faq = (questions: string[]) => ({ '@type': 'FAQPage', mainEntity: questions.map((name) => ({ '@type': 'Question', name })) })
	const tuba = { slug: 'tuba-city', name: 'Tuba City', reach: 'remote' } as const
	expect(
		questionProblems(
			page({ jsonLd: [faq(['What time zone applies to Tuba City, and how should I address a delivery?', 'What time zone applies to a Tuba City delivery?'])] }),
			tuba,
		),
	).toHaveLength(1)
	expect(questionProblems(page({ jsonLd: [faq(['Can flowers reach Moenkopi?', 'How far ahead should I order?'])] }), tuba)).toEqual([])
})

test('the same sentence twice on a page fails; the affiliate disclosure beside each partner link does not count', () => {
	const twice =
		'<section><h2>A</h2><p>Order by 2:00 PM Arizona time the day before delivery.</p><p>Order by 2:00 PM Arizona time the day before delivery.</p></section>'
	expect(repeatedSentenceProblems(page({ main: twice }), ajo)).toEqual([
		'ajo: a sentence said 2 times: "order by 2:00 pm arizona time the day before delivery."',
	])
	const disclosures =
		'<section><h2>A</h2><p data-disclosure="">We earn a commission when you order through our partner links.</p><p data-disclosure="">We earn a commission when you order through our partner links.</p></section>'
	expect(repeatedSentenceProblems(page({ main: disclosures }), ajo)).toEqual([])
})

test('an elevation or a distance given two ways fails', () => {
	const payson = { slug: 'payson', name: 'Payson', reach: 'regional' } as const
	const elevations =
		'<section><h2>Payson</h2><p>Payson sits at about 5,000 feet under the Mogollon Rim.</p></section><div><h3>Weather and delivery at 4,900 feet</h3><p>Snow.</p></div>'
	expect(numberProblems(page({ main: elevations }), payson)).toEqual(['payson: the elevation is given as 5,000 ft and 4,900 ft'])
	const once = '<section><h2>Payson</h2><p>Payson sits at about 4,900 feet.</p></section><div><h3>Weather and delivery at 4,900 feet</h3><p>Snow.</p></div>'
	expect(numberProblems(page({ main: once }), payson)).toEqual([])
	const distances =
		'<section><h2>Ajo</h2><p>Ajo is about 130 miles west of Tucson.</p><p>Ajo lies about 112 miles west of Tucson in a straight line (180 km); the road is longer.</p></section>'
	expect(numberProblems(page({ main: distances }), ajo)).toEqual(['ajo: the distance to Tucson (straight) is given as 130 miles and 112 miles'])
	const roadAndLine =
		'<section><h2>Ajo</h2><p>The drive is about 130 miles from Tucson.</p><p>Ajo lies about 112 miles west of Tucson in a straight line (180 km); the road is longer.</p></section>'
	expect(numberProblems(page({ main: roadAndLine }), ajo)).toEqual([])
})

test('a town the florist drives in to is never said to have a local florist', () => {
	const eloy = { slug: 'eloy', name: 'Eloy', reach: 'regional', florist: 'drives-in' } as const
	const local = '<section><h2>Eloy</h2><p>Check whether same-day delivery is available; it depends on the local florist’s route.</p></section>'
	expect(floristProblems(page({ main: local }), eloy)).toHaveLength(1)
	expect(floristProblems(page({ title: 'Flower Delivery Eloy, AZ | Same-Day Eloy Florist' }), eloy)).toHaveLength(1)
	expect(floristProblems(page({ main: local }), { ...eloy, florist: 'in-town' })).toEqual([])
})

test('a page that keeps every rule has no problems', () => {
	expect(pageProblems(page({}), ajo)).toEqual([])
})
