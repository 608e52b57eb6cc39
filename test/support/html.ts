/** Small readers for server-rendered HTML, so tests assert what a crawler receives. */
export function titleOf(html: string): string | undefined {
	return /<title>([^<]*)<\/title>/.exec(html)?.[1]
}

export function linkHref(html: string, rel: string, extra = ''): string | undefined {
	const tags = html.match(/<link\b[^>]*>/g) ?? []
	const tag = tags.find((candidate) => candidate.includes(`rel="${rel}"`) && candidate.includes(extra))
	return tag ? /href="([^"]*)"/.exec(tag)?.[1] : undefined
}

export function metaContent(html: string, key: string): string | undefined {
	const tags = html.match(/<meta\b[^>]*>/g) ?? []
	const tag = tags.find((candidate) => candidate.includes(`name="${key}"`) || candidate.includes(`property="${key}"`))
	return tag ? decode(/content="([^"]*)"/.exec(tag)?.[1] ?? '') : undefined
}

export function jsonLdBlocks(html: string): Record<string, unknown>[] {
	const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
	return blocks.map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>)
}

export function jsonLdTypes(html: string): string[] {
	return jsonLdBlocks(html).flatMap((block) => {
		const type = block['@type']
		return Array.isArray(type) ? type.map(String) : [String(type)]
	})
}

function decode(text: string): string {
	return text
		.replace(/&#x27;|&#39;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/&amp;/g, '&')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
}

export function decodeText(text: string): string {
	return decode(text)
}

/**
 * The page's markup without its scripts: what the browser renders before React runs. The root's
 * data, which carries every message of the page's language (the fallback's words among them),
 * stays out of a check for what the page shows.
 */
export function markupOf(html: string): string {
	return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
}
