// Worker thread entry: parses one partner page off the request path.
// Relative imports only, so Node can run this file directly as well as bundled.
import { parentPort, workerData } from 'node:worker_threads'
import { extractProducts } from './extract.server.ts'

const html: unknown = workerData?.html
const baseUrl: unknown = workerData?.baseUrl
if (typeof html !== 'string' || typeof baseUrl !== 'string') throw new Error('extract worker needs html and baseUrl')
parentPort?.postMessage(extractProducts(html, baseUrl))
