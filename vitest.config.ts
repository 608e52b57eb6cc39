import { defineConfig } from 'vitest/config'
import { arizonaZipCodesPlugin } from '#vite-plugins/arizona-zip-codes-plugin.ts'
import { cityTimeZonesPlugin } from '#vite-plugins/city-time-zones-plugin.ts'

export default defineConfig({
	plugins: [arizonaZipCodesPlugin(), cityTimeZonesPlugin()],
	test: {
		// One temporary folder for the run, and a count of what the tests left behind when they end.
		globalSetup: ['test/support/leftovers.ts'],
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: ['test/unit/**/*.test.{ts,tsx}'],
					environment: 'node',
					setupFiles: ['test/support/fail-on-console.ts'],
					// The store tests start Debian's PostgreSQL first, which takes seconds on a busy machine.
					testTimeout: 30_000,
				},
			},
			{
				extends: true,
				// Most tests start a built server of their own: on a busy machine (npm run test:busy) a start and a cold page take tens of seconds.
				test: { name: 'integration', include: ['test/integration/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 },
			},
			{
				extends: true,
				test: {
					name: 'e2e',
					include: ['test/e2e/**/*.test.ts'],
					environment: 'node',
					testTimeout: 60_000,
					hookTimeout: 60_000,
					fileParallelism: false,
				},
			},
		],
	},
})
