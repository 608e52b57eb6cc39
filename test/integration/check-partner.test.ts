import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { startPartnerStandIn, STAND_IN_API_KEY, STAND_IN_API_PASSWORD, type PartnerStandIn } from '#mock-servers/partner.ts'
import { TEST_AFFILIATE_ID, UNREACHABLE_PARTNER } from '#test/support/server.ts'

const categorySlugs = (JSON.parse(readFileSync('data/categories.json', 'utf8')) as { slug: string }[]).map((category) => category.slug)
const phoenixZip = (JSON.parse(readFileSync('data/cities.json', 'utf8')) as { cities: { slug: string; zipCodes: string[] }[] }).cities.find(
	(city) => city.slug === 'phoenix',
)?.zipCodes[0]

let partner: PartnerStandIn
beforeAll(async () => {
	partner = await startPartnerStandIn()
})
afterEach(() => {
	partner.setMode('ok')
})
afterAll(async () => {
	await partner?.stop()
})

type Run = { code: number | null; output: string }

/** Runs `node scripts/operations/check-partner.ts` against the stand-in, with or without REST credentials. */
async function checkPartner(
	credentials: { key: string; password: string } | null = { key: STAND_IN_API_KEY, password: STAND_IN_API_PASSWORD },
	partnerUrl = partner.url,
): Promise<Run> {
	const child = spawn(process.execPath, ['scripts/operations/check-partner.ts'], {
		cwd: process.cwd(),
		stdio: ['ignore', 'pipe', 'pipe'],
		env: {
			PATH: process.env.PATH,
			HOME: process.env.HOME,
			PARTNER_BASE_URL: partnerUrl,
			AFFILIATE_ID: TEST_AFFILIATE_ID,
			FLORISTONE_API_URL: partner.apiUrl,
			...(credentials ? { FLORISTONE_API_KEY: credentials.key, FLORISTONE_API_PASSWORD: credentials.password } : {}),
			CHECK_PARTNER_GAP_MS: '20',
		},
	})
	let output = ''
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
	return { code, output }
}

type Row = { check: string; result: string; status: string; host: string; affiliateKept: string; detail: string }

/** The table's rows, by check name. */
function rows(output: string): Map<string, Row> {
	const lines = output.split('\n')
	const header = lines.findIndex((line) => /^check\s+result\s+HTTP/.test(line))
	const table = new Map<string, Row>()
	for (const line of lines.slice(header + 1)) {
		if (!line.trim()) break
		const [check = '', result = '', status = '', host = '', affiliateKept = '', ...detail] = line.split(/ {2,}/)
		table.set(check, { check, result, status, host, affiliateKept, detail: detail.join('  ') })
	}
	return table
}

/** One row, failing the test with the whole output when it is missing. */
function rowOf(table: Map<string, Row>, check: string, output: string): Row {
	const found = table.get(check)
	if (!found) throw new Error(`No row "${check}" in:\n${output}`)
	return found
}

const staticLinks = ['link storefront', 'link arizona', 'link orderNow', 'link sameDay', 'link city phoenix']

