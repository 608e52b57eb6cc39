import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { precompressPlugin } from '#vite-plugins/precompress-plugin.ts'
import { validateDataPlugin } from '#vite-plugins/validate-data-plugin.ts'
import { arizonaZipCodesPlugin } from '#vite-plugins/arizona-zip-codes-plugin.ts'
import { cityTimeZonesPlugin } from '#vite-plugins/city-time-zones-plugin.ts'
import packageJson from './package.json' with { type: 'json' }

/**
 * A first visit fetches a handful of scripts instead of twenty: React and the
 * router in one chunk, the shared components and helpers in another. The
 * widgets loaded only near their section (carousel, date picker, maps) and the
 * search's typo-tolerant match (loaded when typed text matches no name) stay
 * apart, and each route keeps its own chunk.
 */
const LOADED_LATER =
	/\/app\/(components\/(product-carousel|delivery-date-picker|delivery-calendar-month|google-maps)|domain\/(city-fuzzy|calendar-month))\.tsx?$/
const CLIENT_CHUNKS = [
	{ name: 'framework', test: /\/node_modules\/(react|react-dom|react-router|scheduler|@react-router\/[^/]+|turbo-stream|cookie|set-cookie-parser)\// },
	{
		name: (id: string) =>
			!LOADED_LATER.test(id) && /\/app\/(components|domain)\/|\/app\/root-data\.ts$|\/node_modules\/lucide-react\//.test(id) ? 'shared' : null,
	},
]

/**
 * The production server imports only the packages listed under `dependencies`; everything else its
 * build uses (icons, the date picker and its date library, the slider, the fuzzy search) is bundled
 * into build/server, so the image's node_modules carries only what runs on the server.
 */
const SERVER_RUNTIME_PACKAGES = [
	...Object.keys(packageJson.dependencies),
	// Loaded only by `npm run dev` (app/server/log.server.ts), never by the production server.
	'pino-pretty',
]

export default defineConfig(({ command }) => ({
	// In development Vite loads server/app.ts itself; the Express adapter must come through Vite
	// too, or it checks the load context against a second copy of React Router and refuses it.
	ssr: command === 'serve' ? { noExternal: ['@react-router/express'] } : undefined,
	// The server build's entry is our Express app, which wraps the React Router handler.
	environments: {
		ssr: {
			build: { rolldownOptions: { input: './server/app.ts' } },
			resolve: command === 'build' ? { noExternal: true, external: SERVER_RUNTIME_PACKAGES } : undefined,
		},
		client: { build: { rolldownOptions: { output: { codeSplitting: { groups: CLIENT_CHUNKS } } } } },
	},
	plugins: [validateDataPlugin(), arizonaZipCodesPlugin(), cityTimeZonesPlugin(), tailwindcss(), reactRouter(), precompressPlugin()],
}))
