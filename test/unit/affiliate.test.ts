import { expect, test } from 'vitest'
import { partnerLink, withAffiliate } from '~/domain/affiliate.ts'

const config = { partnerBaseUrl: 'https://www.floristone.com', affiliateId: 'abc123' }

test('adds source_id=aff and the AffiliateID to a partner link', () => {
	const url = new URL(withAffiliate('https://www.floristone.com/main.cfm', config))
	expect(url.searchParams.get('source_id')).toBe('aff')
	expect(url.searchParams.get('AffiliateID')).toBe('abc123')
})

test('keeps existing parameters and never duplicates ours', () => {
	const once = withAffiliate('https://www.floristone.com/detail.cfm?dcode=T12-1A&source_id=aff&AffiliateID=old', config)
	const twice = withAffiliate(once, config)
	const url = new URL(twice)
	expect(url.searchParams.get('dcode')).toBe('T12-1A')
	expect(url.searchParams.getAll('source_id')).toEqual(['aff'])
	expect(url.searchParams.getAll('AffiliateID')).toEqual(['abc123'])
	expect(twice).toBe(once)
})

test('treats the bare and www. partner host alike, and leaves other hosts alone', () => {
	expect(withAffiliate('https://floristone.com/x', config)).toContain('AffiliateID=abc123')
	expect(withAffiliate('https://maps.google.com/?q=1', config)).toBe('https://maps.google.com/?q=1')
	expect(withAffiliate('not a url', { ...config, partnerBaseUrl: 'bad' })).toBe('not a url')
})

test('resolves partner paths against the base URL', () => {
	expect(partnerLink('/funeral-flowers', config)).toBe('https://www.floristone.com/funeral-flowers?source_id=aff&AffiliateID=abc123')
	expect(partnerLink('/main.cfm?cat=bd', config)).toBe('https://www.floristone.com/main.cfm?cat=bd&source_id=aff&AffiliateID=abc123')
})
