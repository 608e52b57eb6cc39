import type { Plugin } from 'vite'
import { validateCatalog } from '#app/domain/catalog.ts'
import { readDataFiles } from '#vite-plugins/read-data-files.ts'

/** Fails the build, naming file and field, when a file under data/ is malformed. */
export function validateDataPlugin(root = process.cwd()): Plugin {
	return {
		name: 'validate-data',
		buildStart() {
			validateCatalog(readDataFiles(root))
		},
	}
}
