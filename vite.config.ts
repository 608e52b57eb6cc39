import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { validateDataPlugin } from './scripts/validate-data-plugin.ts'

export default defineConfig({
	// The server build's entry is our Express app, which wraps the React Router handler.
	environments: {
		ssr: { build: { rolldownOptions: { input: './server/app.ts' } } },
	},
	resolve: { tsconfigPaths: true },
	plugins: [validateDataPlugin(), tailwindcss(), reactRouter()],
})
