import type { CalendarDate } from '#app/domain/calendar-date.ts'
import { isPartnerUrl, withAffiliate, type PartnerLinkConfig } from '#app/domain/affiliate.ts'

/**
 * Outbound links to the partner are data: URL templates (paths on the
 * partner site, with placeholders in braces) kept in data/partner.json, and a
 * category's own template in data/categories.json when it needs one. Every
 * link built here passes through the one affiliate helper.
 */
export const LINK_PLACEHOLDERS = {
	storefront: [],
	arizona: [],
	orderNow: [],
	sameDay: [],
	city: ['slug', 'name', 'zip'],
	category: ['code'],
	product: ['CODE'],
} as const satisfies Record<string, readonly string[]>

export type LinkKind = keyof typeof LINK_PLACEHOLDERS
export type LinkTemplates = Record<LinkKind, string>

const PLACEHOLDER = /\{([^{}]*)\}/g

/**
 * What is wrong with a template, or undefined when it is usable: a path on the
 * partner site, only the placeholders its kind knows, no affiliate parameters
 * of its own (the helper adds them, and two copies would disagree).
 */
export function templateProblem(template: string, allowed: readonly string[]): string | undefined {
	if (!template.startsWith('/') || template.startsWith('//')) return 'must be a path on the partner site starting with a single /'
	if (/\s/.test(template)) return 'must not contain spaces'
	const unmatched = template.replace(PLACEHOLDER, '')
	if (/[{}]/.test(unmatched)) return 'has an unbalanced { or }'
	for (const [, name] of template.matchAll(PLACEHOLDER)) {
		if (!allowed.includes(name ?? '')) {
			return allowed.length === 0
				? `has the placeholder {${name}}, but this link takes none`
				: `has an unknown placeholder {${name}} (allowed: ${allowed.map((known) => `{${known}}`).join(', ')})`
		}
	}
	let url: URL
	try {
		url = new URL(fillTemplate(template, Object.fromEntries(allowed.map((name) => [name, 'x']))), 'https://partner.invalid')
	} catch {
		return 'is not a valid URL path'
	}
	if (url.host !== 'partner.invalid') return 'must stay on the partner site'
	for (const name of url.searchParams.keys()) {
		if (/^(source_id|affiliateid)$/i.test(name)) return `must not carry ${name}: the affiliate parameters are added to every link`
	}
	return undefined
}

/** Puts URL-encoded values in place of the placeholders. */
function fillTemplate(template: string, values: Record<string, string>): string {
	return template.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(values[name] ?? ''))
}

/** The partner URL for a template, without affiliate parameters (what the crawler fetches). */
export function partnerUrl(template: string, values: Record<string, string>, partnerBaseUrl: string): string {
	return new URL(fillTemplate(template, values), `${partnerBaseUrl.replace(/\/+$/, '')}/`).toString()
}

export type CityLinkInput = { slug: string; name: string; zip: string }

/** Every outbound link the site emits, built from the templates, each carrying the affiliate parameters. */
export function createPartnerLinks(templates: LinkTemplates, config: PartnerLinkConfig) {
	const link = (template: string, values: Record<string, string> = {}) => withAffiliate(partnerUrl(template, values, config.partnerBaseUrl), config)
	return {
		storefront: () => link(templates.storefront),
		arizona: () => link(templates.arizona),
		orderNow: () => link(templates.orderNow),
		sameDay: () => link(templates.sameDay),
		city: (city: CityLinkInput) => link(templates.city, city),
		/** A category's page: its own template when it has one, else the shared one with its code. */
		category: (code: string, ownTemplate?: string) => link(ownTemplate ?? templates.category, { code }),
		product: (code: string) => link(templates.product, { CODE: code }),
		/** A page of the partner's own site given by its address, with the affiliate parameters; undefined for an address elsewhere. */
		partnerPage: (url: string) => (isPartnerUrl(url, config.partnerBaseUrl) ? withAffiliate(url, config) : undefined),
	}
}

export type PartnerLinks = ReturnType<typeof createPartnerLinks>

/** Outside their seasons the Valentine's and Mother's Day codes fall back (vd -> lr, md -> bs). */
export function seasonalCode(code: string, fallback: string | undefined, today: Pick<CalendarDate, 'month' | 'day'>): string {
	const md = today.month * 100 + today.day
	const inSeason = code === 'vd' ? md >= 115 && md <= 215 : code === 'md' ? md >= 420 && md <= 515 : true
	return inSeason || !fallback ? code : fallback
}
