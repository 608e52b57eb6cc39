import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { temporaryFolder } from '#test/support/temporary.ts'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { DataFileError, validateCatalog } from '#app/domain/catalog.ts'
import { readDataFiles } from '#vite-plugins/read-data-files.ts'
import { validateDataPlugin } from '#vite-plugins/validate-data-plugin.ts'

const files = readDataFiles(process.cwd())

function problemsOf(run: () => unknown): string[] {
	try {
		run()
	} catch (error) {
		if (error instanceof DataFileError) return error.problems
		throw error
	}
	throw new Error('expected a DataFileError')
}

describe('the data files of the site', () => {
	const catalog = validateCatalog(files)

	test('about 70 Arizona cities with the 12 featured and the 6 home ones', () => {
		expect(catalog.cities.cities.length).toBeGreaterThanOrEqual(65)
		const slugs = catalog.cities.cities.map((city) => city.slug)
		for (const slug of ['phoenix', 'tucson', 'mesa', 'chandler', 'scottsdale', 'glendale', 'tempe', 'flagstaff', 'sedona', 'yuma']) {
			expect(slugs).toContain(slug)
		}
		expect(catalog.cities.home).toEqual(['phoenix', 'tucson', 'mesa', 'chandler', 'scottsdale', 'glendale'])
		expect(catalog.cities.featured).toHaveLength(12)
	})

	test('the spec’s facts: Phoenix population and the featured ZIP codes and regions', () => {
		const bySlug = new Map(catalog.cities.cities.map((city) => [city.slug, city]))
		expect(bySlug.get('phoenix')?.population).toBe(1608139)
		expect(bySlug.get('phoenix')?.region).toBe('Central Arizona')
		expect(bySlug.get('tucson')?.zipCodes[0]).toBe('85701')
		expect(bySlug.get('scottsdale')?.region).toBe('Northeast Valley')
		expect(bySlug.get('glendale')?.zipCodes[0]).toBe('85301')
	})

	test('every featured city has its own distinct content file, with at least three questions of its own', () => {
		const heroes = new Set<string>()
		for (const slug of catalog.cities.featured) {
			const content = catalog.cityContent.get(slug)
			expect(content?.heroIntroOverride, slug).toBeTruthy()
			expect((content?.faqOverrides?.length ?? 0) + (content?.facts?.faq.length ?? 0), slug).toBeGreaterThanOrEqual(3)
			heroes.add(content?.heroIntroOverride ?? '')
		}
		expect(heroes.size).toBe(12)
	})

	test('nine categories with the spec’s titles and Popular marks', () => {
		expect(catalog.categories.map((category) => category.title)).toEqual([
			"Valentine's Day Flowers",
			'Birthday Flowers',
			"Mother's Day Flowers",
			'Sympathy & Funeral Flowers',
			'New Baby Flowers',
			'Graduation Flowers',
			'Get Well Soon Flowers',
			'Anniversary Flowers',
			'Just Because Flowers',
		])
		expect(catalog.categories.filter((category) => category.popular).map((category) => category.slug)).toEqual([
			'valentines-day',
			'birthday-flowers',
			'mothers-day',
		])
		// Florist One's category codes; graduation has none of its own and says which it uses.
		const codes = Object.fromEntries(catalog.categories.map((category) => [category.slug, [category.partnerCode, category.fallbackCode]]))
		expect(codes).toEqual({
			'valentines-day': ['vd', 'lr'],
			'birthday-flowers': ['bd', undefined],
			'mothers-day': ['md', 'bs'],
			'sympathy-funeral': ['sy', undefined],
			'new-baby': ['nb', undefined],
			graduation: ['ao', undefined],
			'get-well-soon': ['gw', undefined],
			anniversary: ['an', undefined],
			'just-because': ['ao', undefined],
		})
		expect(catalog.categories.find((category) => category.slug === 'graduation')?.partnerCodeNote).toMatch(/no graduation category code/)
		expect(catalog.partner.links).toMatchObject({ storefront: '/index.cfm', category: '/main.cfm?cat={code}', product: '/detail.cfm?dcode={CODE}' })
	})
})

