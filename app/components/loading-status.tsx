/**
 * Placeholders shown while arrangements load: assistive technology hears one
 * line, and the shapes inside (always decorative) are hidden from it.
 */
export function LoadingStatus({ children }: { children: React.ReactNode }) {
	return (
		<div data-state="loading" role="status">
			<span className="sr-only">Loading arrangements…</span>
			<div aria-hidden="true">{children}</div>
		</div>
	)
}
