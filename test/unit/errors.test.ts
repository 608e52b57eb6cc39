import { expect, test } from 'vitest'
import { SiteError, visitorMessage } from '#app/server/errors.server.ts'
import { UpstreamError } from '#app/server/partner/fetch-page.server.ts'

test('a visitor reads the site’s own sentence for a failure that names one, whatever its message says for the log', () => {
	expect(visitorMessage(new UpstreamError('Failed to crawl website: 403 from partner', { retryable: false, sentence: 'Failed to crawl website' }))).toBe(
		'Failed to crawl website',
	)
	expect(visitorMessage(new SiteError('All cache strategies failed', 'All cache strategies failed'))).toBe('All cache strategies failed')
})

test('an upstream’s own words, or any other failure, read "Please try again later." even when they start like a site sentence', () => {
	expect(visitorMessage(new UpstreamError('Failed to crawl website: <script>alert(1)</script>', { retryable: false }))).toBe('Please try again later.')
	expect(visitorMessage(new Error('All cache strategies failed'))).toBe('Please try again later.')
	expect(visitorMessage('API key not found')).toBe('Please try again later.')
})
