import { z } from 'zod'
import { isoDate } from '#app/domain/calendar-date.ts'
import { arizonaNow } from '#app/domain/delivery.ts'

/**
 * Clicks on partner links, for the operator: counted per day and place, never
 * per visitor. A beacon names the page the link was on and, for a product,
 * the partner's product code; the city or category comes from the page.
 */
export const clickBeacon = z.strictObject({
	page: z
		.string()
		.max(120)
		.regex(/^\/(?:[a-z0-9-]+\/)*$/, 'must be a page path such as /cities/phoenix/'),
	product: z
		.string()
		.regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be a product code')
		.optional(),
})

export type ClickBeacon = z.infer<typeof clickBeacon>

/** How long the daily counts are kept. */
export const CLICK_RETENTION_DAYS = 400
/** At most this many distinct counts a day: forged beacons cannot grow the table without bound. */
export const CLICK_ROWS_PER_DAY = 2_000
/** One address's share of a day's clicks: a visitor follows a few partner links, a forger thousands. */
export const CLICKS_PER_ADDRESS_PER_DAY = 40

/** The partner's product code in a product link (`detail.cfm?dcode=CODE`), if it has one. */
export function productCodeOf(url: string): string | undefined {
	try {
		return new URL(url).searchParams.get('dcode') ?? undefined
	} catch {
		return undefined
	}
}

/** The city or category a page path is about ('' for neither). */
export function clickPlace(page: string): { city: string; category: string } {
	const city = /^\/cities\/([a-z0-9-]+)\/$/.exec(page)?.[1] ?? ''
	const category = /^\/categories\/([a-z0-9-]+)\/$/.exec(page)?.[1] ?? ''
	return { city, category }
}

/** The Arizona calendar day of an instant, as YYYY-MM-DD. */
export function clickDay(instant: Date): string {
	return isoDate(arizonaNow(instant).today)
}

/**
 * The network an address belongs to, as far as one operator usually holds it: the /24 of an IPv4
 * address (an IPv4-mapped IPv6 address counts as IPv4), the /48 of an IPv6 address. A forger's
 * many addresses mostly share one.
 */
export function networkOf(address: string): string {
	const ipv4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address)
	if (ipv4) return `${ipv4[1]}.${ipv4[2]}.${ipv4[3]}.0/24`
	if (!address.includes(':')) return address
	const [head = '', tail] = address.toLowerCase().split('%')[0]?.split('::') ?? []
	const front = head ? head.split(':') : []
	const back = tail ? tail.split(':') : []
	const groups = tail === undefined ? front : [...front, ...Array.from({ length: Math.max(0, 8 - front.length - back.length) }, () => '0'), ...back]
	return `${groups
		.slice(0, 3)
		.map((group) => group.replace(/^0+(?=.)/, ''))
		.join(':')}::/48`
}
