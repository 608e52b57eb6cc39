import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { ErrorBoundary } from '#app/root.tsx'
import type { Lang } from '#app/words/locale.ts'
import { uiMessages } from '#app/server/messages.server.ts'

type BoundaryProps = Parameters<typeof ErrorBoundary>[0]

/** The root's error boundary as a page in `lang` shows it, the root's data present (or not, when the root itself failed). */
function render(error: unknown, lang: Lang | null = 'en') {
	const props = { error, params: {}, loaderData: undefined, actionData: undefined, matches: [] } as unknown as BoundaryProps
	const Stub = createRoutesStub([
		{
			id: 'root',
			path: '/*',
			Component: () => <ErrorBoundary {...props} />,
			loader: () => (lang ? { lang, alternates: null, messages: uiMessages(lang) } : null),
		},
	])
	const root = lang ? { lang, alternates: null, messages: uiMessages(lang) } : null
	return renderToString(<Stub initialEntries={[lang === 'es' ? '/es/x/' : '/x/']} hydrationData={{ loaderData: { root } }} />)
}

test("an unexpected error shows 'Unexpected Application Error!' with its message", () => {
	const html = render(new Error('Database is locked'))
	expect(html).toContain('<h1')
	expect(html).toContain('Unexpected Application Error!')
	expect(html).toContain('Database is locked')
})

test('an error response shows its status', () => {
	const html = render({ status: 503, statusText: 'Service Unavailable', internal: false, data: null })
	expect(html).toContain('Unexpected Application Error!')
	expect(html).toContain('503 Service Unavailable')
})

test('a 404 shows the not-found page', () => {
	const html = render({ status: 404, statusText: 'Not Found', internal: false, data: null })
	expect(html).toContain('Oops! Page not found')
	expect(html).toContain('href="/"')
})

test('on a Spanish page the error and the 404 speak Spanish and lead to the Spanish home page', () => {
	const error = render(new Error('Database is locked'), 'es')
	expect(error).toContain('Ocurrió un error inesperado')
	expect(error).toContain('href="/es/"')
	expect(error).not.toContain('Unexpected')
	const notFound = render({ status: 404, statusText: 'Not Found', internal: false, data: null }, 'es')
	expect(notFound).toContain('no encontramos esta página')
	expect(notFound).toContain('href="/es/"')
	expect(notFound).toContain('href="/es/ciudades/"')
})

test('when the root itself failed, the error still shows, with the way home', () => {
	const html = render(new Error('Settings are missing'), null)
	expect(html).toContain('Settings are missing')
	expect(html).toContain('href="/"')
})
