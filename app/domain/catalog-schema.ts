import { z } from 'zod'
import { LINK_PLACEHOLDERS, templateProblem, type LinkKind } from '#app/domain/partner-links.ts'

/** Slugs are lowercase words joined by single hyphens. */
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase, hyphenated slug')
const text = z.string().trim().min(1, 'must not be empty')
const zipCode = z.string().regex(/^\d{5}$/, 'must be a 5-digit ZIP code')
const numericString = z.string().regex(/^-?\d{1,3}(\.\d+)?$/, 'must be a number written as a string')
const faqItem = z.strictObject({ question: text, answer: text })
/** The day a file's content last changed (YYYY-MM-DD): the sitemap's lastmod and the feed's pubDate. */
const isoDate = z.iso.date('must be a date written YYYY-MM-DD')

/** A partner URL template of one kind: a path on the partner site with that kind's placeholders. */
function linkTemplate(kind: LinkKind) {
	return z.string().superRefine((value, context) => {
		const problem = templateProblem(value, LINK_PLACEHOLDERS[kind])
		if (problem) context.addIssue({ code: 'custom', message: problem })
	})
}

const citySchema = z.strictObject({
	slug,
	name: text,
	county: text,
	region: text,
	population: z.number().int().positive(),
	zipCodes: z.array(zipCode).min(1),
	lat: z.number().min(31.3).max(37.01),
	lng: z.number().min(-114.82).max(-109.04),
	description: text.optional(),
	features: z.array(text).length(3).optional(),
})

export const citiesFileSchema = z.strictObject({
	updated: isoDate,
	populationSource: text,
	featured: z.array(slug).length(12),
	home: z.array(slug).length(6),
	cities: z.array(citySchema).min(1),
})

const namedPlace = z.strictObject({ name: text, note: text.optional() })

/** The lists of a town's facts that a source can confirm. */
const SOURCED_LISTS = ['hospitals', 'neighborhoods', 'landmarks', 'cemeteries', 'colleges', 'seniorCommunities', 'militaryBases'] as const

/**
 * A public source a town's lists were checked against (docs/content.md): which lists it confirms,
 * its title and address, and the day it was read.
 */
const factSource = z.strictObject({
	covers: z.array(z.enum(SOURCED_LISTS)).min(1),
	title: text,
	url: z.url({ protocol: /^https?$/ }),
	checked: isoDate,
})

/**
 * What someone sending flowers to a city needs to know, true and specific to that city. Lists may be
 * empty where nothing is certain: the page then leaves the section out.
 */
const cityFactsSchema = z.strictObject({
	/** metro: same-day from florists in the city; regional: a florist in or near town, same-day on most days; remote: a day ahead is the honest advice. */
	reach: z.enum(['metro', 'regional', 'remote']),
	/** How a florist reaches the town, in the town's own terms (roads, distances, what takes longer). */
	reachNote: text,
	/** in-town: at least one florist is based in the town itself; drives-in: the florist who delivers comes from another town. */
	florist: z.enum(['in-town', 'drives-in']),
	elevationFt: z.number().int().min(0).max(9000),
	/** What the place is and where it lies: two or three sentences no other town could carry. */
	setting: text,
	neighborhoods: z.array(text).max(12),
	landmarks: z.array(text).max(8),
	/**
	 * The town's hospitals, and its emergency departments that admit no one (`emergencyOnly`): a
	 * freestanding emergency room is listed, but the town's page does not call it a hospital.
	 */
	hospitals: z.array(namedPlace.extend({ emergencyOnly: z.literal(true).optional() })).max(6),
	/**
	 * Places without a page of their own that this town's florist reaches only with a day's notice,
	 * as its reachNote or questions say ('Peridot', 'Chloride'): their pages promise no same-day.
	 */
	dayAheadPlaces: z.array(text).max(12).optional(),
	/** Anything particular about sending to this town's hospitals, or where its admitted patients are. */
	hospitalNote: text.optional(),
	colleges: z.array(text).max(5),
	cemeteries: z.array(text).max(5),
	/** Something particular about funerals and memorials here (where services are held, distances, customs). */
	funeralNote: text.optional(),
	seniorCommunities: z.array(text).max(6),
	militaryBases: z.array(z.strictObject({ name: text, note: text })).max(2),
	weather: z.strictObject({ summer: text, winter: text, monsoon: text.optional() }),
	faq: z.array(faqItem).min(2).max(5),
	/** Where the lists above were checked: one entry per source; the hospitals and neighborhoods always. */
	sources: z
		.array(factSource)
		.min(1)
		.max(12)
		.refine((sources) => {
			const covered = new Set(sources.flatMap((source) => source.covers))
			return covered.has('hospitals') && covered.has('neighborhoods')
		}, 'must name a source for the hospitals and one for the neighborhoods'),
})

