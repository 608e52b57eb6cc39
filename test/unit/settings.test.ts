import { expect, test } from 'vitest'
import { parseSettings, SettingsError } from '#app/server/settings.server.ts'

test('defaults give a working local site', () => {
	const settings = parseSettings({})
	expect(settings.SITE_NAME).toBe('Arizona Flower Delivery')
	expect(settings.SITE_URL).toBe('http://localhost:3000')
	expect(settings.PORT).toBe(3000)
	expect(settings.PARTNER_BASE_URL).toBe('https://www.floristone.com')
	expect(settings.affiliateIdIsPlaceholder).toBe(true)
})

test('a trailing slash on SITE_URL is dropped and empty values count as unset', () => {
	const settings = parseSettings({ SITE_URL: 'https://flowers.example/', AFFILIATE_ID: '  ', PORT: '' })
	expect(settings.SITE_URL).toBe('https://flowers.example')
	expect(settings.PORT).toBe(3000)
})

test('one error names every bad setting', () => {
	let error: unknown
	try {
		parseSettings({ SITE_URL: 'flowers.example', PORT: 'eighty', CONTACT_EMAIL: 'nobody', FLORISTONE_API_KEY: 'key-123456789' })
	} catch (caught) {
		error = caught
	}
	expect(error).toBeInstanceOf(SettingsError)
	const message = error instanceof Error ? error.message : ''
	expect(message).toContain('SITE_URL:')
	expect(message).toContain('PORT:')
	expect(message).toContain('CONTACT_EMAIL:')
	expect(message).toContain('FLORISTONE_API_PASSWORD: FLORISTONE_API_KEY and FLORISTONE_API_PASSWORD must be set together')
	expect(message).not.toContain('key-123456789')
})

test('SITE_URL may not be a www. host, since www. requests are redirected away from it', () => {
	expect(() => parseSettings({ SITE_URL: 'https://www.flowers.example' })).toThrow(/SITE_URL: must not start with www\./)
})

test('crawl limits: defaults, and a lock lease that must outlast the crawl deadline', () => {
	const settings = parseSettings({})
	expect([settings.CRAWL_DEADLINE_SECONDS, settings.CACHE_LOCK_LEASE_SECONDS, settings.CRAWL_MAX_BYTES]).toEqual([60, 90, 2 * 1024 * 1024])
	expect(() => parseSettings({ CRAWL_DEADLINE_SECONDS: '120', CACHE_LOCK_LEASE_SECONDS: '90' })).toThrow(/CACHE_LOCK_LEASE_SECONDS: must be longer/)
	expect(() => parseSettings({ CRAWL_MAX_BYTES: 'lots' })).toThrow(/CRAWL_MAX_BYTES: must be a number of bytes/)
})

test('Florist One credentials of the real shape are accepted: a 6-digit key and a short password', () => {
	const settings = parseSettings({ FLORISTONE_API_KEY: '999993', FLORISTONE_API_PASSWORD: 'flowers' })
	expect([settings.FLORISTONE_API_KEY, settings.FLORISTONE_API_PASSWORD]).toEqual(['999993', 'flowers'])
	expect(() => parseSettings({ FLORISTONE_API_KEY: '999993' })).toThrow(
		/FLORISTONE_API_PASSWORD: FLORISTONE_API_KEY and FLORISTONE_API_PASSWORD must be set together/,
	)
})

test('the affiliate id: a number is quiet; unset or not a number keeps working with a warning', () => {
	expect(parseSettings({ AFFILIATE_ID: '4200000042' }).affiliateIdWarning).toBeUndefined()
	const unset = parseSettings({})
	expect(unset.AFFILIATE_ID).toBe('AZFLOWERS')
	expect(unset.affiliateIdWarning).toMatch(/AFFILIATE_ID is not set/)
	const named = parseSettings({ AFFILIATE_ID: 'my-shop' })
	expect(named.AFFILIATE_ID).toBe('my-shop')
	expect(named.affiliateIdWarning).toMatch(/AFFILIATE_ID "my-shop" is not a number/)
})
