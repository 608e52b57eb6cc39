import { resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import { productSchema, type Product } from '#app/domain/product.ts'
import { z } from 'zod'
import { log } from '#app/server/log.server.ts'

/** How long one page's extraction may take, counted from the moment the worker begins it. */
const EXTRACT_TIME_LIMIT_MS = 1_000
/** How long a new worker may take to load (a busy machine can be slow here; it is never a page's fault). */
const WORKER_START_LIMIT_MS = 30_000

/**
 * The worker runs from its TypeScript source in every mode (Node strips the
 * types); it and the extractor use subpath imports (#app/…), which Node resolves itself, so no bundle is needed.
 */
const WORKER_PATH = resolve('app/server/partner/extract-worker.server.ts')

const productsSchema = z.array(productSchema)
const workerMessage = z.union([
	z.literal('ready'),
	z.strictObject({ id: z.number(), started: z.literal(true) }),
	z.strictObject({ id: z.number(), products: z.unknown() }),
])

/** The worker did not get ready: never the page's fault, and the next page starts a new worker. */
class WorkerStartError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'WorkerStartError'
	}
}

/** Why a page is refused once the worker is closed. */
const STOPPED = 'Product extraction stopped: the server is shutting down'

type Job = { html: string; baseUrl: string; timeLimitMs: number; resolve: (products: Product[]) => void; reject: (error: Error) => void }
type Ready = { worker: Worker; ready: Promise<void> }

/** Starts a worker and resolves once its modules are loaded; it never keeps the process alive. `onExit` hears that it has gone. */
function startWorker(onExit: (worker: Worker) => void): Ready {
	const worker = new Worker(WORKER_PATH, { resourceLimits: { maxOldGenerationSizeMb: 256, stackSizeMb: 16 } })
	worker.unref()
	// A worker that dies between pages is forgotten; the next page starts a new one.
	worker.on('error', (error) => log.error({ err: error }, 'Product extraction worker failed'))
	worker.on('exit', () => onExit(worker))
	const ready = new Promise<void>((resolveReady, rejectReady) => {
		const timer = setTimeout(() => rejectReady(new WorkerStartError('Product extraction could not start its worker')), WORKER_START_LIMIT_MS)
		worker.once('message', (message: unknown) => {
			clearTimeout(timer)
			if (message === 'ready') resolveReady()
			else rejectReady(new WorkerStartError('Product extraction worker did not start cleanly'))
		})
		worker.once('error', (error) => {
			clearTimeout(timer)
			rejectReady(new Error(`Product extraction failed: ${error.message}`))
		})
		// Terminated while loading (the server stopping): said at once, not after the start limit.
		worker.once('exit', () => {
			clearTimeout(timer)
			rejectReady(new WorkerStartError('Product extraction worker stopped before it was ready'))
		})
	})
	ready.catch(() => undefined)
	return { worker, ready }
}

/** Product extraction off the main thread, on one worker thread at a time. */
export type ExtractionWorker = {
	/**
	 * Extracts products in the worker with a time and memory limit, so a pathological page can
	 * never stall the server: past the limit the worker is terminated and the page abandoned. Pages
	 * wait their turn for the one worker; the limit counts the page's own extraction, not the wait.
	 */
	extract(html: string, baseUrl: string, timeLimitMs?: number): Promise<Product[]>
	/** Starts the worker ahead of the first page, so its start never counts against a page (called at start-up). */
	prepare(): void
	/** Terminates the worker thread: pages waiting, and any page after, are refused. Resolves once the thread has gone. */
	close(): Promise<void>
}

/** The extraction worker: none runs until `prepare` or the first page, and none after `close`. */
export function createExtractionWorker(): ExtractionWorker {
	let current: Ready | undefined
	const queue: Job[] = []
	let running = false
	let closed = false
	let nextId = 0

	const start = () => {
		const started = startWorker((worker) => {
			if (current?.worker === worker) current = undefined
		})
		current = started
		return started
	}

	/** Runs one job on the ready worker; a worker that overran or failed is replaced by a fresh one, started at once. */
	async function run(job: Job): Promise<Product[]> {
		if (closed) throw new Error(STOPPED)
		const { worker, ready } = current ?? start()
		await ready
		const id = (nextId += 1)
		return new Promise<Product[]>((resolveJob, rejectJob) => {
			let timer: ReturnType<typeof setTimeout> | undefined
			const finish = (outcome: () => void, replace: boolean) => {
				clearTimeout(timer)
				worker.off('message', onMessage)
				worker.off('error', onError)
				worker.off('exit', onExit)
				if (replace) {
					void worker.terminate()
					if (current?.worker === worker && !closed) start()
				}
				outcome()
			}
			const onMessage = (message: unknown) => {
				const parsed = workerMessage.safeParse(message)
				if (!parsed.success || parsed.data === 'ready' || parsed.data.id !== id) return
				if ('started' in parsed.data) {
					timer = setTimeout(
						() => finish(() => rejectJob(new Error(`Product extraction exceeded ${job.timeLimitMs} ms; page abandoned`)), true),
						job.timeLimitMs,
					)
					return
				}
				const products = productsSchema.safeParse(parsed.data.products)
				finish(() => (products.success ? resolveJob(products.data) : rejectJob(new Error('Product extraction returned malformed data'))), false)
			}
			const onError = (error: Error) => finish(() => rejectJob(new Error(`Product extraction failed: ${error.message}`)), true)
			const onExit = (code: number) => finish(() => rejectJob(new Error(`Product extraction stopped (exit ${code})`)), true)
			worker.on('message', onMessage)
			worker.once('error', onError)
			worker.once('exit', onExit)
			worker.postMessage({ id, html: job.html, baseUrl: job.baseUrl })
		})
	}

	async function drain() {
		if (running) return
		running = true
		try {
			for (let job = queue.shift(); job; job = queue.shift()) {
				const taken = job
				await run(taken).then(taken.resolve, (error: unknown) => {
					// A worker that could not start is not this page's fault: the next job starts a new one.
					if (current && error instanceof WorkerStartError) current = undefined
					taken.reject(error instanceof Error ? error : new Error(String(error)))
				})
			}
		} finally {
			running = false
		}
	}

	return {
		extract(html, baseUrl, timeLimitMs = EXTRACT_TIME_LIMIT_MS) {
			if (closed) return Promise.reject(new Error(STOPPED))
			return new Promise((resolveJob, rejectJob) => {
				queue.push({ html, baseUrl, timeLimitMs, resolve: resolveJob, reject: rejectJob })
				void drain()
			})
		},
		prepare() {
			if (!closed && !current) start()
		},
		async close() {
			closed = true
			for (let job = queue.shift(); job; job = queue.shift()) job.reject(new Error(STOPPED))
			const stopping = current
			current = undefined
			if (stopping) await stopping.worker.terminate()
		},
	}
}
