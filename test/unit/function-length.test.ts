import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'

/**
 * The house limit on function size: no function in app/ or server/ spans more than 100 lines, so
 * each one can be read on one screen. The decisions inside a long one become small named functions.
 */

const ROOT = resolve(import.meta.dirname, '../..')
const MAX_LINES = 100

type LongFunction = { where: string; name: string; lines: number }

function sourceFiles(directory: string): string[] {
	return readdirSync(directory).flatMap((name) => {
		const path = join(directory, name)
		if (statSync(path).isDirectory()) return name.startsWith('+') || name === '.react-router' ? [] : sourceFiles(path)
		return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
	})
}

type FunctionNode =
	ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration | ts.GetAccessorDeclaration | ts.SetAccessorDeclaration

function isFunction(node: ts.Node): node is FunctionNode {
	return (
		ts.isFunctionDeclaration(node) ||
		ts.isFunctionExpression(node) ||
		ts.isArrowFunction(node) ||
		ts.isMethodDeclaration(node) ||
		ts.isGetAccessorDeclaration(node) ||
		ts.isSetAccessorDeclaration(node)
	)
}

/** A function's own name, else the name it is given (`const x = () => …`, `{ x: () => … }`), else the call it is handed to. */
function nameOf(node: FunctionNode, source: ts.SourceFile): string {
	if (node.name) return node.name.getText(source)
	const parent = node.parent
	if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name)
		return parent.name.getText(source)
	if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source)})`
	return '(anonymous)'
}

/** Every function in a source text spanning more than `maxLines` lines, counted from its first line to its last. */
function longFunctions(path: string, text: string, maxLines: number): LongFunction[] {
	const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
	const found: LongFunction[] = []
	const visit = (node: ts.Node) => {
		if (isFunction(node) && node.body) {
			const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
			const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
			const lines = last - first + 1
			if (lines > maxLines) found.push({ where: `${path}:${first + 1}`, name: nameOf(node, source), lines })
		}
		ts.forEachChild(node, visit)
	}
	visit(source)
	return found
}

test.each([
	['a function declaration', 'function a() {\n\treturn 1\n}\n', 2, [{ where: 'x.ts:1', name: 'a', lines: 3 }]],
	['one within the limit', 'function a() {\n\treturn 1\n}\n', 3, []],
	['an arrow function named by its variable', '\nconst b = () => {\n\tb()\n}\n', 2, [{ where: 'x.ts:2', name: 'b', lines: 3 }]],
	[
		'a method and a property',
		'const o = {\n\tm() {\n\t\t1\n\t},\n\tp: function () {\n\t\t2\n\t},\n}\n',
		2,
		[
			{ where: 'x.ts:2', name: 'm', lines: 3 },
			{ where: 'x.ts:5', name: 'p', lines: 3 },
		],
	],
	['a callback, and the function around it', 'run(() => {\n\t1\n\t2\n})\n', 3, [{ where: 'x.ts:1', name: '(callback of run)', lines: 4 }]],
	[
		'nested functions, each counted',
		'function outer() {\n\tconst inner = () => {\n\t\t1\n\t}\n}\n',
		2,
		[
			{ where: 'x.ts:1', name: 'outer', lines: 5 },
			{ where: 'x.ts:2', name: 'inner', lines: 3 },
		],
	],
	['a signature without a body', 'declare function d(\n\ta: number,\n\tb: number,\n): void\n', 2, []],
])('the length of %s', (_name, text, maxLines, expected) => {
	expect(longFunctions('x.ts', text, maxLines)).toEqual(expected)
})

test(`no function in app/ or server/ is longer than ${MAX_LINES} lines`, () => {
	const files = [...sourceFiles(join(ROOT, 'app')), ...sourceFiles(join(ROOT, 'server'))]
	expect(files.length).toBeGreaterThan(50)
	const long = files.flatMap((file) => longFunctions(relative(ROOT, file), readFileSync(file, 'utf8'), MAX_LINES))
	expect(long.map(({ where, name, lines }) => `${where} ${name}: ${lines} lines`)).toEqual([])
})
