import type { Route } from './+types/terms'
import { LegalPage } from '#app/components/legal-page.tsx'
import { POLICY_DATE, TERMS_SECTIONS } from '#app/content/legal.ts'
import { pagePath } from '#app/domain/paths.ts'
import { contentPageMeta } from '#app/route-meta.ts'

// Served at /terms/ and /terms-of-service/; both name /terms/ as canonical.
export function meta({ matches }: Route.MetaArgs) {
	return contentPageMeta(matches, {
		path: pagePath('/terms'),
		title: 'Terms of Service',
		description: 'The terms for using this Arizona flower delivery directory, our affiliate relationship with partner florists, and how orders are handled.',
		crumb: 'Terms of Service',
	})
}

export default function Terms() {
	return <LegalPage title="Terms of Service" path={pagePath('/terms')} updated={POLICY_DATE} sections={TERMS_SECTIONS} />
}