describe('npm run check:partner', () => {
	test('the zip checked is the first of phoenix in data/cities.json', () => {
		expect(phoenixZip).toMatch(/^\d{5}$/)
	})

	test('a healthy partner with REST credentials: every row ok, exit 0', async () => {
		const { code, output } = await checkPartner()
		const table = rows(output)
		expect(output).toContain(`partner base URL  ${partner.url}`)
		expect(output).toContain(`affiliate id      ${TEST_AFFILIATE_ID}`)
		expect(output).toContain('Florist One REST API')
		for (const check of [
			...staticLinks,
			...categorySlugs.map((slug) => `link category ${slug}`),
			'rest credentials',
			...categorySlugs.map((slug) => `rest category ${slug}`),
			`delivery dates ${phoenixZip}`,
			`order total ${phoenixZip}`,
			'affiliate id',
		]) {
			expect(rowOf(table, check, output).result, `${check}\n${output}`).toBe('ok')
		}
		const product = [...table.values()].find((entry) => entry.check.startsWith('link product '))
		expect(product?.check, output).toMatch(/^link product [A-Z]{2}\d{2}$/)
		expect(product?.result).toBe('ok')
		expect(rowOf(table, 'link storefront', output)).toMatchObject({ status: '200', host: new URL(partner.url).host, affiliateKept: 'yes' })
		expect(rowOf(table, `delivery dates ${phoenixZip}`, output).detail).toMatch(/^\d+ dates, next \d{2}\/\d{2}\/\d{4}$/)
		// The partner's service charge and tax for the ZIP, priced on a listed product; its order number is never printed.
		expect(rowOf(table, `order total ${phoenixZip}`, output).detail).toMatch(/^[A-Z]{2}\d{2} \$\d+\.\d{2}: service charge \$\d+\.\d{2}, tax \$\d+\.\d{2}$/)
		expect(output).not.toContain('987654')
		expect(
			[...table.values()].every((entry) => entry.result === 'ok'),
			output,
		).toBe(true)
		expect(code, output).toBe(0)
		// The key and password are never printed, alone or as the Basic credentials.
		expect(output).not.toContain(STAND_IN_API_KEY)
		expect(output).not.toContain(Buffer.from(`${STAND_IN_API_KEY}:${STAND_IN_API_PASSWORD}`).toString('base64'))
	})

	test('a healthy partner without credentials: the category pages are scraped, delivery dates skipped, exit 0', async () => {
		const { code, output } = await checkPartner(null)
		const table = rows(output)
		for (const slug of categorySlugs) expect(rowOf(table, `scrape category ${slug}`, output).result).toBe('ok')
		for (const check of [...staticLinks, ...categorySlugs.map((slug) => `link category ${slug}`)]) expect(rowOf(table, check, output).result).toBe('ok')
		expect(rowOf(table, `delivery dates ${phoenixZip}`, output)).toMatchObject({ result: 'skip', detail: 'no REST credentials' })
		expect(rowOf(table, `order total ${phoenixZip}`, output)).toMatchObject({ result: 'skip', detail: 'no REST credentials' })
		expect(
			[...table.values()].some((entry) => entry.check.startsWith('link product ') && entry.result === 'ok'),
			output,
		).toBe(true)
		expect([...table.values()].some((entry) => entry.check.startsWith('rest '))).toBe(false)
		expect(
			[...table.values()].some((entry) => entry.result === 'FAIL'),
			output,
		).toBe(false)
		expect(code, output).toBe(0)
	})

	test('redirects that drop the query string: the link rows fail naming the lost affiliate id', async () => {
		partner.setMode('drop-query')
		const { code, output } = await checkPartner()
		const table = rows(output)
		for (const check of [...staticLinks, ...categorySlugs.map((slug) => `link category ${slug}`)]) {
			const entry = rowOf(table, check, output)
			expect(entry.result, output).toBe('FAIL')
			expect(entry.affiliateKept).toBe('no')
			expect(entry.detail).toMatch(/^affiliate id lost at hop 2 \(http:\/\/127\.0\.0\.1:\d+\/(index|main)\.cfm\)/)
		}
		// The API is not behind those redirects.
		expect(rowOf(table, 'rest credentials', output).result).toBe('ok')
		expect(rowOf(table, `delivery dates ${phoenixZip}`, output).result).toBe('ok')
		expect(code, output).toBe(1)
	})

	test('category pages gone (404): the category links fail with 404, the storefront links stay ok', async () => {
		partner.setMode('missing-category')
		const withApi = await checkPartner()
		const table = rows(withApi.output)
		for (const slug of categorySlugs) {
			const entry = rowOf(table, `link category ${slug}`, withApi.output)
			expect(entry).toMatchObject({ result: 'FAIL', status: '404', affiliateKept: 'yes' })
			expect(entry.detail).toContain('404')
		}
		for (const check of [...staticLinks, 'rest credentials']) expect(rowOf(table, check, withApi.output).result).toBe('ok')
		expect(withApi.code, withApi.output).toBe(1)

		const scraping = await checkPartner(null)
		const scraped = rows(scraping.output)
		for (const slug of categorySlugs) {
			expect(rowOf(scraped, `link category ${slug}`, scraping.output)).toMatchObject({ result: 'FAIL', status: '404' })
			expect(rowOf(scraped, `scrape category ${slug}`, scraping.output)).toMatchObject({ result: 'FAIL', status: '404', detail: 'partner page answered 404' })
		}
		for (const check of staticLinks) expect(rowOf(scraped, check, scraping.output).result).toBe('ok')
		expect(scraping.code, scraping.output).toBe(1)
	})

	test('a wrong API password: rest credentials fails as refused, and the password is never printed', async () => {
		const password = 'Not-The-Password-7731'
		const { code, output } = await checkPartner({ key: STAND_IN_API_KEY, password })
		const table = rows(output)
		expect(rowOf(table, 'rest credentials', output)).toMatchObject({ result: 'FAIL', status: '403', detail: 'credentials refused (403)' })
		for (const check of staticLinks) expect(rowOf(table, check, output).result).toBe('ok')
		expect(code, output).toBe(1)
		expect(output).not.toContain(password)
		expect(output).not.toContain(STAND_IN_API_KEY)
		expect(output).not.toContain(Buffer.from(`${STAND_IN_API_KEY}:${password}`).toString('base64'))
	})

	test('a partner that cannot be reached: every link row fails, and none claims the affiliate id was kept', async () => {
		const { code, output } = await checkPartner(null, UNREACHABLE_PARTNER)
		const table = rows(output)
		for (const check of [...staticLinks, ...categorySlugs.map((slug) => `link category ${slug}`)]) {
			expect(rowOf(table, check, output)).toMatchObject({ result: 'FAIL', status: '-', affiliateKept: 'not reached' })
		}
		expect(code, output).toBe(1)
	})

	test('listings and the API list no products: every category row fails with no products', async () => {
		partner.setMode('empty')
		const withApi = await checkPartner()
		const table = rows(withApi.output)
		for (const slug of categorySlugs) {
			const entry = rowOf(table, `rest category ${slug}`, withApi.output)
			expect(entry.result, withApi.output).toBe('FAIL')
			expect(entry.detail).toMatch(/^no products/)
		}
		for (const check of [...staticLinks, 'rest credentials', `delivery dates ${phoenixZip}`]) expect(rowOf(table, check, withApi.output).result).toBe('ok')
		expect(withApi.code, withApi.output).toBe(1)

		const scraping = await checkPartner(null)
		const scraped = rows(scraping.output)
		for (const slug of categorySlugs) {
			const entry = rowOf(scraped, `scrape category ${slug}`, scraping.output)
			expect(entry.result, scraping.output).toBe('FAIL')
			expect(entry.detail).toMatch(/^page yields no products/)
		}
		expect(scraping.code, scraping.output).toBe(1)
	})
})
