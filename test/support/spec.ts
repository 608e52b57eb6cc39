/** The order of the home page's category cards (SPEC §6): the data file's order, seasonal occasions last. */
export const CATEGORY_CARD_ORDER = [
	'birthday-flowers',
	'sympathy-funeral',
	'new-baby',
	'graduation',
	'get-well-soon',
	'anniversary',
	'just-because',
	'valentines-day',
	'mothers-day',
]
