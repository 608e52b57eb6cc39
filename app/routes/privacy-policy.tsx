import type { Route } from './+types/privacy-policy'
import { LegalPage } from '#app/components/legal-page.tsx'
import { langOfPath } from '#app/words/locale.ts'
import { contentPageMeta } from '#app/route-meta.ts'
import { legalPageWords } from '#app/server/page-words.server.ts'

export function loader({ request }: Route.LoaderArgs) {
	return legalPageWords(langOfPath(new URL(request.url).pathname), 'privacy')
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
	if (!loaderData) return []
	return contentPageMeta(matches, loaderData)
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
	const { title, crumbs, updated, sections, note } = loaderData
	return <LegalPage title={title} crumbs={crumbs} updated={updated} sections={sections} note={note} />
}
