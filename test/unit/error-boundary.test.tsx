import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { ErrorBoundary } from '#app/root.tsx'

type BoundaryProps = Parameters<typeof ErrorBoundary>[0]

function render(error: unknown) {
	const props = { error, params: {}, loaderData: undefined, actionData: undefined, matches: [] } as unknown as BoundaryProps
	return renderToString(<ErrorBoundary {...props} />)
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
