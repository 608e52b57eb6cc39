import type { Route } from './+types/privacy-policy'
import { LegalPage } from '#app/components/legal-page.tsx'
import { POLICY_DATE, PRIVACY_SECTIONS } from '#app/content/legal.ts'
import { pagePath } from '#app/domain/paths.ts'
import { contentPageMeta } from '#app/route-meta.ts'

export function meta({ matches }: Route.MetaArgs) {
	return contentPageMeta(matches, {
		path: pagePath('/privacy-policy'),
		title: 'Privacy Policy',
		description: 'How this Arizona flower delivery directory handles your information: no accounts, no tracking cookies, and orders placed with our partner.',
		crumb: 'Privacy Policy',
	})
}

export default function PrivacyPolicy() {
	return <LegalPage title="Privacy Policy" path={pagePath('/privacy-policy')} updated={POLICY_DATE} sections={PRIVACY_SECTIONS} />
}
