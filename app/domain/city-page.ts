import type { City, CityContent, FaqItem } from './catalog-schema.ts'
import type { LatLng } from './geo.ts'
import { citySlug } from './slugs.ts'

/** SPEC §2 default title; a city file's seoTitle wins. */
export function defaultCityTitle(name: string): string {
	return `Flower Delivery ${name}, AZ | Same-Day ${name} Florist`
}

export function defaultCityDescription(name: string): string {
	return `Send fresh, hand-delivered flowers in ${name}, AZ. Same-day flower delivery from local ${name} florists when you order before 2:00 PM Arizona time.`
}

function defaultWhyChoose(name: string): string[] {
	return [
		`Every ${name} order is arranged by hand by a florist near the recipient, not packed in a box and shipped across the country. Flowers travel a short distance and arrive fresh, even on the hottest Arizona afternoon.`,
		`Order before 2:00 PM Arizona time for same-day delivery in most of ${name}. Homes, offices, hospitals and funeral homes are all covered, and later orders go out the next day.`,
	]
}

function defaultFaq(name: string): FaqItem[] {
	return [
		{
			question: `Do you offer same-day flower delivery in ${name}?`,
			answer: `Yes. Order before 2:00 PM Arizona time and a local florist delivers the same day in most of ${name}. Orders placed later are delivered the next day.`,
		},
		{
			question: `Where do you deliver in ${name}?`,
			answer: `Florists deliver to homes, apartments, offices, hospitals, senior living communities and funeral homes throughout ${name} and the surrounding area. Include a phone number and any gate or room details with your order.`,
		},
		{
			question: 'How do flowers hold up in the Arizona heat?',
			answer: `Arrangements are made close to the recipient and travel a short distance in climate-controlled vehicles. Florists hydrate the stems before delivery and hand the flowers over rather than leaving them in the sun.`,
		},
	]
}

function defaultFloristNetwork(name: string): string[] {
	return [
		`Your order is fulfilled by an independent florist in our partner network who serves ${name} every day. Local florists know the neighbourhoods, the hospitals and the funeral homes, and how to reach them on time.`,
		`Because the florist is local, arrangements are designed with fresh stems from their own cooler and delivered by hand, with a personal card message.`,
	]
}

const SERVICE_CARDS = [
	{ title: 'Same Day Delivery', fallback: (name: string) => `Order before 2:00 PM Arizona time for delivery today anywhere in ${name}.` },
	{ title: 'Birthday Flowers', fallback: (name: string) => `Bright, cheerful bouquets to make a ${name} birthday special.` },
	{ title: 'Sympathy & Funeral', fallback: (name: string) => `Respectful arrangements delivered to ${name} funeral homes, churches and family homes.` },
	{ title: 'Wedding Flowers', fallback: (name: string) => `Bouquets and arrangements for ${name} weddings, showers and celebrations.` },
] as const

/** Parses the file's geoCoordinates (numeric strings), else the city's own coordinates. */
export function cityGeo(city: City, content: CityContent): LatLng {
	const lat = Number(content.geoCoordinates?.lat)
	const lng = Number(content.geoCoordinates?.lng)
	return Number.isFinite(lat) && Number.isFinite(lng) && content.geoCoordinates ? { lat, lng } : { lat: city.lat, lng: city.lng }
}

/** Everything the city page shows, with the spec's defaults where the city file is silent. */
export function buildCityPage(city: City, content: CityContent, nearby: readonly City[]) {
	const name = city.name
	return {
		slug: city.slug,
		name,
		county: city.county,
		population: city.population,
		title: content.seoTitle ?? defaultCityTitle(name),
		description: content.seoDescription ?? defaultCityDescription(name),
		heroIntro:
			content.heroIntroOverride ??
			`Send fresh, hand-arranged flowers anywhere in ${name}. Local florists deliver the same day when you order before 2:00 PM Arizona time.`,
		zipCodes: content.zipCodes ?? city.zipCodes,
		geo: cityGeo(city, content),
		whyChoose: content.whyChooseOverride ?? defaultWhyChoose(name),
		deliveryOnTime: content.deliveryOnTime ?? `Pick a delivery date and time to see whether flowers can still reach ${name} when you need them.`,
		floristNetwork: content.floristNetworkOverride ?? defaultFloristNetwork(name),
		professionalFloral: content.professionalFloral ?? `Professional floral services for every occasion in ${name}.`,
		services: SERVICE_CARDS.map((card, index) => ({
			title: card.title,
			description: content.categories?.[index] ?? card.fallback(name),
		})),
		faq: content.faqOverrides ?? defaultFaq(name),
		nearby: nearby.map((place) => ({ name: place.name, slug: citySlug(place.name) })),
	}
}

export type CityPage = ReturnType<typeof buildCityPage>
