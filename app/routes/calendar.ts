import { z } from 'zod'
import type { Route } from './+types/calendar'
import { cacheControl } from '#app/domain/cache-policy.ts'
import type { CalendarDate } from '#app/domain/calendar-date.ts'
import { arizonaNow } from '#app/domain/delivery.ts'
import { localPath } from '#app/domain/paths.ts'
import { fill, LANGS, type Lang } from '#app/words/locale.ts'
import { delivery } from '#app/words/delivery-words.server.ts'
import { DATED_OCCASIONS, isDatedOccasion, monthDayOf, nextBirthday, nextOccasion, occasionDays, type DatedOccasion } from '#app/domain/reminders.ts'
import { absoluteUrl } from '#app/domain/structured-data.ts'
import { json, parseQuery } from '#app/server/api-response.server.ts'
import { getCity, occasionPath } from '#app/server/catalog-data.server.ts'
import { reminderCalendar } from '#app/server/reminder-calendar.server.ts'
import { settingsContext } from '#app/context.ts'

const year = z.coerce.number().int().min(2000, 'must be a year from 2000').max(2100, 'must be a year up to 2100')
// Parameters a file does not use (a campaign's utm_source, a share button's tag) are ignored: the link still opens its file.
const lang = z.enum(LANGS, 'must be en or es').optional()
const occasionQuery = z.object({ year: year.optional(), lang })
const birthdayQuery = z.object({
	date: z
		.string()
		.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
		.refine((text) => monthDayOf(text) !== undefined, 'must be a real calendar date'),
	city: z
		.string()
		.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a city slug such as phoenix')
		.max(64)
		.optional(),
	year: year.optional(),
	lang,
})

/** A reminder's words in the language of the page it was made from. */
function reminderWords(lang: Lang) {
	const words = delivery[lang]
	return { dates: words.dates, event: words.reminders.event, closed: words.check.closed, occasions: words.reminders.occasions }
}

/** What every reminder file needs: the moment it is made, Arizona's today, and the site's address. */
type FileContext = { now: Date; today: CalendarDate; hour: number; siteUrl: string }

function calendarFile(body: string, name: string, cache: string) {
	return new Response(body, {
		headers: {
			'Content-Type': 'text/calendar; charset=utf-8',
			'Content-Disposition': `attachment; filename="${name}"`,
			'Cache-Control': cache,
		},
	})
}

/** Valentine's Day or Mother's Day: the next to come whose reminder is still ahead, or the one in `year`. */
function occasionReminder(slug: DatedOccasion, request: Request, context: FileContext) {
	const query = parseQuery(request, occasionQuery)
	if ('error' in query) return query.error
	const occasion = DATED_OCCASIONS[slug]
	const words = reminderWords(query.data.lang ?? 'en')
	const days = query.data.year ? occasionDays(occasion.date(query.data.year)) : nextOccasion(occasion.date, context.today, context.hour)
	// One occasion in one year is one event: adding its file again updates it.
	const url = absoluteUrl(context.siteUrl, occasionPath(query.data.lang ?? 'en', slug))
	const body = reminderCalendar({ title: words.occasions[slug], ...days, url }, words, context.now)
	return calendarFile(body, `${slug}-reminder.ics`, query.data.year ? cacheControl.siteFile : cacheControl.privateFor(3600))
}

/** A birthday the visitor picked: yearly, from the first reminder still ahead (or in `year`), linking back to the city's page. */
function birthdayReminder(request: Request, context: FileContext) {
	const query = parseQuery(request, birthdayQuery)
	if ('error' in query) return query.error
	const { month, day } = monthDayOf(query.data.date) ?? { month: 1, day: 1 }
	const city = query.data.city ? getCity(query.data.city) : undefined
	if (query.data.city && !city) return json({ error: `Unknown city "${query.data.city}"` }, 404)
	const from = query.data.year ? { today: { year: query.data.year, month: 1, day: 1 }, hour: 0 } : context
	const lang = query.data.lang ?? 'en'
	const words = reminderWords(lang)
	const page = city ? localPath(lang, '/cities/:slug', { slug: city.slug }) : occasionPath(lang, 'birthday-flowers')
	// One birthday (its date and city) is one yearly event, whatever year its file starts in: adding it again updates it.
	const body = reminderCalendar(
		{
			title: city ? fill(words.event.birthdayIn, { place: city.name }) : words.event.birthday,
			day: nextBirthday(month, day, from.today, from.hour),
			url: absoluteUrl(context.siteUrl, page),
			yearly: true,
		},
		words,
		context.now,
	)
	return calendarFile(body, 'birthday-reminder.ics', cacheControl.never)
}

/**
 * GET /calendar/{occasion}.ics: a reminder before Valentine's Day or Mother's
 * Day. GET /calendar/birthday.ics?date=YYYY-MM-DD[&city=slug]: a yearly
 * reminder before a birthday the visitor picked. Nothing is stored: the file
 * is made from the address alone.
 */
export function loader({ params, request, context: requestContext }: Route.LoaderArgs) {
	const slug = /^([a-z-]+)\.ics$/.exec(params.file)?.[1] ?? ''
	const now = new Date()
	const { SITE_URL } = requestContext.get(settingsContext)
	const { today, hour } = arizonaNow(now)
	const context = { now, today, hour, siteUrl: SITE_URL }
	if (isDatedOccasion(slug)) return occasionReminder(slug, request, context)
	if (slug === 'birthday') return birthdayReminder(request, context)
	const files = [...Object.keys(DATED_OCCASIONS), 'birthday'].map((name) => `${name}.ics`).join(', ')
	return json({ error: `No reminder for "${params.file}"; there are ${files}` }, 404)
}
