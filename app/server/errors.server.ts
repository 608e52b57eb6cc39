/** The message of anything thrown, for logs. Never shown to visitors as it is: see `visitorMessage`. */
export function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error)
}

/** The site's own error sentences (SPEC §8); a failure whose message starts with one shows just that sentence. */
const SITE_SENTENCES = [
	'All cache strategies failed',
	'Crawl coordination failed',
	'API key not found',
	'Failed to connect to Firecrawl API',
	'Failed to crawl website',
]
/** What a visitor reads for any other failure (SPEC §8). */
const TRY_AGAIN_LATER = 'Please try again later.'

/**
 * A failure as a visitor may read it: one of the site's own sentences, never a third party's text
 * (an upstream's error may echo a request header, an address or markup). The full text goes to the log.
 */
export function visitorMessage(error: unknown): string {
	const message = errorMessage(error)
	return SITE_SENTENCES.find((sentence) => message === sentence || message.startsWith(`${sentence}:`)) ?? TRY_AGAIN_LATER
}
