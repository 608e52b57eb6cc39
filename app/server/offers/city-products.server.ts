import { pageCaching } from '#app/domain/cache-policy.ts'
import type { City } from '#app/domain/catalog-schema.ts'
import { getCategories } from '#app/server/catalog-data.server.ts'
import type { ClickCounter } from '#app/server/store/click-counter.server.ts'
import { resolveQuickly } from '#app/server/deferred.server.ts'
import { STREAM_BUDGET_MS } from '#app/server/page-timing.server.ts'
import type { PartnerServices } from '#app/server/offers/partner-services.server.ts'
import { pricedForCity } from '#app/server/offers/price-quotes.server.ts'
import { EMPTY_SLIDER, sliderSourceSlugs } from '#app/server/offers/products.server.ts'

/** The second slider starts this far into the pool (SPEC §9). */
const BESTSELLERS_OFFSET = 20

/**
 * A city page's products: its two sliders in the city's own order (its facts choose the
 * occasions first, and once its visitors have clicked enough, the products they chose most),
 * each card priced as delivered to the city's first ZIP, the partner's quote for that ZIP, and
 * the caching the page may have. Data in hand is returned as is; the rest streams.
 */
export async function loadCityProducts(partner: PartnerServices, clicks: ClickCounter, city: City, zip: string, lead: readonly string[]) {
	const popular = await clicks.popularProductCodes(city.slug).catch(() => [])
	const sliders = partner.products.loadSliders(getCategories(), [0, BESTSELLERS_OFFSET], { lead, seed: city.slug, popular })
	const priced = pricedForCity(partner.priceQuotes, zip, city.name, sliders, Date.now() + STREAM_BUDGET_MS)
	const [featured = EMPTY_SLIDER, bestsellers = EMPTY_SLIDER] = (await Promise.all(priced.sliders.map((slider) => resolveQuickly(slider)))).map(
		({ value }) => value,
	)
	const { value: quote } = await resolveQuickly(priced.quote)
	return {
		products: { featured, bestsellers, quote, featuredVariant: popular.length > 0 ? ('popular' as const) : ('featured' as const) },
		headers: pageCaching([featured, bestsellers], sliderSourceSlugs(lead)),
	}
}
