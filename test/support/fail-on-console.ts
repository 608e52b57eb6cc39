import { afterEach, beforeEach, vi } from 'vitest'
import { log } from '#app/server/log.server.ts'

// An unexpected warning or error, in the server's log or on the console, is a bug: fail the test that caused it.
beforeEach(() => {
	for (const method of ['error', 'warn'] as const) {
		vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
			throw new Error(`Unexpected console.${method}: ${args.map(String).join(' ')}`)
		})
		vi.spyOn(log, method).mockImplementation((...args: unknown[]) => {
			// An error in the fields shows its message, as the log's own serializer writes it.
			const text = (arg: unknown) =>
				typeof arg === 'string' ? arg : JSON.stringify(arg, (_key, value: unknown) => (value instanceof Error ? `${value.name}: ${value.message}` : value))
			throw new Error(`Unexpected log.${method}: ${args.map(text).join(' ')}`)
		})
	}
})

afterEach(() => {
	vi.restoreAllMocks()
})
