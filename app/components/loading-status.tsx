import { useMessages } from '#app/components/use-messages.ts'

/**
 * Placeholders shown while arrangements load: assistive technology hears one
 * line, and the shapes inside (always decorative) are hidden from it.
 */
export function LoadingStatus({ children }: { children: React.ReactNode }) {
	const words = useMessages().products
	return (
		<div data-state="loading" role="status">
			<span className="sr-only">{words.loading}</span>
			<div aria-hidden="true">{children}</div>
		</div>
	)
}
