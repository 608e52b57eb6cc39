import { addDays, formatDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import { isDatedOccasion } from '#app/domain/reminders.ts'
import { fill, type Lang } from '#app/domain/locale.ts'
import { peakDayPlan } from '#app/domain/peak-days.ts'
import { cutoffClause } from '#app/domain/reach-words.ts'
import { categoryPage } from '#app/messages/category-page.server.ts'
import { delivery } from '#app/messages/delivery.server.ts'

/**
 * What a dated occasion's page says of this year's day, in the page's language, from the facts of
 * `peakDayPlan`: the day and its weekday, whether the network delivers on it, the day to send for
 * instead, and by when to order for it. Nothing more than 45 days ahead, and nothing for an occasion
 * without a date.
 */
export function peakDayNotice(slug: string, lang: Lang, now: Date): { label: string; sentences: string[] } | undefined {
	if (!isDatedOccasion(slug)) return undefined
	const plan = peakDayPlan(slug, now)
	if (!plan) return undefined
	const said = categoryPage[lang].peak
	const words = delivery[lang]
	const date = (day: CalendarDate) => formatDate(day, words.dates)
	const occasion = said.occasions[slug]
	const first = plan.closed
		? fill(plan.instead?.before ? said.closed : said.closedAfterOnly, {
				occasion,
				date: date(plan.day),
				why: plan.closed.reason === 'sunday' ? words.check.closed.sunday : words.check.closed[plan.closed.holiday],
				before: plan.instead?.before ? date(plan.instead.before) : '',
				after: plan.instead ? date(plan.instead.after) : '',
			})
		: fill(said.open, { occasion, date: date(plan.day) })
	const orderBy = fill(said.orderBy, { date: date(plan.deliverOn), cutoff: cutoffClause(words), dayBefore: date(addDays(plan.deliverOn, -1)) })
	return { label: said.label, sentences: [first, orderBy] }
}
