import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { openDatabase } from '#app/server/store/db.server.ts'
import { temporaryFolder } from '#test/support/temporary.ts'

test('closing a SQLite store that nothing has asked yet closes its file: the write-ahead log is folded in and removed', async () => {
	const path = join(temporaryFolder('azdbclose-'), 'cache.sqlite')
	const database = await openDatabase(path)
	// The migrations wrote through the log.
	expect(existsSync(`${path}-wal`)).toBe(true)
	await database.close()
	expect(existsSync(`${path}-wal`)).toBe(false)
	expect(existsSync(path)).toBe(true)
})
