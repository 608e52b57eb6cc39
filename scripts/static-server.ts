/**
 * A plain static file server (sirv) for `npm run bench:load`: it serves the
 * saved pages, precompressed, as a yardstick for the real server.
 * Usage: node scripts/static-server.ts <directory> <port>
 */
import { createServer } from 'node:http'
import sirv from 'sirv'

const [directory = '.', port = '0'] = process.argv.slice(2)
const serve = sirv(directory, { dev: false, etag: true, gzip: true, brotli: true, extensions: ['html', 'json'] })
const server = createServer((request, response) => serve(request, response, () => void response.writeHead(404).end('Not found')))
server.listen(Number(port), '127.0.0.1', () => console.info(`static server on ${port}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
