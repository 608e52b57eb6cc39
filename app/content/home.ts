import type { FaqItem } from '#app/domain/catalog-schema.ts'

/** How many towns the site has pages for, and how many of them get same-day delivery: counted from the data, never typed. */
export type TownCounts = { cities: number; sameDay: number }

/** The hero's promise, as the towns make it: same-day where the rule of reach allows it, a day's notice in the rest. */
export const sameDayLine = (counts: TownCounts): string =>
	`Order before 2:00 PM Arizona time for delivery the same day in ${counts.sameDay} of the ${counts.cities} towns we list; the other ${counts.cities - counts.sameDay}, where a florist drives out, need a day’s notice. Find your town to see which applies.`

/** The home page's six questions; the figures in them are the catalog's own. */
export const homeFaq = (counts: TownCounts): readonly FaqItem[] => [
	{
		question: 'Can I get flowers delivered the same day in Arizona?',
		answer: `Yes, in ${counts.sameDay} of the ${counts.cities} Arizona cities and towns we list. Order before 2:00 PM Arizona time (Arizona does not observe daylight saving time; the Navajo Nation does), and a florist nearby delivers the same day; later orders go out the next day. In the remote towns, where the florist drives out from a larger town, order a day ahead: each city page says which applies.`,
	},
	{
		question: 'Which Arizona cities do you deliver to?',
		answer: `We have pages for ${counts.cities} Arizona cities and towns, from Phoenix, Tucson and Mesa to Flagstaff, Sedona, Yuma and Lake Havasu City, and the partner network delivers to the places in between. Search for a town we do not list and we open the page of the nearest one we do.`,
	},
	{
		question: 'How do flowers survive the Arizona summer heat?',
		answer:
			'Arrangements are made by a florist in the partner network and travel in heat-protected transport. Florists hydrate the stems before delivery and hand the flowers over rather than leaving them outside in the sun.',
	},
	{
		question: 'Can you deliver to university dorms and hospitals?',
		answer:
			'Yes. Florists deliver to residence halls at Arizona State University, the University of Arizona and Northern Arizona University, and to hospitals across the state. Include the building, room number and a phone number with your order.',
	},
	{
		question: 'Who makes and delivers the flowers?',
		answer:
			'Your order is placed with our partner, Florist One, and fulfilled by a florist in its network who delivers to the recipient’s town. Payment, delivery and customer service for the order are handled by the partner.',
	},
	{
		question: 'Does ordering through this site cost more?',
		answer:
			'No. You pay the partner’s normal price. We earn an affiliate commission from the partner when you order through our links, which keeps this directory free to use.',
	},
]

export const whyChoose = (counts: TownCounts) => [
	{
		title: 'Same-day delivery',
		text: `Order before 2:00 PM Arizona time for delivery today in ${counts.sameDay} of the ${counts.cities} towns we list.`,
	},
	{
		title: 'Statewide coverage',
		text: `Pages for ${counts.cities} Arizona cities and towns, from the Valley of the Sun to the high country.`,
	},
	{
		title: 'University delivery',
		text: 'Dorm and campus deliveries near ASU, the University of Arizona and Northern Arizona University.',
	},
	{
		title: 'Heat-protected transport',
		text: 'Arrangements kept cool and hydrated in the desert heat, and handed over rather than left outside.',
	},
]