/** Per-city content: every field optional, the page falls back to defaults. */
export const cityContentSchema = z.strictObject({
	updated: isoDate,
	seoTitle: text.optional(),
	seoDescription: text.optional(),
	geoCoordinates: z.strictObject({ lat: numericString, lng: numericString }).optional(),
	floristoneUrl: z.url({ protocol: /^https?$/ }).optional(),
	zipCodes: z.array(zipCode).optional(),
	heroIntroOverride: text.optional(),
	whyChooseOverride: z.array(text).min(1).optional(),
	faqOverrides: z.array(faqItem).min(1).optional(),
	floristNetworkOverride: z.array(text).min(1).optional(),
	deliveryOnTime: text.optional(),
	professionalFloral: text.optional(),
	categories: z.array(text).min(1).max(4).optional(),
	nearbyCities: z.array(slug).max(6).optional(),
	facts: cityFactsSchema.optional(),
})

const categoryIcons = ['heart', 'cake', 'flower-2', 'flower', 'baby', 'graduation-cap', 'heart-pulse', 'gem', 'sparkles', 'gift', 'sun'] as const

export const categorySchema = z.strictObject({
	slug,
	updated: isoDate,
	name: text,
	title: text,
	description: text,
	icon: z.enum(categoryIcons),
	color: z.enum(['rose', 'pink', 'fuchsia', 'slate', 'sky', 'indigo', 'emerald', 'violet', 'amber', 'orange', 'teal']),
	heroText: text,
	serviceType: text,
	services: z.array(text).length(3),
	seoTitle: text,
	seoDescription: text,
	popular: z.boolean(),
	/** Florist One's category code: the REST API's `category` and the storefront's `cat`. */
	partnerCode: z.string().regex(/^[a-z]{2}$/, 'must be a two-letter partner category code'),
	partnerCodeNote: text.optional(),
	/** The code used outside the category's season (vd -> lr, md -> bs). */
	fallbackCode: z
		.string()
		.regex(/^[a-z]{2}$/, 'must be a two-letter partner category code')
		.optional(),
	/** This category's own link template, when data/partner.json's `links.category` does not fit. */
	partnerTemplate: linkTemplate('category').optional(),
	/**
	 * The partner's narrower lists within the category (funeral sprays, wreaths, ...), each
	 * its own REST API category code; offered as links above the grid when that API is in use.
	 */
	assortments: z
		.array(z.strictObject({ id: slug, label: text, code: z.string().regex(/^[a-z]{2,3}$/, 'must be a partner category code of two or three letters') }))
		.min(2)
		.max(12)
		.refine((list) => new Set(list.map((entry) => entry.id)).size === list.length, 'ids must differ')
		.optional(),
	/** What to have at hand before ordering, listed above the order buttons. */
	checklist: z.array(text).min(2).max(6).optional(),
	/** What a sender needs to know for this occasion, in a few titled sections. */
	guidance: z
		.array(z.strictObject({ title: text, paragraphs: z.array(text).min(1) }))
		.min(2)
		.max(4),
})

/**
 * The places the city pages name that have no ZIP code of their own (the village of Why, LeChee,
 * Moenkopi): each with its coordinates, the pages that name it, and where its position was read.
 * A place with `zip` is that ZIP code's own place, whose ZIP centre point lies far from it (Mc
 * Neal's lies 11 miles toward Bisbee): its distances are measured from the place itself.
 */
export const placesFileSchema = z.strictObject({
	updated: isoDate,
	places: z
		.array(
			z
				.strictObject({
					name: text,
					lat: z.number().min(31.3).max(37.01),
					lng: z.number().min(-114.82).max(-109.04),
					zip: z
						.string()
						.regex(/^\d{5}$/, 'must be a five-digit ZIP code')
						.optional(),
					namedOn: z.array(slug),
					source: z.strictObject({ title: text, url: z.url({ protocol: /^https?$/ }) }),
				})
				.refine((place) => place.zip !== undefined || place.namedOn.length > 0, {
					message: 'a place without a ZIP code must name the pages that name it',
					path: ['namedOn'],
				}),
		)
		.min(1),
})

export const categoriesFileSchema = z.array(categorySchema).length(9)

export const partnerFileSchema = z.strictObject({
	note: text.optional(),
	evidence: z.record(z.string(), text).optional(),
	links: z.strictObject({
		storefront: linkTemplate('storefront'),
		arizona: linkTemplate('arizona'),
		orderNow: linkTemplate('orderNow'),
		sameDay: linkTemplate('sameDay'),
		city: linkTemplate('city'),
		category: linkTemplate('category'),
		product: linkTemplate('product'),
	}),
})

export type City = z.infer<typeof citySchema>
export type CitiesFile = z.infer<typeof citiesFileSchema>
export type CityContent = z.infer<typeof cityContentSchema>
export type Category = z.infer<typeof categorySchema>
export type CategoryIcon = (typeof categoryIcons)[number]
export type PartnerFile = z.infer<typeof partnerFileSchema>
export type FaqItem = z.infer<typeof faqItem>
export type CityFacts = z.infer<typeof cityFactsSchema>