describe('a malformed data file is rejected, naming file and field', () => {
	test('a wrong type in a city content file', () => {
		const broken = { ...files, 'data/cities/tempe.json': { updated: '2026-11-25', seoTitle: 42 } }
		const problems = problemsOf(() => validateCatalog(broken))
		expect(problems).toHaveLength(1)
		expect(problems[0]).toMatch(/^data\/cities\/tempe\.json: seoTitle: /)
	})

	test('a misspelt field, a bad ZIP code and an unknown nearby city', () => {
		const broken = {
			...files,
			'data/cities/mesa.json': { heroIntro: 'typo', zipCodes: ['8520'], nearbyCities: ['atlantis'] },
		}
		const problems = problemsOf(() => validateCatalog(broken)).join('\n')
		expect(problems).toContain('data/cities/mesa.json: (file): Unrecognized key: "heroIntro"')
		expect(problems).toContain('data/cities/mesa.json: zipCodes.0: must be a 5-digit ZIP code')
		expect(problems).toContain('data/cities/mesa.json: updated: must be a date written YYYY-MM-DD')
		const far = problemsOf(() => validateCatalog({ ...files, 'data/cities/mesa.json': { updated: '2026-11-25', nearbyCities: ['tempe', 'flagstaff'] } })).join(
			'\n',
		)
		expect(far).toMatch(/data\/cities\/mesa\.json: nearbyCities\.1: "flagstaff" is \d+ km away \(nearby means at most 80 km\)/)
	})

	test('an unknown featured city, a missing population and a category that breaks the slug rule', () => {
		const cities = structuredClone(files['data/cities.json']) as { featured: string[]; cities: Record<string, unknown>[] }
		cities.featured[0] = 'atlantis'
		delete cities.cities[3]?.population
		const categories = structuredClone(files['data/categories.json']) as Record<string, unknown>[]
		if (categories[1]) categories[1].slug = 'birthdays'
		const problems = problemsOf(() => validateCatalog({ ...files, 'data/cities.json': cities, 'data/categories.json': categories })).join('\n')
		expect(problems).toContain('data/cities.json: cities.3.population:')
		expect(problems).toContain('data/categories.json: 1.slug: "birthdays" does not follow the slug rule')
	})

	test('a malformed partner link template, in data/partner.json or a category', () => {
		const partner = structuredClone(files['data/partner.json']) as { links: Record<string, string> }
		partner.links.category = '/main.cfm?cat={category}'
		partner.links.product = 'detail.cfm?dcode={CODE}'
		const categories = structuredClone(files['data/categories.json']) as Record<string, unknown>[]
		if (categories[3]) categories[3].partnerTemplate = '/main.cfm?occ={code}&AffiliateID=1'
		const problems = problemsOf(() => validateCatalog({ ...files, 'data/partner.json': partner, 'data/categories.json': categories })).join('\n')
		expect(problems).toContain('data/partner.json: links.category: has an unknown placeholder {category} (allowed: {code})')
		expect(problems).toContain('data/partner.json: links.product: must be a path on the partner site starting with a single /')
		expect(problems).toContain('data/categories.json: 3.partnerTemplate: must not carry AffiliateID')
	})

	test('the build fails on a file that is not JSON, naming it', () => {
		const root = temporaryFolder('azdata-')
		cpSync(join(process.cwd(), 'data'), join(root, 'data'), { recursive: true })
		writeFileSync(join(root, 'data/cities/sedona.json'), '{ "seoTitle": ')
		const plugin = validateDataPlugin(root)
		expect(() => (plugin.buildStart as () => void)()).toThrow(/data\/cities\/sedona\.json: \(file\): not valid JSON/)
	})

	test('the build fails on a schema error, naming file and field', () => {
		const root = temporaryFolder('azdata-')
		cpSync(join(process.cwd(), 'data'), join(root, 'data'), { recursive: true })
		writeFileSync(join(root, 'data/cities/sedona.json'), JSON.stringify({ faqOverrides: [{ question: 'Q?' }] }))
		const plugin = validateDataPlugin(root)
		expect(() => (plugin.buildStart as () => void)()).toThrow(/data\/cities\/sedona\.json: faqOverrides\.0\.answer/)
	})

	test('the build fails on a malformed partner link template, naming file and field', () => {
		const root = temporaryFolder('azdata-')
		cpSync(join(process.cwd(), 'data'), join(root, 'data'), { recursive: true })
		const partner = JSON.parse(readFileSync(join(root, 'data/partner.json'), 'utf8')) as { links: Record<string, string> }
		partner.links.sameDay = '/same-day?zip={zip'
		writeFileSync(join(root, 'data/partner.json'), JSON.stringify(partner))
		const plugin = validateDataPlugin(root)
		expect(() => (plugin.buildStart as () => void)()).toThrow(/data\/partner\.json: links\.sameDay: has an unbalanced \{ or \}/)
	})
})

