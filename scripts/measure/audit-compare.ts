/**
 * Builds side by side (prints figures; never a pass/fail test): Lighthouse's phone run on the same
 * pages, this checkout, the built checkout(s) in BASE and the minimal React Router page
 * (scripts/measure/floor.ts) taken in turns within each round, each target in each place of the
 * order in turn, as `npm run audit` takes a page and its floors. Per page it prints each build's
 * median TBT over the minimal page and LCP, and for each other build the median over rounds of
 * (other − this): the figure a change is judged by. Every build is served by its own built server
 * with the same local stand-in for the partner.
 * Run: build the other checkout (`npm run build` there), then `BASE=../other-checkout npm run audit:compare`
 * (builds this one first); BASE may list several checkouts, comma-separated, each taken in the same
 * rounds. Options: ROUNDS=5, PAGES=home,city,remote,category, FORM=mobile (or desktop).
 */
import { basename, resolve } from 'node:path'
import { standInSettings, startPartnerStandIn } from '#mock-servers/partner.ts'
import { startServerIn, type RunningServer } from '#scripts/lib/server.ts'
import { startFloor } from '#scripts/measure/floor.ts'
import { inTurn, lighthouseRun, machineLine, median, medianDifference, type FormFactor } from '#scripts/measure/lighthouse.ts'

const ALL_PAGES: Record<string, string> = {
	home: '/',
	city: '/cities/phoenix/',
	remote: '/cities/tuba-city/',
	category: '/categories/birthday-flowers/',
}
const ROUNDS = Number(process.env.ROUNDS ?? 5)
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`ROUNDS: a whole number of rounds, not "${process.env.ROUNDS}"`)
const pages = (process.env.PAGES?.split(',') ?? Object.keys(ALL_PAGES)).map((name) => {
	const path = ALL_PAGES[name]
	if (!path) throw new Error(`PAGES: unknown page "${name}" (one of ${Object.keys(ALL_PAGES).join(', ')})`)
	return [name, path] as const
})
const FORM = (process.env.FORM ?? 'mobile') as FormFactor
if (FORM !== 'mobile' && FORM !== 'desktop') throw new Error(`FORM: "mobile" or "desktop", not "${String(FORM)}"`)
const bases = (process.env.BASE ?? '').split(',').filter(Boolean)
if (bases.length === 0) throw new Error('BASE: the path of another checkout, built (`npm run build` there), to compare this one with')
const FLOOR = 'minimal page'
const THIS = 'this'
/** Each build by a short name: this checkout, and each other by its folder's name. */
const builds = new Map([[THIS, process.cwd()], ...bases.map((base) => [basename(resolve(base)), resolve(base)] as const)])
if (builds.size !== bases.length + 1) throw new Error('BASE: each checkout needs a folder name of its own')
const TARGETS = [...builds.keys(), FLOOR]

const partner = await startPartnerStandIn()
const settings = standInSettings(partner, { rest: true })
const servers = new Map<string, RunningServer>()
const floor = await startFloor()
try {
	for (const [name, directory] of builds) servers.set(name, await startServerIn(directory, settings))
	const sites = new Map([...servers].map(([name, server]) => [name, server.url.replace('127.0.0.1', 'localhost')]))
	// Warm: products crawled and pages kept, as a visitor after the first would find them.
	for (const site of sites.values()) for (const [, path] of pages) for (let round = 0; round < 3; round += 1) await (await fetch(`${site}${path}`)).text()
	console.log(
		`${[...builds].map(([name, directory]) => `${name} = ${directory}`).join(', ')}; Lighthouse ${FORM} runs, ${ROUNDS} rounds, each build and the minimal page in turns; started ${machineLine()}`,
	)
	const ms = (value: number) => `${Math.round(value)} ms`
	for (const [name, path] of pages) {
		const tbt = new Map<string, number[]>(TARGETS.map((target) => [target, []]))
		const lcp = new Map<string, number[]>(TARGETS.map((target) => [target, []]))
		for (let round = 0; round < ROUNDS; round += 1) {
			for (const target of inTurn(TARGETS, round)) {
				const reading = await lighthouseRun(target === FLOOR ? floor.url : `${sites.get(target)}${path}`, { formFactor: FORM })
				tbt.get(target)?.push(reading.tbt)
				lcp.get(target)?.push(reading.lcp)
			}
		}
		const of = (figures: Map<string, number[]>, target: string) => figures.get(target) ?? []
		for (const build of builds.keys()) {
			const versus =
				build === THIS
					? ''
					: `  ${build} − ${THIS}: TBT ${ms(medianDifference(of(tbt, build), of(tbt, THIS)))}, LCP ${ms(medianDifference(of(lcp, build), of(lcp, THIS)))}`
			console.log(
				`  ${name.padEnd(9)} ${build.padEnd(18)} TBT over the minimal page ${ms(medianDifference(of(tbt, build), of(tbt, FLOOR)))}  LCP ${ms(median(of(lcp, build)))}  (TBT runs: ${of(tbt, build).map(Math.round).join(', ')})${versus}`,
			)
		}
		console.log(`  ${''.padEnd(9)} minimal page TBT runs: ${of(tbt, FLOOR).map(Math.round).join(', ')}; now ${machineLine()}`)
	}
} finally {
	await floor.stop()
	for (const server of servers.values()) await server.stop()
	await partner.stop()
}
