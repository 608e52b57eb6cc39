import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * Reads every JSON file under data/ keyed by its path from the project root.
 * A file that is not valid JSON is reported by name.
 */
export function readDataFiles(root: string): Record<string, unknown> {
	const files: Record<string, unknown> = {}
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = join(dir, entry.name)
			if (entry.isDirectory()) walk(path)
			else if (entry.name.endsWith('.json')) {
				const key = relative(root, path).split('\\').join('/')
				try {
					files[key] = JSON.parse(readFileSync(path, 'utf8'))
				} catch (error) {
					throw new Error(`${key}: (file): not valid JSON: ${error instanceof Error ? error.message : String(error)}`)
				}
			}
		}
	}
	walk(join(root, 'data'))
	return files
}
