import { afterEach, beforeEach, vi } from 'vitest'

// An unexpected console.error or console.warn is a bug: fail the test that caused it.
beforeEach(() => {
	for (const method of ['error', 'warn'] as const) {
		vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
			throw new Error(`Unexpected console.${method}: ${args.map(String).join(' ')}`)
		})
	}
})

afterEach(() => {
	vi.restoreAllMocks()
})
