import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { expect, test } from 'vitest'
import { REACT_SENTINEL_ERRORS, transformReactDomClient } from '#scripts/react-sentinels-plugin.ts'

const FILE = join(dirname(createRequire(import.meta.url).resolve('react-dom/package.json')), 'cjs/react-dom-client.production.js')
const source = readFileSync(FILE, 'utf8')

test("React DOM's installed browser build: each marker error is made without a stack, and nothing else changes", () => {
	const transformed = transformReactDomClient(source, FILE)
	for (const name of REACT_SENTINEL_ERRORS) {
		expect(transformed).toMatch(new RegExp(`\\b${name} = markerError\\(formatProdErrorMessage\\(\\d+\\)\\)`))
		expect(transformed).not.toMatch(new RegExp(`\\b${name} = Error\\(`))
	}
	// The other errors React creates (when something really goes wrong) keep their stacks.
	const errorsBefore = source.match(/\bError\(/g)?.length ?? 0
	expect(transformed.match(/\bError\(/g)?.length).toBe(errorsBefore - REACT_SENTINEL_ERRORS.length)
	expect(transformed.startsWith(source.slice(0, source.indexOf('HydrationMismatchException = ')))).toBe(true)
})

test('a marker error is an Error with React’s message and no stack', () => {
	const transformed = transformReactDomClient(source, FILE)
	const helper = transformed.slice(transformed.lastIndexOf('function markerError('))
	const error = runInNewContext(`${helper}; markerError("Minified React error #460")`, { Object, Error }) as Error
	expect(error).toBeInstanceOf(Error)
	expect(error.message).toBe('Minified React error #460')
	expect(String(error)).toBe('Error: Minified React error #460')
	expect(error.stack).toBeUndefined()
})

test('a React DOM that declares its markers otherwise fails the build, naming the file and the markers', () => {
	const changed = source.replace('SuspenseException = Error(formatProdErrorMessage(460))', 'SuspenseException = createError(460)')
	expect(() => transformReactDomClient(changed, FILE)).toThrow(`${FILE}: React DOM no longer declares SuspenseException as`)
})
