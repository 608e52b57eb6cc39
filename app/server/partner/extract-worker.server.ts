// Worker thread entry: parses partner pages off the request path, one job at a time. It is
// started ahead of need and says 'ready' once its modules are loaded; for each job it first says
// 'started', so the time limit measures the extraction alone, not the start or the queue.
// Node runs this file from its source in every mode (extract-runner.server.ts): subpath imports only, no bundler features.
import { parentPort } from 'node:worker_threads'
import { extractProducts } from '#app/server/partner/extract.server.ts'

type Job = { id: number; html: string; baseUrl: string }

parentPort?.on('message', (job: Job) => {
	parentPort?.postMessage({ id: job.id, started: true })
	parentPort?.postMessage({ id: job.id, products: extractProducts(job.html, job.baseUrl) })
})
parentPort?.postMessage('ready')
