import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'

/**
 * The house rules, checked on the source: which room may import which, no
 * import cycles, and log lines whose message is a constant. Reads every module
 * of the product (app/, server/, server.ts), the scripts and mock servers for
 * what they import, and with migrations/ and test/ every comment for the
 * abolished import rule.
 */

const ROOT = resolve(import.meta.dirname, '../..')
/** package.json's subpath imports (`#app/*` → `./app/*`): the one way a module names another. */
const SUBPATHS = Object.entries((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { imports: Record<string, string> }).imports).map(
	([from, to]) => [from.replace(/\*$/, ''), to.replace(/\*$/, '')] as const,
)

/** The file a project specifier names, without its extension resolved; undefined for a package. */
function projectPath(specifier: string): string | undefined {
	const subpath = SUBPATHS.find(([from]) => specifier.startsWith(from))
	return subpath ? join(ROOT, subpath[1], specifier.slice(subpath[0].length)) : undefined
}

function sourceFiles(directory: string): string[] {
	return readdirSync(directory).flatMap((name) => {
		const path = join(directory, name)
		if (statSync(path).isDirectory()) return name.startsWith('+') || name === '.react-router' ? [] : sourceFiles(path)
		return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
	})
}

const files = [...sourceFiles(join(ROOT, 'app')), ...sourceFiles(join(ROOT, 'server')), join(ROOT, 'server.ts')]
const known = new Set(files)

/** The project modules a file imports (statically or dynamically, types included), as paths from the root. */
function specifiersOf(file: string, text = readFileSync(file, 'utf8')): string[] {
	return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
		(match) => match[1] ?? match[2] ?? '',
	)
}

function importsOf(file: string): string[] {
	return specifiersOf(file).flatMap((specifier) => {
		const base = specifier.startsWith('.') ? resolve(dirname(file), specifier) : projectPath(specifier)
		if (!base) return []
		const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]
		const found = candidates.find((candidate) => known.has(candidate))
		return found ? [relative(ROOT, found)] : []
	})
}

const graph = new Map(files.map((file) => [relative(ROOT, file), importsOf(file)]))

test('the graph is read: every room has modules, and imports are found', () => {
	const modules = [...graph.keys()]
	for (const room of ['app/routes/', 'app/domain/', 'app/server/partner/', 'server/'])
		expect(
			modules.some((path) => path.startsWith(room)),
			room,
		).toBe(true)
	expect(graph.get('app/routes/category.tsx')).toContain('app/server/offers/products.server.ts')
})

test('one import style: modules name each other by subpath (#app/…, #server/…), never by a relative path or an alias', () => {
	const scripts = [...sourceFiles(join(ROOT, 'scripts')), ...sourceFiles(join(ROOT, 'mock-servers')), ...sourceFiles(join(ROOT, 'vite-plugins'))]
	const tests = sourceFiles(join(ROOT, 'test')).filter((file) => !file.includes(`${join('test', 'fixtures')}`))
	const offenders = [...files, ...scripts, ...tests].flatMap((file) =>
		specifiersOf(file)
			// The framework's generated route types sit beside each route, reached as ./+types/<route>.
			.filter((specifier) => (specifier.startsWith('.') || specifier.startsWith('~')) && !specifier.startsWith('./+types/'))
			.map((specifier) => `${relative(ROOT, file)}: ${specifier}`),
	)
	expect(offenders).toEqual([])
	expect(graph.get('app/routes/category.tsx')?.length).toBeGreaterThan(3)
})

/** Every file under a folder, whatever its kind. */
function everyFile(directory: string): string[] {
	return readdirSync(directory).flatMap((name) => {
		const path = join(directory, name)
		return statSync(path).isDirectory() ? everyFile(path) : [path]
	})
}

/** The imports of `file` (its text given) that reach into test/, by the #test/ alias or a relative path. */
function testImports(file: string, text: string): string[] {
	const tests = join(ROOT, 'test')
	return specifiersOf(file, text).filter((specifier) => {
		const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : projectPath(specifier)
		return target !== undefined && (target === tests || target.startsWith(`${tests}${sep}`))
	})
}

