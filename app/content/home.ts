import type { FaqItem } from '~/domain/catalog-schema.ts'

export const HOME_FAQ: readonly FaqItem[] = [
	{
		question: 'Can I get flowers delivered the same day in Arizona?',
		answer:
			'Yes, in most Arizona cities. Order before the local cut-off, typically 12-2 PM Mountain Time (Arizona does not observe daylight saving time), and a local florist delivers the same day. Later orders go out the next day.',
	},
	{
		question: 'Which Arizona cities do you deliver to?',
		answer:
			'Our partner florists cover over 120 Arizona cities and towns, from Phoenix, Tucson and Mesa to Flagstaff, Sedona, Yuma and Lake Havasu City. Pick your city on our city list to see local delivery details.',
	},
	{
		question: 'How do flowers survive the Arizona summer heat?',
		answer:
			'Arrangements are made by a florist close to the recipient and travel a short distance in heat-protected transport. Florists hydrate the stems before delivery and hand the flowers over rather than leaving them outside in the sun.',
	},
	{
		question: 'Can you deliver to university dorms and hospitals?',
		answer:
			'Yes. Florists deliver to residence halls at Arizona State University, the University of Arizona and Northern Arizona University, and to hospitals across the state. Include the building, room number and a phone number with your order.',
	},
	{
		question: 'Who makes and delivers the flowers?',
		answer:
			'Your order is placed with our partner, Florist One, and fulfilled by a local florist in its network near the recipient. Payment, delivery and customer service for the order are handled by the partner.',
	},
	{
		question: 'Does ordering through this site cost more?',
		answer:
			'No. You pay the partner’s normal price. We earn an affiliate commission from the partner when you order through our links, which keeps this directory free to use.',
	},
]

export const WHY_CHOOSE = [
	{
		title: 'Same-day delivery',
		text: 'Order before the local cut-off, typically 12-2 PM Mountain Time, for delivery today in most cities.',
	},
	{
		title: 'Statewide coverage',
		text: 'Florists in over 120 Arizona cities and towns, from the Valley of the Sun to the high country.',
	},
	{
		title: 'University delivery',
		text: 'Dorm and campus deliveries near ASU, the University of Arizona and Northern Arizona University.',
	},
	{
		title: 'Heat-protected transport',
		text: 'Short trips from a nearby florist, with arrangements kept cool and hydrated in the desert heat.',
	},
] as const
