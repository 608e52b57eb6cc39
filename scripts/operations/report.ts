/**
 * Click figures for the operator (`npm run report`): the partner-link clicks
 * the site counted, for a period, by page, city, category and product, and
 * per day. Prints the tops and writes an HTML report with a chart (plain SVG)
 * to open in a browser. Reads the store the server uses: DATABASE_URL
 * (PostgreSQL) when set, else the SQLite file at DATABASE_PATH.
 * Options: --from YYYY-MM-DD --to YYYY-MM-DD (default: the last 30 days),
 * --top N (default 10), --out FILE (default var/click-report.html).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import { clickDay } from '#app/domain/clicks.ts'
import type { DatabaseSchema } from '#app/server/store/db.server.ts'

const DAY_MS = 86_400_000
const { values } = parseArgs({
	options: {
		from: { type: 'string' },
		to: { type: 'string' },
		top: { type: 'string', default: '10' },
		out: { type: 'string', default: 'var/click-report.html' },
	},
})
const dateOption = (value: string | undefined, fallback: string, name: string) => {
	if (value === undefined) return fallback
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
		console.error(`--${name} must be a date as YYYY-MM-DD (got "${value}")`)
		process.exit(2)
	}
	return value
}
const to = dateOption(values.to, clickDay(new Date()), 'to')
const from = dateOption(values.from, clickDay(new Date(Date.now() - 29 * DAY_MS)), 'from')
const top = Math.max(1, Number(values.top) || 10)

const db = process.env.DATABASE_URL
	? new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }) }) })
	: new Kysely<DatabaseSchema>({
			dialect: new SqliteDialect({ database: new Database(process.env.DATABASE_PATH ?? 'var/cache.sqlite', { readonly: true, fileMustExist: true }) }),
		})

type Row = { key: string; clicks: number }

async function byColumn(column: 'page' | 'city' | 'category' | 'product'): Promise<Row[]> {
	const rows = await db
		.selectFrom('click_days')
		.select([`${column} as key`, sql<number>`sum(clicks)`.as('clicks')])
		.where('day', '>=', from)
		.where('day', '<=', to)
		.where(column, '!=', '')
		.groupBy(column)
		.orderBy('clicks', 'desc')
		.orderBy(column)
		.limit(top)
		.execute()
	return rows.map((row) => ({ key: String(row.key), clicks: Number(row.clicks) }))
}

/** Clicks by the language of the page they came from: a Spanish page's path begins with /es/. */
async function byLanguage(): Promise<Row[]> {
	const language = sql<string>`case when page like '/es/%' then 'Spanish' else 'English' end`
	const rows = await db
		.selectFrom('click_days')
		.select([language.as('key'), sql<number>`sum(clicks)`.as('clicks')])
		.where('day', '>=', from)
		.where('day', '<=', to)
		.groupBy(language)
		.execute()
	return ['English', 'Spanish'].map((key) => ({ key, clicks: Number(rows.find((row) => row.key === key)?.clicks ?? 0) }))
}

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char)

function table(title: string, rows: Row[]): string {
	const body = rows.length
		? rows.map((row) => `<tr><td>${escape(row.key)}</td><td>${row.clicks}</td></tr>`).join('')
		: '<tr><td colspan="2">No clicks</td></tr>'
	return `<section><h2>${title}</h2><table><thead><tr><th scope="col">${title === 'By language' ? 'Language' : title.replace('Top ', '')}</th><th scope="col">Clicks</th></tr></thead><tbody>${body}</tbody></table></section>`
}

/** Clicks per day as bars, with each day's count in its title for a pointer or a screen reader. */
function chart(days: Row[]): string {
	const width = 720
	const height = 200
	const max = Math.max(1, ...days.map((day) => day.clicks))
	const bar = width / Math.max(1, days.length)
	const bars = days
		.map((day, index) => {
			const h = Math.round((day.clicks / max) * (height - 20))
			return `<rect x="${(index * bar + 1).toFixed(1)}" y="${height - h}" width="${Math.max(1, bar - 2).toFixed(1)}" height="${h}" fill="#9f1239"><title>${day.key}: ${day.clicks}</title></rect>`
		})
		.join('')
	return `<svg role="img" aria-label="Clicks per day" viewBox="0 0 ${width} ${height}" width="100%" style="max-width:${width}px">${bars}</svg>`
}

try {
	const perDay = await db
		.selectFrom('click_days')
		.select(['day as key', sql<number>`sum(clicks)`.as('clicks')])
		.where('day', '>=', from)
		.where('day', '<=', to)
		.groupBy('day')
		.orderBy('day')
		.execute()
	const days: Row[] = []
	for (let time = Date.parse(`${from}T00:00:00Z`); new Date(time).toISOString().slice(0, 10) <= to; time += DAY_MS) {
		const key = new Date(time).toISOString().slice(0, 10)
		days.push({ key, clicks: Number(perDay.find((row) => row.key === key)?.clicks ?? 0) })
	}
	const total = days.reduce((sum, day) => sum + day.clicks, 0)
	const [languages, pages, cities, categories, products] = await Promise.all([
		byLanguage(),
		byColumn('page'),
		byColumn('city'),
		byColumn('category'),
		byColumn('product'),
	])

	console.log(`Partner-link clicks from ${from} to ${to}: ${total}`)
	for (const [title, rows] of [
		['By language', languages],
		['Top pages', pages],
		['Top cities', cities],
		['Top categories', categories],
		['Top products', products],
	] as const) {
		console.log(`\n${title}`)
		for (const row of rows) console.log(`  ${String(row.clicks).padStart(7)}  ${row.key}`)
		if (rows.length === 0) console.log('  (none)')
	}

	const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner-link clicks, ${from} to ${to}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1c1917}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e7e5e4;padding:.25rem .5rem;text-align:left}td:last-child,th:last-child{text-align:right}.grid{display:grid;gap:2rem;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr))}</style>
</head><body>
<h1>Partner-link clicks, ${from} to ${to}</h1>
<p>${total} clicks in all. Counts only: no cookie, no address, no user agent was kept.</p>
${chart(days)}
<div class="grid">${table('By language', languages)}${table('Top pages', pages)}${table('Top cities', cities)}${table('Top categories', categories)}${table('Top products', products)}</div>
</body></html>
`
	const out = resolve(values.out)
	mkdirSync(dirname(out), { recursive: true })
	writeFileSync(out, html)
	console.log(`\nReport written to ${out}`)
} catch (error) {
	const message = error instanceof Error ? error.message : String(error)
	console.error(
		/no such table|does not exist/.test(message)
			? 'No clicks recorded yet: start the site once so its database has the click table.'
			: `Could not read the clicks: ${message}`,
	)
	process.exitCode = 1
} finally {
	await db.destroy()
}