describe('the Spanish data files: the prose of their English twins, and nothing else', () => {
	const catalog = validateCatalog(files)
	const yuma = files['data/es/cities/yuma.json'] as { facts: { setting: string; faq: unknown[] } }

	test('every city and occasion has its Spanish twin, with the English file’s facts', () => {
		expect(catalog.spanishCityContent.size).toBe(catalog.cityContent.size)
		const english = catalog.cityContent.get('nogales')
		const spanish = catalog.spanishCityContent.get('nogales')
		expect(spanish?.facts?.elevationFt).toBe(english?.facts?.elevationFt)
		expect(spanish?.zipCodes).toEqual(english?.zipCodes)
		expect(spanish?.facts?.setting).toMatch(/cabecera del condado de Santa Cruz/)
		expect(catalog.spanishCategories.size).toBe(catalog.categories.length)
		expect(catalog.spanishCategories.get('sympathy-funeral')?.assortments?.map((entry) => entry.code)).toEqual(
			catalog.categories.find((category) => category.slug === 'sympathy-funeral')?.assortments?.map((entry) => entry.code),
		)
		expect(catalog.may10).toMatchObject({ slug: 'dia-de-las-madres', esSlug: '10-de-mayo', partnerCode: 'md' })
	})

	test('a missing translation, a copied fact and a list of another length each fail, naming file and field', () => {
		const { setting: _setting, ...withoutSetting } = yuma.facts
		expect(problemsOf(() => validateCatalog({ ...files, 'data/es/cities/yuma.json': { ...yuma, facts: withoutSetting } }))).toEqual([
			'data/es/cities/yuma.json: facts.setting: missing (the English file has this text)',
		])
		expect(problemsOf(() => validateCatalog({ ...files, 'data/es/cities/yuma.json': { ...yuma, facts: { ...yuma.facts, elevationFt: 141 } } }))).toEqual([
			'data/es/cities/yuma.json: facts.elevationFt: only texts belong in a translation',
		])
		const shortFaq = { ...yuma, facts: { ...yuma.facts, faq: yuma.facts.faq.slice(1) } }
		expect(problemsOf(() => validateCatalog({ ...files, 'data/es/cities/yuma.json': shortFaq })).join('\n')).toMatch(
			/data\/es\/cities\/yuma\.json: facts\.faq: must have \d entries, as the English file does/,
		)
		// A name that describes a place in English words needs its Spanish form; a plain name stands.
		const safford = files['data/es/cities/safford.json'] as { facts: Record<string, unknown> }
		expect(
			problemsOf(() => validateCatalog({ ...files, 'data/es/cities/safford.json': { ...safford, facts: { ...safford.facts, colleges: [null] } } })),
		).toEqual([
			'data/es/cities/safford.json: facts.colleges.0: "Eastern Arizona College (in neighboring Thatcher)" describes a place in English words; give its Spanish form',
		])
		expect(catalog.spanishCityContent.get('safford')?.facts?.colleges).toEqual(['Eastern Arizona College (en la vecina Thatcher)'])
		expect(catalog.spanishCityContent.get('safford')?.facts?.landmarks).toEqual(catalog.cityContent.get('safford')?.facts?.landmarks)
		const { 'data/es/cities/yuma.json': _yuma, ...withoutYuma } = files
		expect(problemsOf(() => validateCatalog(withoutYuma))).toEqual(['data/es/cities/yuma.json: (file): missing (every city page has its Spanish twin)'])
	})
})