test.each([
	["import { startServer } from '#test/support/server.ts'", ['#test/support/server.ts']],
	["import type { StoreCase } from '#test/support/stores.ts'", ['#test/support/stores.ts']],
	["const { startServer } = await import('#test/support/server.ts')", ['#test/support/server.ts']],
	["export { waitUntil } from '../../test/support/wait.ts'", ['../../test/support/wait.ts']],
	["import { freePort } from '#scripts/lib/server.ts'", []],
	["import { startPartnerStandIn } from '#mock-servers/partner.ts'", []],
	["import { readFileSync } from 'node:fs'", []],
	['// A comment naming test/support/server.ts imports nothing', []],
])('an import of the tests is found: %s', (text, found) => {
	expect(testImports(join(ROOT, 'scripts', 'measure', 'example.ts'), text)).toEqual(found)
})

test('nothing under scripts/, vite-plugins/ or mock-servers/ imports test/: what scripts and tests share lives in scripts/lib/ and mock-servers/', () => {
	const outside = [...everyFile(join(ROOT, 'scripts')), ...everyFile(join(ROOT, 'mock-servers')), ...everyFile(join(ROOT, 'vite-plugins'))]
	expect(outside.length).toBeGreaterThan(25)
	const offenders = outside.flatMap((file) => testImports(file, readFileSync(file, 'utf8')).map((specifier) => `${relative(ROOT, file)}: ${specifier}`))
	expect(offenders).toEqual([])
})

test('no import cycles', () => {
	const cycles: string[] = []
	const state = new Map<string, 'open' | 'done'>()
	const visit = (module: string, path: string[]) => {
		if (state.get(module) === 'done') return
		if (state.get(module) === 'open') {
			cycles.push([...path.slice(path.indexOf(module)), module].join(' → '))
			return
		}
		state.set(module, 'open')
		for (const next of graph.get(module) ?? []) visit(next, [...path, module])
		state.set(module, 'done')
	}
	for (const module of graph.keys()) visit(module, [])
	expect(cycles).toEqual([])
})

test('the product code never imports the edge, where the whole-response cache lives', () => {
	const offenders = [...graph].filter(([module, imports]) => module.startsWith('app/') && imports.some((target) => target.startsWith('server/')))
	expect(offenders.map(([module]) => module)).toEqual([])
})

test('app/server/ keeps its rooms: at most 20 modules at its top, the rest in agents/, offers/, partner/, search/ and store/', () => {
	const top = readdirSync(join(ROOT, 'app/server')).filter((name) => statSync(join(ROOT, 'app/server', name)).isFile())
	expect(top.length, top.join(', ')).toBeLessThanOrEqual(20)
	const rooms = readdirSync(join(ROOT, 'app/server')).filter((name) => statSync(join(ROOT, 'app/server', name)).isDirectory())
	expect(rooms.sort()).toEqual(['agents', 'offers', 'partner', 'search', 'store'])
})

test('one name per file: no file name of the product (app/, server/) stands in two rooms', () => {
	const rooms = new Map<string, string[]>()
	for (const file of files) {
		const name = relative(ROOT, file)
			.split(sep)
			.at(-1)
			?.replace(/\.server\.ts$|\.tsx?$/, '')
		if (name) rooms.set(name, [...(rooms.get(name) ?? []), relative(ROOT, file)])
	}
	expect([...rooms.values()].filter((paths) => paths.length > 1)).toEqual([])
})

test('the partner wing is reached only through the doors in app/server/: no route, component or edge module imports it', () => {
	const isDoor = (module: string) => /^app\/server\/(?!partner\/).+\.server\.ts$/.test(module)
	const offenders = [...graph].flatMap(([module, imports]) =>
		module.startsWith('app/server/partner/') || isDoor(module)
			? []
			: imports.filter((target) => target.startsWith('app/server/partner/')).map((target) => `${module} → ${target}`),
	)
	expect(offenders).toEqual([])
	// The doors that open onto it: the wiring, and the services built on it.
	const doors = [...graph]
		.filter(([module, imports]) => isDoor(module) && imports.some((target) => target.startsWith('app/server/partner/')))
		.map(([module]) => module)
	expect(doors.sort()).toEqual([
		'app/server/offers/partner-setup.server.ts',
		'app/server/offers/partner-tools.server.ts',
		'app/server/offers/products.server.ts',
	])
})

