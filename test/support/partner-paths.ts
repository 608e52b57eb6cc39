import { readFileSync } from 'node:fs'
import { arizonaNow } from '#app/domain/delivery.ts'
import { seasonalCode } from '#app/domain/partner-links.ts'

const categories = JSON.parse(readFileSync('data/categories.json', 'utf8')) as { slug: string; partnerCode: string; fallbackCode?: string }[]

/** A category's code today, its seasonal fallback applied (Valentine's Day is 'lr' outside its season). */
export function categoryCode(slug: string, now = new Date()): string {
	const category = categories.find((entry) => entry.slug === slug)
	if (!category) throw new Error(`No category ${slug}`)
	return seasonalCode(category.partnerCode, category.fallbackCode, arizonaNow(now).today)
}

/** The partner page the site fetches for a category today: main.cfm?cat={code}. */
export function categoryPagePath(slug: string): string {
	return `/main.cfm?cat=${categoryCode(slug)}`
}
