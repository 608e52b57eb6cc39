import { z } from 'zod'
import type { Route } from './+types/calendar'
import { cacheControl } from '~/domain/cache-policy.ts'
import { arizonaNow, type CalendarDate } from '~/domain/delivery.ts'
import { pagePath } from '~/domain/paths.ts'
import { DATED_OCCASIONS, isDatedOccasion, nextBirthday, nextOccurrence, reminderCalendar } from '~/domain/reminders.ts'
import { absoluteUrl } from '~/domain/structured-data.ts'
import { json, parseQuery } from '~/server/api-response.server.ts'
import { getCity } from '~/server/catalog.server.ts'
import { getSettings } from '~/server/settings.server.ts'

const year = z.coerce.number().int().min(2000, 'must be a year from 2000').max(2100, 'must be a year up to 2100')
const occasionQuery = z.strictObject({ year: year.optional() })
const birthdayQuery = z.strictObject({
	date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'),
	city: z
		.string()
		.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a city slug such as phoenix')
		.max(64)
		.optional(),
	year: year.optional(),
})

function calendarFile(body: string, name: string, cache: string) {
	return new Response(body, {
		headers: {
			'Content-Type': 'text/calendar; charset=utf-8',
			'Content-Disposition': `attachment; filename="${name}"`,
			'Cache-Control': cache,
			'X-Content-Type-Options': 'nosniff',
		},
	})
}

/**
 * GET /calendar/{occasion}.ics: a reminder before Valentine's Day or Mother's
 * Day, next time it comes (or in `year`).
 * GET /calendar/birthday.ics?date=YYYY-MM-DD[&city=slug]: a yearly reminder
 * before a birthday the visitor picked, linking back to the city's page.
 * Nothing is stored: the file is made from the address alone.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
	const slug = /^([a-z-]+)\.ics$/.exec(params.file)?.[1] ?? ''
	const now = new Date()
	const { today } = arizonaNow(now)
	const { SITE_URL } = getSettings()
	const host = new URL(SITE_URL).host

	if (isDatedOccasion(slug)) {
		const query = parseQuery(request, occasionQuery)
		if ('error' in query) return query.error
		const occasion = DATED_OCCASIONS[slug]
		const day = query.data.year ? occasion.date(query.data.year) : nextOccurrence(occasion.date, today)
		const body = reminderCalendar({
			title: occasion.name,
			day,
			url: absoluteUrl(SITE_URL, pagePath('/categories/:slug', { slug })),
			uid: `${slug}-${day.year}@${host}`,
			now,
		})
		return calendarFile(body, `${slug}-reminder.ics`, query.data.year ? cacheControl.siteFile : cacheControl.privateFor(3600))
	}

	if (slug === 'birthday') {
		const query = parseQuery(request, birthdayQuery)
		if ('error' in query) return query.error
		const [, month = 0, day = 0] = query.data.date.split('-').map(Number)
		if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(2024, month, 0)).getUTCDate()) {
			return json({ error: 'Invalid query', problems: ['date: must be a real calendar date'] }, 400)
		}
		const city = query.data.city ? getCity(query.data.city) : undefined
		if (query.data.city && !city) return json({ error: `Unknown city "${query.data.city}"` }, 404)
		const from: CalendarDate = query.data.year ? { year: query.data.year, month: 1, day: 1 } : today
		const next = nextBirthday(month, day, from)
		const page = city ? pagePath('/cities/:slug', { slug: city.slug }) : pagePath('/categories/:slug', { slug: 'birthday-flowers' })
		const body = reminderCalendar({
			title: city ? `a birthday in ${city.name}` : 'a birthday',
			day: next,
			url: absoluteUrl(SITE_URL, page),
			yearly: true,
			uid: `birthday-${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}-${city?.slug ?? 'arizona'}@${host}`,
			now,
		})
		return calendarFile(body, 'birthday-reminder.ics', cacheControl.never)
	}

	return json(
		{ error: `No reminder for "${params.file}"; there are ${[...Object.keys(DATED_OCCASIONS), 'birthday'].map((name) => `${name}.ics`).join(', ')}` },
		404,
	)
}