test('scripts reach the partner wing through its door (app/server/offers/partner-tools.server.ts), never into it', () => {
	const scripts = sourceFiles(join(ROOT, 'scripts'))
	expect(scripts.length).toBeGreaterThan(10)
	const offenders = scripts.filter((file) => /from '#app\/server\/partner\//.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file))
	expect(offenders).toEqual([])
})

test('domain rules are pure: they import only other domain modules, and the shapes of the words they are told in', () => {
	const offenders = [...graph].flatMap(([module, imports]) =>
		module.startsWith('app/domain/')
			? imports.filter((target) => !target.startsWith('app/domain/') && !target.startsWith('app/words/')).map((target) => `${module} → ${target}`)
			: [],
	)
	expect(offenders).toEqual([])
})

test('the message catalogs are words only: they import nothing, so every room may read them', () => {
	const offenders = [...graph].flatMap(([module, imports]) =>
		module.startsWith('app/words/') ? imports.filter((target) => !target.startsWith('app/words/')).map((target) => `${module} → ${target}`) : [],
	)
	expect(offenders).toEqual([])
	// The domain reads only the catalogs' shapes: a value import would put both languages' words in every script.
	const values = [...graph].flatMap(([module]) =>
		module.startsWith('app/domain/')
			? [...readFileSync(module, 'utf8').matchAll(/^import (?!type )[^\n]*'#app\/messages\/[^']+'/gm)].map((match) => `${module}: ${match[0]}`)
			: [],
	)
	expect(values).toEqual([])
})

/** Every call of a log level on the server's log (`log.warn(…)`, `serverLog.error(…)`, `req.log.info(…)`), with its arguments. */
function logCalls(file: string): { where: string; args: ts.NodeArray<ts.Expression> }[] {
	const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
	const calls: { where: string; args: ts.NodeArray<ts.Expression> }[] = []
	const visit = (node: ts.Node) => {
		if (
			ts.isCallExpression(node) &&
			ts.isPropertyAccessExpression(node.expression) &&
			/^(trace|debug|info|warn|error|fatal)$/.test(node.expression.name.text) &&
			/(^|\.)log$|Log$/.test(node.expression.expression.getText(source))
		) {
			const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
			calls.push({ where: `${relative(ROOT, file)}:${line + 1}`, args: node.arguments })
		}
		ts.forEachChild(node, visit)
	}
	visit(source)
	return calls
}

test('every log line has a constant message, its data in fields, so lines group by message and fields are searchable', () => {
	const calls = files.flatMap(logCalls)
	expect(calls.length).toBeGreaterThan(20)
	const constant = (node: ts.Expression | undefined) => node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
	// The message is the first argument or follows the fields, and nothing comes after it (pino would format it in: '%s').
	const wellFormed = (args: ts.NodeArray<ts.Expression>) => (constant(args[0]) ? args.length === 1 : args.length === 2 && constant(args[1]))
	const offenders = calls.filter(({ args }) => !wellFormed(args)).map(({ where, args }) => `${where}: ${args.map((arg) => arg.getText()).join(', ')}`)
	expect(offenders).toEqual([])
})

/**
 * Module-level constants of app/server/ that hold a collection, allowed because nothing writes to them
 * after import: each is built from data bundled with the server and only read.
 */
const PURE_MODULE_CONSTANTS: Record<string, string> = {
	// Lookups over the bundled catalog (data/*.json), built when it is validated at import.
	'app/server/catalog-data.server.ts: citiesBySlug': 'the cities of the bundled catalog by slug',
	'app/server/catalog-data.server.ts: categoriesBySlug': 'the categories of the bundled catalog by slug',
	// Lookups over the bundled ZIP code table and data/places.json.
	'app/server/search/zip-codes.server.ts: arizona': "Arizona's ZIP codes and their places, from the bundled table",
	'app/server/search/zip-codes.server.ts: places': "Arizona's places by their typed name, from the bundled table and data/places.json",
	'app/server/search/zip-codes.server.ts: listedByKey': 'the listed towns by their typed name, from the bundled catalog',
	// The one process-wide logger: each request's id rides in its async context, set and cleared by `withRequestId`.
	'app/server/log.server.ts: requestIds': 'the request id of the log line being written, per async context',
}

/** What a module-level `new` may build only with a reason in PURE_MODULE_CONSTANTS: a collection or cache that could hold state. */
const STATEFUL_CLASSES = /^(LRUCache|Map|Set|WeakMap|WeakSet|AsyncLocalStorage|Worker|EventTarget)$/
const WRITES = /^(set|delete|clear|add|push|splice|run|enterWith)$/

/** Module-level state of one file: `let` and `var`, `new` of a collection or cache, and closures run at import (IIFEs). */
function moduleState(file: string): { where: string; name: string; allowed: boolean }[] {
	const path = relative(ROOT, file)
	const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
	const at = (node: ts.Node) => `${path}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`
	const found: { where: string; name: string; allowed: boolean }[] = []
	for (const statement of source.statements) {
		if (ts.isExpressionStatement(statement)) {
			const call = statement.expression
			if (ts.isCallExpression(call) && ts.isParenthesizedExpression(call.expression))
				found.push({ where: at(statement), name: '(a function run at import)', allowed: false })
			continue
		}
		if (!ts.isVariableStatement(statement)) continue
		const mutable = (statement.declarationList.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) !== ts.NodeFlags.Const
		for (const declaration of statement.declarationList.declarations) {
			const name = declaration.name.getText(source)
			const init = declaration.initializer
			const built = init && ts.isNewExpression(init) && STATEFUL_CLASSES.test(init.expression.getText(source))
			const closure = init && ts.isCallExpression(init) && ts.isParenthesizedExpression(init.expression)
			if (mutable) found.push({ where: at(declaration), name: `let ${name}`, allowed: false })
			else if (built || closure) found.push({ where: at(declaration), name, allowed: `${path}: ${name}` in PURE_MODULE_CONSTANTS })
		}
	}
	return found
}

/** Calls that write to `name` anywhere in the file (`name.set(…)`, `name.clear()`, …). */
function writesTo(file: string, name: string): string[] {
	const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
	const writes: string[] = []
	const visit = (node: ts.Node) => {
		if (
			ts.isCallExpression(node) &&
			ts.isPropertyAccessExpression(node.expression) &&
			node.expression.expression.getText(source) === name &&
			WRITES.test(node.expression.name.text)
		)
			writes.push(`${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${node.getText(source)}`)
		ts.forEachChild(node, visit)
	}
	visit(source)
	return writes
}

test('no module-level state in app/server/: what holds state across requests is built by server/app.ts and handed in', () => {
	const serverFiles = files.filter((file) => relative(ROOT, file).startsWith('app/server/'))
	expect(serverFiles.length).toBeGreaterThan(30)
	const state = serverFiles.flatMap(moduleState)
	const offenders = state.filter((entry) => !entry.allowed).map((entry) => `${entry.where}: ${entry.name}`)
	expect(offenders).toEqual([])
	// Every allowed constant is still there, and only read (the logger's store aside: `run` is how it is used).
	const allowed = state.filter((entry) => entry.allowed).map((entry) => `${entry.where.replace(/:\d+$/, '')}: ${entry.name}`)
	expect(allowed.sort()).toEqual(Object.keys(PURE_MODULE_CONSTANTS).sort())
	const written = Object.keys(PURE_MODULE_CONSTANTS)
		.filter((key) => !key.endsWith(': requestIds'))
		.flatMap((key) => {
			const [path = '', name = ''] = key.split(': ')
			return writesTo(join(ROOT, path), name)
		})
	expect(written).toEqual([])
})

test('every route’s loader stays short (25 lines at most): what a page needs is gathered in app/server/ and app/domain/', () => {
	const routes = files.filter((file) => relative(ROOT, file).startsWith(`app${sep}routes${sep}`))
	const loaders = routes.flatMap((file) => {
		const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
		return source.statements.flatMap((statement) => {
			if (!ts.isFunctionDeclaration(statement) || statement.name?.text !== 'loader') return []
			const first = source.getLineAndCharacterOfPosition(statement.getStart()).line
			const last = source.getLineAndCharacterOfPosition(statement.getEnd()).line
			return [{ where: relative(ROOT, file), lines: last - first + 1 }]
		})
	})
	expect(loaders.length).toBeGreaterThan(10)
	expect(loaders.filter(({ lines }) => lines > 25)).toEqual([])
})

/** Every comment of a file with the line it starts on, as the parser reads them: a string or a pattern that looks like one is no comment. */
function commentsOf(file: string, text = readFileSync(file, 'utf8')): { line: number; text: string }[] {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
	const found = new Map<number, string>()
	const collect = (ranges: ts.CommentRange[] | undefined) => ranges?.forEach((range) => found.set(range.pos, text.slice(range.pos, range.end)))
	const visit = (node: ts.Node) => {
		collect(ts.getLeadingCommentRanges(text, node.getFullStart()))
		collect(ts.getTrailingCommentRanges(text, node.getEnd()))
		node.getChildren(source).forEach(visit)
	}
	visit(source)
	return [...found].sort(([a], [b]) => a - b).map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: comment }))
}

