export type PartnerLinkConfig = {
	/** The partner site, e.g. https://www.floristone.com */
	partnerBaseUrl: string
	affiliateId: string
}

function isPartnerHost(url: URL, partnerBaseUrl: string): boolean {
	const strip = (host: string) => host.replace(/^www\./, '')
	return strip(url.hostname) === strip(new URL(partnerBaseUrl).hostname)
}

/**
 * Adds the affiliate parameters to a partner-site link. Existing parameters are
 * kept; ours replace any earlier copy so they never appear twice. Links to
 * other hosts come back untouched. The id must sit on the link we emit, since
 * partner redirects can drop query parameters.
 */
export function withAffiliate(href: string, config: PartnerLinkConfig): string {
	let url: URL
	try {
		url = new URL(href, config.partnerBaseUrl)
	} catch {
		return href
	}
	if (!isPartnerHost(url, config.partnerBaseUrl)) return href
	url.searchParams.set('source_id', 'aff')
	url.searchParams.set('AffiliateID', config.affiliateId)
	return url.toString()
}

/** A partner-site path resolved against the partner's base URL, with affiliate parameters. */
export function partnerLink(path: string, config: PartnerLinkConfig): string {
	return withAffiliate(new URL(path, config.partnerBaseUrl).toString(), config)
}
