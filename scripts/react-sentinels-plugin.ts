import type { Plugin } from 'vite'

/** React DOM's browser build for production, as the client bundle imports it. */
const REACT_DOM_CLIENT = /\/react-dom\/cjs\/react-dom-client\.production\.js$/

/**
 * The errors React DOM creates once, while its module is evaluated, and uses only as markers: it
 * throws them to unwind a render (a suspended `use()`, a hydration mismatch) and recognises them
 * by identity where it catches them. None is ever shown with its stack.
 */
export const REACT_SENTINEL_ERRORS = [
	'HydrationMismatchException',
	'SuspenseException',
	'SuspenseyCommitException',
	'SuspenseActionException',
	'SelectiveHydrationException',
] as const

const DECLARATION = new RegExp(`\\b(${REACT_SENTINEL_ERRORS.join('|')}) = Error\\(formatProdErrorMessage\\((\\d+)\\)\\)`, 'g')

/**
 * Creates React DOM's marker errors without capturing a stack.
 *
 * With DevTools attached (Lighthouse, PageSpeed Insights, the browser tests), every error created
 * captures a stack with line and column numbers, and V8 gets the positions of a function by parsing
 * it again. React DOM's module is one function of about 500 kB, and its marker errors are created
 * in it while it is evaluated; so the first of them parsed the whole of React DOM a second time,
 * 50 to 85 ms on the development machine (4x as much on the simulated phone), in the one task
 * that loads the page's scripts. A visitor's browser without DevTools never paid it, but the
 * audits that measure the site did.
 *
 * Each marker becomes an object with Error's prototype and React's own message: it is an
 * `instanceof Error`, prints as one, and keeps its identity, all that React uses it for.
 * The build fails if React DOM's file no longer declares each marker as this expects.
 */
export function transformReactDomClient(code: string, file: string): string {
	const found = new Set<string>()
	const transformed = code.replace(DECLARATION, (_match, name: string, errorCode: string) => {
		found.add(name)
		return `${name} = markerError(formatProdErrorMessage(${errorCode}))`
	})
	const missing = REACT_SENTINEL_ERRORS.filter((name) => !found.has(name))
	if (missing.length > 0) {
		throw new Error(
			`${file}: React DOM no longer declares ${missing.join(', ')} as "= Error(formatProdErrorMessage(N))"; update scripts/react-sentinels-plugin.ts`,
		)
	}
	return `${transformed}
function markerError(message) {
  return Object.create(Error.prototype, { message: { value: message, writable: true, configurable: true } });
}
`
}

/** React DOM's marker errors, created without a stack in the browser build (see transformReactDomClient). */
export function reactSentinelsPlugin(): Plugin {
	return {
		name: 'react-sentinel-errors',
		apply: 'build',
		applyToEnvironment: (environment) => environment.name === 'client',
		transform(code, id) {
			if (!REACT_DOM_CLIENT.test(id)) return null
			return { code: transformReactDomClient(code, id), map: null }
		},
	}
}
