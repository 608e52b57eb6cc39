import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, onTestFinished } from 'vitest'

const remove = (folder: string) => rmSync(folder, { recursive: true, force: true })
/** Folders made outside a test (at a file's top level or in its hooks): removed when the file's tests end. */
const madeForTheFile: string[] = []
afterAll(() => {
	for (const folder of madeForTheFile.splice(0)) remove(folder)
})

/**
 * A new temporary folder, removed, with whatever is in it, when the test that made it ends
 * (passed or failed), or when its file's tests end if a file or a hook made it.
 */
export function temporaryFolder(prefix: string): string {
	const folder = mkdtempSync(join(tmpdir(), prefix))
	try {
		onTestFinished(() => remove(folder))
	} catch {
		madeForTheFile.push(folder)
	}
	return folder
}
