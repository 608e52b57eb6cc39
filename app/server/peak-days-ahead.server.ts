import { addDays, formatDate, sameDate, type CalendarDate } from '#app/domain/calendar-date.ts'
import { fill, type Lang } from '#app/words/locale.ts'
import { isPeakDay, peakDayPlan, upcomingPeakDays, type PeakDay, type PeakDayPlan } from '#app/domain/peak-days.ts'
import type { Deadline, ReachAnswer } from '#app/domain/reach.ts'
import { cutoffClause, deadlineHour, refusalWords } from '#app/domain/reach-words.ts'
import { categoryPage } from '#app/words/category-page-words.server.ts'
import { delivery } from '#app/words/delivery-words.server.ts'

/** A peak day in words: the note's label, the day and what to send for, and by when to order. */
export type PeakNotice = { peak: PeakDay; label: string; sentences: string[] }

/** The day and its weekday, and, when the network keeps no delivery on it, why and the days to send for instead. */
function peakDaySentence(plan: PeakDayPlan, lang: Lang): string {
	const said = categoryPage[lang].peak
	const words = delivery[lang]
	const date = (day: CalendarDate) => formatDate(day, words.dates)
	const occasion = said.occasions[plan.peak]
	if (!plan.closed) return fill(said.open, { occasion, date: date(plan.day) })
	return fill(plan.instead?.before ? said.closed : said.closedAfterOnly, {
		occasion,
		date: date(plan.day),
		why: plan.closed.reason === 'sunday' ? words.check.closed.sunday : words.check.closed[plan.closed.holiday],
		before: plan.instead?.before ? date(plan.instead.before) : '',
		after: plan.instead ? date(plan.instead.after) : '',
	})
}

/**
 * What the site says of a peak day, in a language, from the facts of `peakDayPlan`: the day and
 * its weekday, whether the network delivers on it, the day to send for instead, and by when to
 * order for it in the towns with same-day delivery and in those that need a day's notice.
 */
function peakNotice(plan: PeakDayPlan, lang: Lang): PeakNotice {
	const said = categoryPage[lang].peak
	const words = delivery[lang]
	const date = (day: CalendarDate) => formatDate(day, words.dates)
	const orderBy = fill(said.orderBy, { date: date(plan.deliverOn), cutoff: cutoffClause(words), dayBefore: date(addDays(plan.deliverOn, -1)) })
	return { peak: plan.peak, label: said.label, sentences: [peakDaySentence(plan, lang), orderBy] }
}

/** The notice of a dated occasion's page: nothing more than 45 days ahead, and nothing for an occasion without a date. */
export function peakDayNotice(slug: string, lang: Lang, now: Date): PeakNotice | undefined {
	if (!isPeakDay(slug)) return undefined
	const plan = peakDayPlan(slug, now)
	return plan ? peakNotice(plan, lang) : undefined
}

/** Every peak day of the next 45 days in words, the nearest first (the home page's notes). */
export function peakNotices(lang: Lang, now: Date): PeakNotice[] {
	return upcomingPeakDays(now).map((plan) => peakNotice(plan, lang))
}

/** A peak day seen from one place: by when to order for its day there (when it still can be), and the sentences that say so. */
export type PeakDayInPlace = { plan: PeakDayPlan; orderable: boolean; deadline?: Deadline; sentences: string[] }

/**
 * The peak days of the next 45 days for the place a reach answer speaks for: the day and what to
 * send for, then the last moment to order for that day there (2:00 PM on the day in a same-day
 * town, on the day before where a day's notice is needed), or, when it can no longer be ordered
 * there, why, and the earliest date that can.
 */
export function peakDaysIn(answer: ReachAnswer, lang: Lang, now: Date): PeakDayInPlace[] {
	const said = categoryPage[lang].peak
	const words = delivery[lang]
	const date = (day: CalendarDate) => formatDate(day, words.dates)
	return upcomingPeakDays(now).map((plan) => {
		const first = peakDaySentence(plan, lang)
		const place = answer.place.name
		const refusal = answer.refusal(plan.deliverOn)
		if (refusal) {
			const earliest = answer.nextOrderable(plan.deliverOn)
			const tooLate = fill(said.tooLateIn, { date: date(plan.deliverOn), place, reason: refusalWords(refusal, words) })
			return { plan, orderable: false, sentences: [first, tooLate, ...(earliest ? [fill(said.earliestIn, { earliest: date(earliest) })] : [])] }
		}
		const deadline = answer.cutoffOn(answer.sameDay ? plan.deliverOn : addDays(plan.deliverOn, -1))
		const cutoff = deadline.placeHoursAhead === 0 ? cutoffClause(words) : deadlineHour(deadline, answer.place, words)
		const orderBy = fill(sameDate(deadline.date, answer.today) ? said.orderByTodayIn : said.orderByIn, {
			date: date(plan.deliverOn),
			place,
			cutoff,
			orderDay: date(deadline.date),
		})
		return { plan, orderable: true, deadline, sentences: [first, orderBy] }
	})
}
