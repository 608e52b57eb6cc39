/** A titled part of a policy page. */
export type LegalSection = { heading: string; paragraphs: readonly string[] }

export const POLICY_DATE = 'January 20, 2025'
/** The same day, as the sitemap and the feed write it. */
export const POLICY_DAY = '2025-01-20'

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
	{
		heading: 'What this site collects',
		paragraphs: [
			'This site has no accounts, no checkout and no sign-up forms. We do not ask for your name, address or payment details. Our web server keeps standard access logs (the page requested, the time, your IP address and browser type) for security and troubleshooting, and deletes them after a short period.',
			'The contact form does not send anything to us: it opens your own email app with a prefilled message, and you decide whether to send it.',
		],
	},
	{
		heading: 'Orders and the partner site',
		paragraphs: [
			'When you follow an order link you leave this site for our partner, Florist One. The link carries our affiliate identifier so the partner can pay us a commission. Everything you enter there, including recipient and payment details, is governed by the partner’s own privacy policy.',
		],
	},
	{
		heading: 'Cookies and third parties',
		paragraphs: [
			'This site sets no advertising or tracking cookies. Where a city page shows an interactive map, the map is provided by Google Maps and loaded only when you scroll to it; Google’s privacy policy applies to that map.',
		],
	},
	{
		heading: 'Contact',
		paragraphs: ['Questions about this policy can be sent to the email address on our contact page.'],
	},
]

export const TERMS_SECTIONS: readonly LegalSection[] = [
	{
		heading: 'About this service',
		paragraphs: [
			'This site is an information and referral directory for sending flowers in Arizona. We do not sell, arrange or deliver flowers ourselves. Orders are placed with, and fulfilled by, our partner florist network, and the partner’s terms of sale apply to every order.',
		],
	},
	{
		heading: 'Delivery information',
		paragraphs: [
			'Delivery cut-off times, product availability and prices are shown in good faith from information published by the partner and may change without notice. The delivery checker is a guide: the partner confirms the delivery date when you order.',
		],
	},
	{
		heading: 'Affiliate relationship',
		paragraphs: ['We have affiliate partnerships with florists. When you order through our links we may earn a commission, at no extra cost to you.'],
	},
	{
		heading: 'Use of the site',
		paragraphs: [
			'You may use this site for personal, non-commercial purposes. Do not attempt to disrupt the site or access it by automated means that place an unreasonable load on it. The site is provided as is, without warranties of any kind, to the extent permitted by law.',
		],
	},
]
