/**
 * The partner wing's door for the operator's and the measuring scripts (`check:partner`, `bench`):
 * the wing's parts they use, named here so that nothing outside app/server/ reaches into
 * app/server/partner/ itself.
 */
export { extractProducts } from '#app/server/partner/extract.server.ts'
export { createExtractionWorker } from '#app/server/partner/extract-runner.server.ts'
export { DEFAULT_SAFE_FETCH, safeFetchText, UpstreamError } from '#app/server/partner/fetch-page.server.ts'
export { createFloristOneClient, type ApiProduct, type FloristOneClient } from '#app/server/partner/floristone.server.ts'
export { createPageCache } from '#app/server/partner/page-cache.server.ts'
export { encodePhoto } from '#app/server/partner/photo-store.server.ts'
