import { expect, test } from 'vitest'
import { isPartnerUrl, withAffiliate } from '#app/domain/affiliate.ts'
import { createPartnerLinks, templateProblem, LINK_PLACEHOLDERS } from '#app/domain/partner-links.ts'

const config = { partnerBaseUrl: 'https://www.floristone.com', affiliateId: '4200000042' }

test('adds source_id=aff and the AffiliateID to a partner link', () => {
	const url = new URL(withAffiliate('https://www.floristone.com/main.cfm', config))
	expect(url.searchParams.get('source_id')).toBe('aff')
	expect(url.searchParams.get('AffiliateID')).toBe('4200000042')
})

test('keeps existing parameters and never duplicates ours, in any letter case', () => {
	const once = withAffiliate('https://www.floristone.com/detail.cfm?dcode=T12-1A&source_id=aff&AffiliateID=old', config)
	const twice = withAffiliate(once, config)
	const url = new URL(twice)
	expect(url.searchParams.get('dcode')).toBe('T12-1A')
	expect(url.searchParams.getAll('source_id')).toEqual(['aff'])
	expect(url.searchParams.getAll('AffiliateID')).toEqual(['4200000042'])
	expect(twice).toBe(once)
	const mixed = new URL(withAffiliate('https://www.floristone.com/main.cfm?cat=bd&affiliateid=old&SOURCE_ID=x', config))
	expect([...mixed.searchParams.keys()]).toEqual(['cat', 'source_id', 'AffiliateID'])
})

test('every host of the partner’s domain is the partner; other sites are left alone', () => {
	for (const href of ['https://floristone.com/x', 'https://www.floristone.com/x', 'https://cdn.floristone.com/x', 'http://shop.floristone.com/x']) {
		expect(withAffiliate(href, config)).toContain('AffiliateID=4200000042')
		expect(isPartnerUrl(href, config.partnerBaseUrl)).toBe(true)
	}
	for (const href of ['https://floristone.com.evil.example/x', 'https://notfloristone.com/x', 'https://maps.google.com/?q=1', 'javascript:alert(1)']) {
		expect(isPartnerUrl(href, config.partnerBaseUrl)).toBe(false)
	}
	expect(withAffiliate('https://maps.google.com/?q=1', config)).toBe('https://maps.google.com/?q=1')
	expect(withAffiliate('not a url', { ...config, partnerBaseUrl: 'bad' })).toBe('not a url')
	// A local stand-in's address stands for itself, port included.
	expect(isPartnerUrl('http://127.0.0.1:4100/x', 'http://127.0.0.1:4100')).toBe(true)
	expect(isPartnerUrl('http://127.0.0.1:4101/x', 'http://127.0.0.1:4100')).toBe(false)
})

test('links are built from the evidenced templates, every one with the affiliate parameters', () => {
	const links = createPartnerLinks(
		{
			storefront: '/index.cfm',
			arizona: '/index.cfm',
			orderNow: '/index.cfm',
			sameDay: '/index.cfm',
			city: '/index.cfm',
			category: '/main.cfm?cat={code}',
			product: '/detail.cfm?dcode={CODE}',
		},
		config,
	)
	expect(links.arizona()).toBe('https://www.floristone.com/index.cfm?source_id=aff&AffiliateID=4200000042')
	expect(links.category('bd')).toBe('https://www.floristone.com/main.cfm?cat=bd&source_id=aff&AffiliateID=4200000042')
	expect(links.category('sy', '/main.cfm?occ={code}')).toBe('https://www.floristone.com/main.cfm?occ=sy&source_id=aff&AffiliateID=4200000042')
	expect(links.product('T12-1A')).toBe('https://www.floristone.com/detail.cfm?dcode=T12-1A&source_id=aff&AffiliateID=4200000042')
	expect(links.city({ slug: 'sun-city', name: 'Sun City', zip: '85351' })).toBe('https://www.floristone.com/index.cfm?source_id=aff&AffiliateID=4200000042')
})

test('a malformed template is named with what is wrong', () => {
	expect(templateProblem('/main.cfm?cat={code}', LINK_PLACEHOLDERS.category)).toBeUndefined()
	expect(templateProblem('main.cfm', [])).toMatch(/must be a path/)
	expect(templateProblem('//evil.example/x', [])).toMatch(/must be a path/)
	expect(templateProblem('/main.cfm?cat={cat}', LINK_PLACEHOLDERS.category)).toMatch(/unknown placeholder \{cat\}/)
	expect(templateProblem('/main.cfm?cat={code', LINK_PLACEHOLDERS.category)).toMatch(/unbalanced/)
	expect(templateProblem('/index.cfm?source_id=aff', [])).toMatch(/must not carry source_id/)
	expect(templateProblem('/index.cfm?{slug}', [])).toMatch(/takes none/)
})
