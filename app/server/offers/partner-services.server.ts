import { createPartnerLinks, type PartnerLinks } from '#app/domain/partner-links.ts'
import { getPartnerTemplates } from '#app/server/catalog-data.server.ts'
import { createDeliveryDates, type DeliveryDateAnswers } from '#app/server/offers/delivery-dates.server.ts'
import type { Partner } from '#app/server/offers/partner-setup.server.ts'
import { createPriceQuotes, type PriceQuotes } from '#app/server/offers/price-quotes.server.ts'
import { createProductService, type ProductService } from '#app/server/offers/products.server.ts'

/** What pages and the API use of the partner, built once at start-up and handed to every request. */
export type PartnerServices = {
	products: ProductService
	photos: Partner['photos']
	/** Every outbound link to the partner, built from the templates with the affiliate parameters. */
	links: PartnerLinks
	/** Whether products come from Florist One's REST API (its own assortments among them). */
	usesRestApi: boolean
	/** The partner's totals and delivery dates: there only where its REST API is in use. */
	priceQuotes: PriceQuotes | undefined
	deliveryDates: DeliveryDateAnswers | undefined
}

/** The services over `partner`; `onProductsChanged` is told the cache tags of categories whose products changed. */
export function createPartnerServices(partner: Partner, deps: { onProductsChanged: (tags: string[]) => void }): PartnerServices {
	return {
		products: createProductService(partner, { onProductsChanged: deps.onProductsChanged }),
		photos: partner.photos,
		links: createPartnerLinks(getPartnerTemplates(), partner.links),
		usesRestApi: partner.usesRestApi,
		priceQuotes: partner.rest && createPriceQuotes(partner.rest),
		deliveryDates: partner.rest && createDeliveryDates(partner.rest),
	}
}
