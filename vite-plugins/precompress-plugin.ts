import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml)$/

/**
 * Writes a .br (best quality) and a .gz copy beside every compressible file
 * of the browser build, once, so the server sends assets without compressing
 * them on each request, and in brotli, which gzip cannot match.
 */
export function precompressPlugin(): Plugin {
	return {
		name: 'precompress-assets',
		applyToEnvironment: (environment) => environment.name === 'client',
		writeBundle(options) {
			const dir = options.dir
			if (!dir) return
			for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
				if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
				const path = join(entry.parentPath, entry.name)
				const content = readFileSync(path)
				if (content.length < 1024) continue
				writeFileSync(
					`${path}.br`,
					brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
				)
				writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }))
			}
		},
	}
}
