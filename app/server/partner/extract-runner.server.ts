import { resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import { productSchema, type Product } from '../../domain/product.ts'
import { z } from 'zod'

export const EXTRACT_TIME_LIMIT_MS = 1_000

/**
 * The worker runs from its TypeScript source in every mode (Node strips the
 * types); it and the extractor use relative imports only, so no bundle is needed.
 */
const WORKER_PATH = resolve('app/server/partner/extract-worker.server.ts')

const productsSchema = z.array(productSchema)

/**
 * Extracts products in a worker thread with a time and memory limit, so a
 * pathological page can never stall the server: past the limit the worker
 * is terminated and the page abandoned.
 */
export function extractInWorker(html: string, baseUrl: string, timeLimitMs = EXTRACT_TIME_LIMIT_MS): Promise<Product[]> {
	return new Promise((resolvePromise, reject) => {
		const worker = new Worker(WORKER_PATH, {
			workerData: { html, baseUrl },
			resourceLimits: { maxOldGenerationSizeMb: 256, stackSizeMb: 16 },
		})
		let settled = false
		const finish = (outcome: () => void) => {
			if (settled) return
			settled = true
			clearTimeout(timer)
			void worker.terminate()
			outcome()
		}
		const timer = setTimeout(() => finish(() => reject(new Error(`Product extraction exceeded ${timeLimitMs} ms; page abandoned`))), timeLimitMs)
		worker.once('message', (message: unknown) => {
			const parsed = productsSchema.safeParse(message)
			finish(() => (parsed.success ? resolvePromise(parsed.data) : reject(new Error('Product extraction returned malformed data'))))
		})
		worker.once('error', (error) => finish(() => reject(new Error(`Product extraction failed: ${error.message}`))))
		worker.once('exit', (code) => finish(() => reject(new Error(`Product extraction stopped (exit ${code})`))))
	})
}