test('no comment gives the abolished import rule ("relative imports"): modules name each other by subpath, #app/…, #server/…', () => {
	const oldRule = /\brelative\s+imports?\b/i
	const stale = (file: string, text?: string) =>
		commentsOf(file, text)
			.filter((comment) => oldRule.test(comment.text))
			.map((comment) => `${relative(ROOT, file)}:${comment.line}: ${comment.text.split('\n')[0]}`)
	// The reader finds the rule in a line or block comment beside a subpath import, and never in code.
	const example = join(ROOT, 'app', 'server', 'example.server.ts')
	expect(stale(example, "// Relative imports only: a script runs this module.\nimport { log } from '#app/server/log.server.ts'")).toHaveLength(1)
	expect(stale(example, "/**\n * It uses relative imports only.\n */\nimport { log } from '#app/server/log.server.ts'")).toHaveLength(1)
	expect(stale(example, "const note = 'relative imports only'\nconst pattern = /relative imports?/\nimport { log } from '#app/server/log.server.ts'")).toEqual(
		[],
	)
	const roots = readdirSync(ROOT)
		.filter((name) => /\.tsx?$/.test(name))
		.map((name) => join(ROOT, name))
	const read = [
		...files,
		...roots,
		...sourceFiles(join(ROOT, 'scripts')),
		...sourceFiles(join(ROOT, 'mock-servers')),
		...sourceFiles(join(ROOT, 'migrations')),
		...sourceFiles(join(ROOT, 'test')).filter((file) => !file.includes(join('test', 'fixtures'))),
	]
	expect(read.length).toBeGreaterThan(200)
	expect(read.flatMap((file) => stale(file))).toEqual([])
})

test('the edge that runs from source (server.ts, server/main.ts and what they import) imports no app source: the built app is all the image has of app/', () => {
	const seen = new Set<string>()
	const offenders: string[] = []
	const visit = (file: string) => {
		if (seen.has(file)) return
		seen.add(file)
		for (const line of readFileSync(file, 'utf8').split('\n')) {
			// Type-only imports are erased when Node runs the file; everything else is loaded.
			const match = /^(?:import|export)\s+(?!type\b)[^'"]*\bfrom\s+'(#[^']+)'/.exec(line)
			const specifier = match?.[1]
			if (!specifier) continue
			if (specifier.startsWith('#app/')) offenders.push(`${relative(ROOT, file)}: ${specifier}`)
			else {
				const target = projectPath(specifier)
				if (target) visit(target)
			}
		}
	}
	visit(join(ROOT, 'server', 'main.ts'))
	expect(seen.size).toBeGreaterThan(4)
	expect(offenders).toEqual([])
})
