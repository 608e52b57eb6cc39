/** The message of anything thrown, for logs. Never shown to visitors as it is: see `visitorMessage`. */
export function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error)
}

/** The site's own error sentences (SPEC §8): the only failure texts a visitor may read. */
type SiteSentence =
	'All cache strategies failed' | 'Crawl coordination failed' | 'API key not found' | 'Failed to connect to Firecrawl API' | 'Failed to crawl website'

/**
 * A failure that names the site's sentence for it, if it has one; its message, for the log, may say
 * more (a status, a reason, an upstream's own words).
 */
export class SiteError extends Error {
	readonly sentence: SiteSentence | undefined
	constructor(message: string, sentence: SiteSentence | undefined) {
		super(message)
		this.name = 'SiteError'
		this.sentence = sentence
	}
}

/** What a visitor reads for any other failure (SPEC §8). */
const TRY_AGAIN_LATER = 'Please try again later.'

/**
 * A failure as a visitor may read it: one of the site's own sentences, never a third party's text
 * (an upstream's error may echo a request header, an address or markup). The full text goes to the log.
 */
export function visitorMessage(error: unknown): string {
	return (error instanceof SiteError && error.sentence) || TRY_AGAIN_LATER
}
