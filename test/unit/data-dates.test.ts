import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

/**
 * The sitemap's lastmod and the feed's dates come from each data file's `updated` day, so a change
 * to a file must move its day too: no file may have been committed after the day it names.
 */
function lastCommitDay(path: string): string {
	return execFileSync('git', ['log', '-1', '--format=%cs', '--', path], { encoding: 'utf8' }).trim()
}

const files = ['data/cities.json', 'data/categories.json', ...readdirSync('data/cities').map((name) => `data/cities/${name}`)]

/** Every `updated` day a file names (one for a city file and the city list, one per category). */
function daysIn(path: string): string[] {
	const data = JSON.parse(readFileSync(path, 'utf8')) as { updated?: string } | { updated: string }[]
	return Array.isArray(data) ? data.map((entry) => entry.updated) : [data.updated ?? '']
}

test('every data file names the day its content last changed (a category file, on its newest entry), no earlier than its last commit', () => {
	expect(files.length).toBeGreaterThanOrEqual(72)
	for (const path of files) {
		const committed = lastCommitDay(path)
		expect(committed, `${path} is not in git's history`).toMatch(/^\d{4}-\d{2}-\d{2}$/)
		// A day of grace: the committer's clock and Arizona's calendar may differ across midnight.
		const grace = new Date(Date.parse(`${committed}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
		// A file of categories changes one entry at a time: its newest day is that commit's.
		const newest = daysIn(path).sort().at(-1) ?? ''
		expect(newest >= grace, `${path}: updated ${newest}, last committed ${committed}`).toBe(true)
	}
})
