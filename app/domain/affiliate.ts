export type PartnerLinkConfig = {
	/** The partner site, e.g. https://www.floristone.com */
	partnerBaseUrl: string
	affiliateId: string
}

const IP_OR_LOCAL = /^(\d{1,3}(\.\d{1,3}){3}|\[.*\]|localhost)$/i
// Second-level labels under which a country's registrable names sit (example.co.uk).
const COUNTRY_SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'edu'])

/**
 * The registrable domain of a host name (www.floristone.com -> floristone.com),
 * so every host of the partner counts as the partner. Addresses and local
 * names stand for themselves, port included.
 */
function registrableDomain(url: URL): string {
	if (IP_OR_LOCAL.test(url.hostname) || !url.hostname.includes('.')) return url.host
	const labels = url.hostname.toLowerCase().replace(/\.$/, '').split('.')
	const keep = labels.length >= 3 && labels.at(-1)?.length === 2 && COUNTRY_SECOND_LEVEL.has(labels.at(-2) ?? '') ? 3 : 2
	return labels.slice(-keep).join('.')
}

/** Whether a URL is on any host of the partner (floristone.com, www.floristone.com, cdn.floristone.com, …). */
export function isPartnerUrl(href: string | URL, partnerBaseUrl: string): boolean {
	try {
		const url = typeof href === 'string' ? new URL(href) : href
		if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
		return registrableDomain(url) === registrableDomain(new URL(partnerBaseUrl))
	} catch {
		return false
	}
}

/**
 * Adds the affiliate parameters to a partner-site link. Existing parameters are
 * kept; ours replace any earlier copy (in any letter case, since the partner
 * reads names case-insensitively) so they never appear twice. Links to other
 * sites come back untouched. The id must sit on the link we emit, since
 * partner redirects can drop query parameters.
 */
export function withAffiliate(href: string, config: PartnerLinkConfig): string {
	let url: URL
	try {
		url = new URL(href, config.partnerBaseUrl)
	} catch {
		return href
	}
	if (!isPartnerUrl(url, config.partnerBaseUrl)) return href
	for (const name of [...url.searchParams.keys()]) {
		if (/^(source_id|affiliateid)$/i.test(name) && name !== 'source_id' && name !== 'AffiliateID') url.searchParams.delete(name)
	}
	url.searchParams.set('source_id', 'aff')
	url.searchParams.set('AffiliateID', config.affiliateId)
	return url.toString()
}
